"""The Larkspur help-center passages, question, claims and hard cases from the faithfulness-testing lesson.

Shared test data: import it, do not copy it. Verdict strings are the lesson's (what a careful reader says).
"""

from __future__ import annotations

from faithkit.records import Passage

PASSAGE_TEXTS: dict[str, str] = {
    "plans": "The Team plan costs €12 per user per month and includes up to 10 users. "
             "Single sign-on (SSO) is available only on the Enterprise plan.",
    "billing": "Team plans are billed monthly and can be cancelled at any time, but the current "
               "month is not refunded. Annual Enterprise contracts can be refunded in full within "
               "14 days of signing; after that they are not refundable.",
    "storage": "Each user on the Team plan gets 50 GB of storage, pooled across the workspace.",
    "export": "Workspace owners can export all data as a ZIP file from Settings. "
              "Export links expire after 7 days.",
}
PASSAGES: tuple[Passage, ...] = tuple(Passage(pid, text) for pid, text in PASSAGE_TEXTS.items())

QUESTION = "We're moving our 8-person team to the Team plan. What will it cost, and what do we get?"

ANSWER = ("The Team plan costs €12 per user per month, so your 8 users would pay €96 a month. "
          "It includes up to 10 users and SSO. "
          "Each user gets 50 GB of storage, pooled across the workspace. "
          "You can cancel at any time and get the current month refunded.")

# The decomposed claims of Move 2 and the lesson's NLI verdicts (cross-encoder/nli-deberta-v3-base).
CLAIMS_NLI: dict[str, str] = {
    "The Team plan costs €12 per user per month.": "supported",
    "Eight users would pay €96 a month.": "not_supported",
    "The Team plan includes up to 10 users.": "supported",
    "The Team plan includes SSO.": "not_supported",
    "Each user gets 50 GB of storage.": "supported",
    "The storage is pooled across the workspace.": "supported",
    "You can cancel the Team plan at any time.": "supported",
    "You get the current month refunded when you cancel the Team plan.": "not_supported",
}

# (case, claim, what a careful reader says) — Move 4.
HARD_CASES: list[tuple[str, str, str]] = [
    ("paraphrase", "SSO requires the Enterprise plan.", "supported"),
    ("number in words", "Every Team user gets fifty gigabytes of storage.", "supported"),
    ("number swap", "The Team plan includes up to 12 users.", "contradicted"),
    ("negation flip", "SSO is available on the Team plan.", "contradicted"),
    ("added fact", "Exports are encrypted with AES-256.", "not in the sources"),
    ("dropped condition", "Annual Enterprise contracts can be refunded in full.", "misleading"),
    ("derived number", "A Team workspace with 8 users has 400 GB of pooled storage.", "supported (8 × 50)"),
    ("derived number, wrong", "A Team workspace with 8 users has 500 GB of pooled storage.", "contradicted"),
    ("needs two passages", "Team plan users pay €12 per month each and get 50 GB of storage each.", "supported"),
    ("two facts, one wrong", "The Team plan includes up to 10 users and SSO.", "partly contradicted"),
]

# The lesson's NLI verdicts on the hard cases (Move 4 table, nli-deberta-v3-base at 0.5).
HARD_CASES_NLI: dict[str, str] = {
    "SSO requires the Enterprise plan.": "supported",
    "Every Team user gets fifty gigabytes of storage.": "supported",
    "The Team plan includes up to 12 users.": "not_supported",
    "SSO is available on the Team plan.": "not_supported",
    "Exports are encrypted with AES-256.": "not_supported",
    "Annual Enterprise contracts can be refunded in full.": "supported",
    "A Team workspace with 8 users has 400 GB of pooled storage.": "not_supported",
    "A Team workspace with 8 users has 500 GB of pooled storage.": "not_supported",
    "Team plan users pay €12 per month each and get 50 GB of storage each.": "not_supported",
    "The Team plan includes up to 10 users and SSO.": "supported",
}
