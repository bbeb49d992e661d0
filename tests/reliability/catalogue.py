"""The bad-input catalogue: raw log lines a hostile or broken producer writes, each with what the run must say.

Each case is (name, raw bytes of one line, a phrase the line's ``error`` reason must contain, or None when the
line is valid and must be checked). The tests put every case between good lines and assert that every line is
accounted for, in order, with its line number, and that nothing crashes.
"""

from __future__ import annotations

GOOD = b'{"id": "good-%d", "contexts": ["Refunds are available within 30 days."], "answer": "Refunds take 30 days."}'

CASES: list[tuple[str, bytes, str | None]] = [
    ("lone surrogate in id", b'{"id": "a\\udc00", "contexts": ["c"], "answer": "A."}', "lone surrogate"),
    ("lone surrogate in answer", b'{"id": "s2", "contexts": ["c"], "answer": "A\\udc00."}', "answer"),
    (
        "lone surrogate in passage text",
        b'{"id": "s3", "contexts": [{"id": "p", "text": "x\\ud800"}], "answer": "A."}',
        "contexts[0].text",
    ),
    (
        "lone surrogate in passage id",
        b'{"id": "s4", "contexts": [{"id": "\\udfff", "text": "t"}], "answer": "A."}',
        "contexts[0].id",
    ),
    (
        "lone surrogate in reference",
        b'{"id": "s5", "contexts": ["c"], "answer": "A.", "reference": "\\udc00"}',
        "reference",
    ),
    ("lone surrogate in a key", b'{"id": "s6", "contexts": ["c"], "answer": "A.", "\\udc00": 1}', "<key>"),
    ("deep nesting", b"[" * 100_000, "nested too deeply"),
    (
        "deep nesting in a field",
        b'{"id": "n2", "contexts": ["c"], "answer": "A.", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "nested too deeply",
    ),
    ("5000-digit integer id", b'{"id": ' + b"9" * 5000 + b', "contexts": ["c"], "answer": "A."}', "invalid JSON"),
    ("5000-digit float", b'{"id": "f", "contexts": ["c"], "answer": "A.", "x": 1e' + b"9" * 5000 + b"}", None),
    ("invalid UTF-8", b'{"id": "u", "contexts": ["c"], "answer": "\xff"}', "not valid UTF-8"),
    ("NUL byte", b'{"id": "nul", "contexts": ["c"], "answer": "A\x00."}', "invalid JSON"),
    ("escaped NUL", b'{"id": "nul2", "contexts": ["c"], "answer": "A\\u0000 is fine."}', None),
    ("truncated JSON", b'{"id": "t", "contexts": ["c"], "answ', "invalid JSON"),
    ("not an object", b"[1, 2, 3]", "expected a JSON object"),
    ("id is an object", b'{"id": {"a": 1}, "contexts": ["c"], "answer": "A."}', "`id`"),
    ("contexts is a number", b'{"id": "c1", "contexts": 5, "answer": "A."}', "contexts"),
    ("answer is a list", b'{"id": "a1", "contexts": ["c"], "answer": ["A."]}', "`answer`"),
    ("NaN literal", b'{"id": "nan", "contexts": ["c"], "answer": "A.", "score": NaN}', None),
    ("RTL and combining marks", '{"id": "rtl", "contexts": ["c"], "answer": "\u202eA\u0301."}'.encode(), None),
    ("BOM", b'\xef\xbb\xbf{"id": "bom", "contexts": ["c"], "answer": "A."}', None),
    ("CRLF", b'{"id": "crlf", "contexts": ["c"], "answer": "A."}\r', None),
    ("huge line", b'{"id": "big", "contexts": ["' + b"x" * 3_000_000 + b'"], "answer": "A."}', "over the limit"),
    ("id with markup", b'{"id": "</passage><passage id=\\"x\\">", "contexts": ["c"], "answer": "A."}', None),
]
