"""Structural check of leaning_holdout.jsonl (python3 standard library only, self-contained: it imports nothing
from the project and no checker is involved). Adapted from shapes_holdout7's validate.py; instead of arithmetic
it checks the leaning pairs: the sentence pairs of each passage where a sentence leans on the one before it for its
time limit, amount or case, and, for every row, the pair its answer folds together (or, in an unsupported row,
gets wrong)."""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "leaning_holdout.jsonl")
PREFIX = "lh"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault", "citation"}
EXPECTS = {"faithful", "unsupported"}
SHAPES = {"plain", "copy", "paraphrase", "reorder", "hedged", "yes-no", "markdown", "citation", "combine", "multi"}
FAULTS = {"number", "unit", "temporal", "negation", "swap", "condition"}
TOTALS = {"faithful": 28, "unsupported": 20}
PER_DOMAIN = {"faithful": 7, "unsupported": 5}
FAULT_TOTALS = {"number": 4, "temporal": 4, "unit": 3, "negation": 3, "swap": 3, "condition": 3}
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 48, 4, 12
N_PASSAGES, N_SENTENCES = 3, 5
N_MISATTRIBUTED = 2
MIN_PAIRS_PER_PASSAGE = 2
# currencies (and domains) of the shapes_*, numbers_* and refusals_* sets that existed when this set was written
USED_CURRENCIES = {"AED", "AUD", "BRL", "CAD", "CHF", "CLP", "COP", "CZK", "DKK", "EUR", "GBP", "GEL", "HKD", "HUF",
                   "ILS", "INR", "ISK", "JPY", "KES", "KRW", "MAD", "MXN", "MYR", "NOK", "NZD", "PEN", "PHP", "PLN",
                   "RON", "SEK", "SGD", "THB", "TRY", "TWD", "USD", "VND", "ZAR"}
# the mark by which each currency appears in its passages
CURRENCY_MARK = {"IDR": "IDR", "UYU": "UYU", "RSD": "RSD", "NGN": "\u20a6"}
# citations in answers: [1] or [doc-id]
CITATION = re.compile(r"\[([^\]]+)\]")

# passage id -> leaning pairs: (fragment of the antecedent sentence, fragment of the sentence that leans on it).
# The leaning sentence must come right after the antecedent's sentence, or one sentence later (a gap of 2, where
# the exception leans on the rule stated two sentences up); at least MIN_PAIRS_PER_PASSAGE must be adjacent.
LEANING = {
    # shoe and bag repair (IDR)
    "repairs": [("takes 10 working days from drop-off", "During this period"),
                ("we send you a written quote", "If you don't approve it within 7 days")],
    "collection-storage": [("as soon as your repair is ready", "From then on, you have 30 days"),
                           ("you have 30 days to collect it free of charge", "After that, storage costs"),
                           ("within 6 months of the ready message", "Before that deadline")],
    "guarantee-claims": [("90-day guarantee from the date you collect it", "Within this period"),
                         ("90-day guarantee from the date you collect it", "Heel tips are the exception"),
                         ("bring the item back with your repair ticket", "If you no longer have the ticket")],
    # marina berths (UYU)
    "berths-rates": [("up to 12 metres long pay UYU 2,400", "Boats over that length"),
                     ("From December to February", "Outside that period")],
    "arrivals-departures": [("between 08:00 and 20:00", "Outside these hours"),
                            ("Check-out is at 12:00", "If you leave after that")],
    "bookings-cancellation": [("A deposit of one night's fee is due when you book", "If it isn't paid within 24 hours"),
                              ("up to 7 days before your arrival date", "After that, the deposit is kept")],
    # wedding and event venue (RSD)
    "booking-payments": [("confirmed once the reservation fee of RSD 60,000 is paid", "Until then"),
                         ("due 30 days before the event", "reached us by then")],
    "on-the-day": [("from 12:00 until midnight", "After that, each extra hour"),
                   ("can start setting up at 10:00", "Before then")],
    "changes-cancellation": [("another free date once, at no charge", "Any further change"),
                             ("If you cancel more than 6 months before the event", "Otherwise, we keep 50%")],
    # coffee bean subscription (NGN)
    "orders-delivery": [("roasts on Tuesdays and Fridays", "To make that day's roast"),
                        ("by 18:00 the evening before", "Later orders"),
                        ("Delivery within Lagos costs", "it is free")],
    "subscription": [("up to 48 hours before its roast day", "After that, the bag is already scheduled"),
                     ("we retry it once after 24 hours", "If that also fails")],
    "freshness-returns": [("stamped with its roast date", "within 4 weeks of that date"),
                          ("send us a photo within 3 days of delivery", "If you do so in time")],
}

# row id -> (passage id, index of its leaning pair, fragment of the answer that folds the pair together; in an
# unsupported row, the fragment that holds the wrong claim)
FOLDS = {
    "lh-001": ("collection-storage", 0, "you have 30 days to collect it for free"),
    "lh-002": ("collection-storage", 0, "you have 14 days to collect it"),
    "lh-003": ("collection-storage", 1, "**After 30 days:** storage costs"),
    "lh-004": ("repairs", 0, "during that time you can still switch"),
    "lh-005": ("guarantee-claims", 0, "counted from the day you drop the item off"),
    "lh-006": ("repairs", 1, "If you don't approve the written quote within 7 days"),
    "lh-007": ("repairs", 0, "can't be changed during the 10 working days"),
    "lh-008": ("guarantee-claims", 1, "only guaranteed for 30 days from the date you collect them"),
    "lh-009": ("collection-storage", 1, "IDR 10,000 per item per day"),
    "lh-010": ("guarantee-claims", 0, "after you collect the shoes, any fault in the work is fixed free of charge"),
    "lh-011": ("guarantee-claims", 1, "heel tips come with the 90-day guarantee"),
    "lh-012": ("guarantee-claims", 2, "without the ticket the shop will look up your repair"),
    "lh-013": ("berths-rates", 0, "only to boats over 12 metres long"),
    "lh-014": ("berths-rates", 0, "the UYU 2,400 rate is for boats over 12 metres"),
    "lh-015": ("arrivals-departures", 0, "tie up at the fuel dock when you arrive"),
    "lh-016": ("bookings-cancellation", 0, "**Not paid within 24 hours:** the booking is cancelled automatically"),
    "lh-017": ("bookings-cancellation", 1, "until 3 days before you arrive"),
    "lh-018": ("bookings-cancellation", 1, "later than 7 days before your arrival date means the deposit is kept"),
    "lh-019": ("bookings-cancellation", 0, "within 24 hours of your arrival"),
    "lh-020": ("arrivals-departures", 1, "If you leave later than 12:00, an extra night is charged"),
    "lh-021": ("berths-rates", 1, "booked at least 48 hours ahead"),
    "lh-022": ("bookings-cancellation", 0, "24 hours after booking online to pay the one-night deposit"),
    "lh-023": ("arrivals-departures", 1, "leaving later than that doesn't add an extra night"),
    "lh-024": ("berths-rates", 1, "outside December to February you can simply call the harbour office"),
    "lh-025": ("booking-payments", 0, "until it's paid, your date is held for up to 5 days"),
    "lh-026": ("changes-cancellation", 1, "the venue keeps 50% of the total price"),
    "lh-027": ("on-the-day", 1, "Before 10:00 the hall is being cleaned"),
    "lh-028": ("on-the-day", 0, "after midnight you can add extra hours at RSD 15,000 each"),
    "lh-029": ("booking-payments", 0, "holds your date for up to 5 weeks"),
    "lh-030": ("changes-cancellation", 1, "If you cancel 6 months or less before it, the venue keeps 50%"),
    "lh-031": ("booking-payments", 1, "due 30 days after you book"),
    "lh-032": ("changes-cancellation", 0, "every change after that first one costs RSD 20,000"),
    "lh-033": ("on-the-day", 0, "**Included:** 12:00 to 23:00"),
    "lh-034": ("booking-payments", 1, "due 30 days before the event, or the venue may release your date"),
    "lh-035": ("changes-cancellation", 0, "as many times as you need"),
    "lh-036": ("booking-payments", 0, "until then the venue holds your date for up to 5 days"),
    "lh-037": ("orders-delivery", 1, "so yours goes into the following roast on Friday"),
    "lh-038": ("orders-delivery", 2, "while smaller orders are delivered free"),
    "lh-039": ("orders-delivery", 2, "**Orders above \u20a640,000:** free"),
    "lh-040": ("freshness-returns", 0, "within 4 weeks of the roast date stamped on the bag"),
    "lh-041": ("subscription", 0, "but it won't be charged to your card"),
    "lh-042": ("freshness-returns", 1, "If you report it in that time, you'll get a free replacement"),
    "lh-043": ("freshness-returns", 0, "brew within **4 months** of that date"),
    "lh-044": ("subscription", 0, "past that point the bag is already scheduled and you'll be charged for it"),
    "lh-045": ("orders-delivery", 1, "by 20:00 on Thursday"),
    "lh-046": ("subscription", 1, "If that retry fails too, your subscription is paused"),
    "lh-047": ("freshness-returns", 1, "within 3 days of the roast date"),
    "lh-048": ("freshness-returns", 0, "best brewed within 4 weeks of the roast date"),
}


class Problems:
    """Problems found so far; check(cond, *msg) records one when cond is false."""

    def __init__(self):
        self.errors = []

    def check(self, cond, *msg):
        if not cond:
            self.errors.append(" ".join(str(m) for m in msg))
        return cond

    def report(self):
        if self.errors:
            print("\n".join(self.errors))
            print(len(self.errors), "problem(s)")
        return not self.errors


def read_rows(path, problems):
    """(line number, JSON object) for each line; an empty, invalid or non-object line is a problem with its number."""
    rows = []
    with open(path, encoding="utf-8") as handle:
        for n, line in enumerate(handle, 1):
            if not line.strip():
                problems.check(False, "line", n, "is empty")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.check(False, "line", n, "is not valid JSON:", exc)
                continue
            if problems.check(isinstance(row, dict), "line", n, "is not a JSON object"):
                rows.append((n, row))
    return rows


def split_sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def where(sents, fragment):
    """Index of the only sentence holding fragment, or None."""
    hits = [i for i, s in enumerate(sents) if fragment in s]
    return hits[0] if len(hits) == 1 else None


def check_contexts(n, row, problems, domain_contexts):
    """N_PASSAGES contexts of exactly {id, text}, each of exactly N_SENTENCES sentences, ids distinct, the same
    passages as the domain's other rows. Returns the context ids."""
    rid, ctx = row.get("id"), row.get("contexts")
    if not problems.check(isinstance(ctx, list) and len(ctx) == N_PASSAGES, "line", n, rid, "needs", N_PASSAGES,
                          "contexts"):
        return []
    for c in ctx:
        ok = isinstance(c, dict) and set(c) == {"id", "text"}
        if not problems.check(ok, "line", n, rid, "each context needs exactly the keys id and text"):
            continue
        problems.check(isinstance(c["id"], str) and c["id"].strip(), "line", n, rid, "context id must be a string")
        if problems.check(isinstance(c["text"], str) and c["text"].strip(), "line", n, rid, c["id"], "empty text"):
            problems.check(len(split_sentences(c["text"])) == N_SENTENCES, "line", n, rid, c["id"], "passage needs",
                           N_SENTENCES, "sentences, has", len(split_sentences(c["text"])))
            problems.check(len(re.findall(r"[.!?](?=\s|$)", c["text"].strip())) == N_SENTENCES, "line", n, rid,
                           c["id"], "sentence ends do not count", N_SENTENCES)
    cids = [c.get("id") for c in ctx if isinstance(c, dict)]
    problems.check(len(cids) == len(set(cids)), "line", n, rid, "duplicate context ids")
    key = json.dumps(ctx, sort_keys=True)
    problems.check(domain_contexts.setdefault(row.get("domain"), key) == key, "line", n, rid,
                   "contexts differ within domain", row.get("domain"))
    return cids


def check_leaning(domain_contexts, problems):
    """Every passage has its LEANING pairs, each antecedent in an earlier sentence than its leaning fragment, at
    least MIN_PAIRS_PER_PASSAGE of them adjacent; no passage text or id in two domains."""
    texts, seen_ids = {}, {}
    for domain, key in domain_contexts.items():
        for c in json.loads(key):
            if not (isinstance(c, dict) and isinstance(c.get("text"), str)):
                continue
            pid = c.get("id")
            problems.check(c["text"] not in texts, "passage", pid, "of", domain, "repeats one of", texts.get(c["text"]))
            problems.check(pid not in seen_ids, "passage id", pid, "used in", domain, "and", seen_ids.get(pid))
            texts[c["text"]], seen_ids[pid] = domain, domain
            if not problems.check(pid in LEANING, "passage", pid, "has no LEANING entry"):
                continue
            sents = split_sentences(c["text"])
            adjacent = 0
            for ante, lean in LEANING[pid]:
                i, j = where(sents, ante), where(sents, lean)
                ok = i is not None and j is not None and 1 <= j - i <= 2
                problems.check(ok, "passage", pid, "pair", repr(ante), "->", repr(lean), "not found in order")
                adjacent += bool(ok and j - i == 1)
            problems.check(adjacent >= MIN_PAIRS_PER_PASSAGE, "passage", pid, "has", adjacent,
                           "adjacent leaning pairs, needs", MIN_PAIRS_PER_PASSAGE)
    problems.check(set(seen_ids) == set(LEANING), "LEANING names passages not in the data:",
                   sorted(set(LEANING) - set(seen_ids)))


def check_row(n, r, problems, domain_contexts):
    check = problems.check
    rid = r.get("id")
    keys = set(r)
    check(keys >= REQUIRED, "line", n, rid, "missing keys", REQUIRED - keys)
    check(keys <= ALLOWED, "line", n, rid, "unknown keys", keys - ALLOWED)
    if not keys >= REQUIRED:
        return
    check(isinstance(rid, str) and re.fullmatch(PREFIX + r"-\d{3}", rid), "line", n, rid, "id must look like",
          PREFIX + "-NNN")
    for k in ("domain", "question", "answer"):
        check(isinstance(r[k], str) and r[k].strip(), "line", n, rid, k, "must be a non-empty string")
    if not all(isinstance(r[k], str) for k in ("domain", "question", "answer")):
        return
    check(r["expect"] in EXPECTS, "line", n, rid, "bad expect", r["expect"])
    check(r["shape"] in SHAPES, "line", n, rid, "bad shape", r["shape"])
    check((r["expect"] == "unsupported") == ("fault" in r), "line", n, rid,
          "fault must be present exactly on unsupported rows")
    check("fault" not in r or r["fault"] in FAULTS, "line", n, rid, "bad fault", r.get("fault"))
    check(r.get("citation") in (None, "misattributed"), "line", n, rid, "bad citation value", r.get("citation"))
    check(r.get("citation") is None or (r["expect"] == "faithful" and r["shape"] == "citation"), "line", n, rid,
          "misattributed citation only on faithful citation rows")
    check(len(split_sentences(r["answer"])) <= 4 or "\n" in r["answer"], "line", n, rid,
          "answer longer than 4 sentences")
    cids = check_contexts(n, r, problems, domain_contexts)
    refs = [ref.strip() for ref in CITATION.findall(r["answer"])]
    cited = set()
    for ref in refs:
        if ref in cids:
            cited.add(ref)
        elif ref.isdigit() and 1 <= int(ref) <= len(cids):
            cited.add(cids[int(ref) - 1])
        else:
            check(False, "line", n, rid, "citation", repr(ref), "points to no passage")
    check(r["shape"] != "citation" or refs, "line", n, rid, "citation row without citations")
    fold = FOLDS.get(rid)
    if not check(fold is not None, "line", n, rid, "has no FOLDS entry"):
        return
    pid, k, fragment = fold
    check(pid in cids, "line", n, rid, "FOLDS passage", pid, "is not among its contexts")
    check(pid in LEANING and k < len(LEANING[pid]), "line", n, rid, "FOLDS pair", pid, k, "does not exist")
    check(fragment in r["answer"], "line", n, rid, "answer lacks its FOLDS fragment", repr(fragment))
    if cited:
        if r.get("citation") == "misattributed":
            check(pid not in cited, "line", n, rid, "marked misattributed but cites the passage that holds the fact")
        else:
            check(cited == {pid}, "line", n, rid, "cites", sorted(cited), "but the fact is in", pid)


def check_counts(rows, problems):
    check = problems.check
    ids = [r.get("id") for r in rows]
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    check(len(ids) == len(set(ids)), "duplicate ids:", sorted(i for i, c in Counter(ids).items() if c > 1))
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)],
          f"ids must run {PREFIX}-001, {PREFIX}-002, ... in order")
    check(set(FOLDS) <= set(ids), "FOLDS names rows not in the data:", sorted(set(FOLDS) - set(ids)))
    exp_total = Counter(r.get("expect") for r in rows)
    check(dict(exp_total) == TOTALS, "expect totals", dict(exp_total), "should be", TOTALS)
    faults = Counter(r.get("fault") for r in rows if "fault" in r)
    check(dict(faults) == FAULT_TOTALS, "fault totals", dict(faults), "should be", FAULT_TOTALS)
    domains = Counter(r.get("domain") for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        per = Counter(r.get("expect") for r in rows if r.get("domain") == dom)
        for exp, want in PER_DOMAIN.items():
            check(per.get(exp, 0) == want, dom, exp, per.get(exp, 0), "expected", want)
    currencies = []
    for dom in domains:
        m = re.search(r"\(([A-Z]{3})\)$", dom) if isinstance(dom, str) else None
        if not check(m, "domain", repr(dom), "must end with its currency code, like (IDR)"):
            continue
        cur = m.group(1)
        currencies.append(cur)
        check(cur not in USED_CURRENCIES, "currency", cur, "is already used by an existing set")
        mark = CURRENCY_MARK.get(cur)
        ctx = next(r.get("contexts") for r in rows if r.get("domain") == dom)
        text = " ".join(c.get("text", "") for c in ctx if isinstance(c, dict)) if isinstance(ctx, list) else ""
        check(mark and mark in text, "domain", dom, "passages never show its currency")
    check(len(currencies) == len(set(currencies)), "currencies repeat:", sorted(currencies))
    n_mis = sum(1 for r in rows if r.get("citation"))
    check(n_mis == N_MISATTRIBUTED, "expected", N_MISATTRIBUTED, "misattributed citation rows, found", n_mis)


def main(path=DATA):
    problems = Problems()
    numbered = read_rows(path, problems)
    rows = [r for _, r in numbered]
    domain_contexts = {}
    for n, r in numbered:
        check_row(n, r, problems, domain_contexts)
    check_leaning(domain_contexts, problems)
    check_counts(rows, problems)
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] + ("/misattributed" if r.get("citation") else "")
                                   for r in rows).items()))
    print("shape x expect", sorted(Counter((r["shape"], r["expect"]) for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    print("domain x expect", sorted(Counter((r["domain"], r["expect"]) for r in rows).items()))
    print("leaning pairs", sum(len(v) for v in LEANING.values()), "in", len(LEANING), "passages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else DATA))
