"""An answer read as the markdown its user sees: blocks of plain text, each mapped back to the original characters.

Why: assistants answer in markdown. Read as raw text, ``**Late fees:**`` was a claim of its own (and failed),
a bullet list ran its items into one sentence, and ``**10% off**`` reached the model with its asterisks. Here a
real CommonMark parser (markdown-it-py) finds the blocks (paragraphs, list items, headings, quotes, table cells);
emphasis, inline code and link syntax are dropped, keeping only the text a reader sees; code blocks and raw HTML
carry no claim and are skipped.

Every block is a ``Plain``: its readable text and, for each character, the offset of the original character it
came from, so a claim cut from it keeps an exact ``span`` into the answer.

Label lines. Lines one newline apart each opening with a bold label ("**Cars:** $11/hour\n**Vans:** $15/hour")
are shown one under the other by a chat window, while CommonMark joins them into one paragraph: each is a block of
its own (``_label_lines``).

Lead-ins. A heading, or a paragraph ending in ``:`` right before a list ("Here's the pricing:",
"**Lockers (Resident plan):**"), introduces the items under it. It is ``lead_in``: the claims layer checks it only
if it holds a fact of its own (a number the question does not give: "Here's the breakdown for 4 days from Monday:"
repeats the user's "4-day rental, starting Monday"), and gives each item under it the lead-in's subject as context.
Only a paragraph's last sentence leads in: "Not mentioned in the help center. The camp package includes:" is a
sentence to check and a lead-in (``_last_sentence_leads``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

_SKIPPED_BLOCKS = frozenset({"fence", "code_block", "html_block", "hr"})
_TEXT_TOKENS = frozenset({"text", "code_inline"})
_BREAK_TOKENS = frozenset({"softbreak", "hardbreak"})


# marks that say "not": a line opened with one states the opposite of its words ("❌ Downloads"), so it is kept
_NEGATING_MARKS = frozenset("\u274c\u2716\u2717\u2718\u26d4\U0001f6ab\u2715")


def is_pictograph(ch: str) -> bool:
    """A pictograph or symbol an assistant sets before or after a line as decoration ("✅", "👉", "💡", "⚠️",
    "📌", "🙂"), with the joiners and variation selectors of emoji sequences; never a negating mark."""
    if ch in "\u200d\ufe0f\ufe0e" or unicodedata.category(ch) == "Sk" and ord(ch) >= 0x1F3FB:
        return True
    return unicodedata.category(ch) == "So" and ord(ch) >= 0x2190 and ch not in _NEGATING_MARKS


def without_pictographs(text: str) -> str:
    """``text`` without decorative pictographs before and after it: with one in front, 27 of 40 faithful
    help-center claims stayed supported (the model reads an unknown token); the words are the claim."""
    start, end = 0, len(text)
    while start < end and (is_pictograph(text[start]) or text[start].isspace()):
        start += 1
    while end > start and (is_pictograph(text[end - 1]) or text[end - 1].isspace()):
        end -= 1
    return text[start:end] if any(ch.isalnum() for ch in text[start:end]) else text


@dataclass
class Plain:
    """Readable text of one block and, per character, the offset in the answer it came from.

    kind: paragraph / item / heading / cell.
    lead_in: a heading or a ``...:`` paragraph that opens a list (module docstring).
    under: the lead-in this block sits under (a list item's heading or ``...:`` line; a table cell's row and column
        names), or None.
    label: a table's header cell or a row's first cell: what its row's or column's cells are about, never a claim.
    """

    text: str = ""
    offsets: list[int] = field(default_factory=list)
    kind: str = "paragraph"
    lead_in: bool = False
    under: Plain | None = None
    label: bool = False

    def add(self, text: str, start: int | None) -> None:
        """Append ``text`` found at ``start`` in the answer (None: inserted, mapped to the previous character)."""
        for i, ch in enumerate(text):
            self.offsets.append(start + i if start is not None else (self.offsets[-1] if self.offsets else 0))
            self.text += ch

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The answer span of ``text[start:end]`` (end exclusive)."""
        if end <= start:
            at = self.offsets[min(start, len(self.offsets) - 1)] if self.offsets else 0
            return at, at
        return self.offsets[start], self.offsets[end - 1] + 1


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for match in re.finditer("\n", text):
        starts.append(match.end())
    return starts


def _parser():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


@lru_cache(maxsize=4096)
def _blocks_memo(answer: str) -> tuple[Plain, ...]:
    return tuple(_read(answer))


def markdown_blocks(answer: str) -> list[Plain]:
    """The answer's readable blocks in order (module docstring). Memoized: an answer is read for refusals and
    for claims."""
    return list(_blocks_memo(answer))


def _read(answer: str) -> list[Plain]:
    tokens = _parser().parse(answer)
    lines = _line_starts(answer)
    blocks: list[Plain] = []
    kinds: list[str] = []  # open containers: bullet_list / ordered_list / list_item / blockquote / heading / cell
    skip_depth = 0
    header: list[Plain | None] = []  # the table's header row, by column
    row: list[Plain | None] = []  # the cells of the table row being read, by column (None: empty)
    for index, token in enumerate(tokens):
        if token.type in _SKIPPED_BLOCKS:
            continue
        if token.type == "tr_open":
            row = []
        elif token.type in ("th_open", "td_open"):
            row.append(None)
        elif token.type == "tr_close":
            header = row if "thead" in kinds else header
            _name_cells(row, header if "thead" not in kinds else None)
        if token.type.endswith("_open"):
            kinds.append(token.type[:-5])
            continue
        if token.type.endswith("_close"):
            if kinds:
                kinds.pop()
            continue
        if token.type != "inline" or skip_depth:
            continue
        kind = ("heading" if "heading" in kinds else "cell" if {"td", "th"} & set(kinds)
                else "item" if "list_item" in kinds else "paragraph")
        cursor = lines[token.map[0]] if token.map else 0
        chunks = _label_lines(token.children or [])
        for n, children in enumerate(chunks):
            block, cursor = _inline_plain(children, answer, cursor)
            block.kind = kind
            if block.text.strip():
                block.lead_in = kind == "heading" or (
                    kind == "paragraph" and (block.text.rstrip().endswith(":") or _all_strong(children))
                    and n == len(chunks) - 1 and _list_follows(tokens, index))
                if block.lead_in and kind == "paragraph":
                    said, block = _last_sentence_leads(block)
                    blocks += said
                blocks.append(block)
                if kind == "cell" and row:
                    row[-1] = block
    _attach_lead_ins(blocks)
    return blocks


def _name_cells(row: list[Plain | None], header: list[Plain | None] | None) -> None:
    """A table read as its reader reads it: a header cell (``header`` None: the row is the header) and a row's
    first cell name the cells of their column and row and state nothing themselves; every other cell is a claim
    about both names: "Overhaul: Price: €180" for the €180 under "Overhaul" in the "Price" row. The row names the
    thing when the header's first cell names the first column ("| Plan | Price |": "Basic: Price: $5"), the column
    does when that corner is empty (a comparison of the things the header names). Why: read cell by cell, "€95",
    "Price" and "not replaced" were claims of their own, checked without the names that say what they are."""
    if header is None:
        for cell in row:
            if cell is not None:
                cell.label = True
        return
    if len(row) < 2:
        return
    corner = header[0].text.strip() if header and header[0] is not None else ""
    first = row[0].text.strip() if row[0] is not None else ""
    if row[0] is not None:
        row[0].label = True
    for column, cell in enumerate(row[1:], start=1):
        if cell is None:
            continue
        named = header[column].text.strip() if column < len(header) and header[column] is not None else ""
        names = [first, named] if corner else [named, first]
        cell.under = Plain()
        cell.under.add(": ".join(n for n in names if n), None)


def _label_lines(children: list) -> list[list]:
    """An inline token's children cut before each line that opens with a bold label ("**Vans:** $15/hour"): lines
    a chat window shows one under the other, which CommonMark joins into one paragraph when only a single newline
    parts them. Read joined, "Cars: $11/hour ... Vans: $15/hour" was one claim the model could not entail (0.05),
    while each line alone was supported. Other line breaks stay inside their paragraph (wrapped prose)."""
    out: list[list] = [[]]
    for i, child in enumerate(children):
        if child.type in _BREAK_TOKENS and out[-1] and _opens_with_label(children[i + 1:]):
            out.append([])
            continue
        out[-1].append(child)
    return out


def _opens_with_label(children: list) -> bool:
    """Whether inline children open with bold text that ends in a colon, or is followed by one ("**Vans:**",
    "**Vans**:"), after any pictograph ("✅ **Included:**")."""
    children = [c for c in children if not (c.type == "text" and all(  # "", "✅ ", "❌ "
        ch.isspace() or unicodedata.category(ch) in ("So", "Sk", "Mn", "Cf") for ch in c.content))]
    if len(children) < 3 or children[0].type != "strong_open":
        return False
    close = next((i for i, c in enumerate(children) if c.type == "strong_close"), None)
    if close is None:
        return False
    inside = "".join(c.content for c in children[1:close] if c.type in _TEXT_TOKENS).strip()
    after = children[close + 1] if close + 1 < len(children) else None
    return bool(inside) and (inside.endswith(":") or after is not None and after.type == "text"
                             and after.content.startswith(":"))


def _all_strong(children: list) -> bool:
    """Whether an inline token's children are bold text and nothing else ("**Maple Smile Plan**" on a line of its
    own above a list): a title in the form assistants write it, read as a heading (session 16)."""
    children = [c for c in children if not (c.type == "text" and not c.content.strip())]
    return (len(children) >= 3 and children[0].type == "strong_open" and children[-1].type == "strong_close"
            and not any(c.type in ("strong_open", "strong_close") for c in children[1:-1]))


def _list_follows(tokens, index: int) -> bool:
    """Whether the paragraph whose inline token is ``tokens[index]`` is followed by a list."""
    for token in tokens[index + 1:]:
        if token.type == "paragraph_close":
            continue
        return token.type in ("bullet_list_open", "ordered_list_open")
    return False


def _last_sentence_leads(block: Plain) -> tuple[list[Plain], Plain]:
    """A lead-in paragraph of several sentences as (the sentences before its last, each a paragraph of its own; the
    last sentence, the lead-in): in "Not mentioned in the help center. The camp package includes:" only the second
    sentence opens the list. Read whole, the first was taken for context and never checked, and the whole paragraph
    was put in front of every item as its subject (session 33)."""
    from faithkit.text.sentences import split_sentences

    sentences = [s for s in split_sentences(block.text) if s.text.strip()]
    if len(sentences) < 2:
        return [], block
    cut = sentences[-1].start
    said = [_slice(block, s.start, s.end, "paragraph") for s in sentences[:-1]]
    lead = _slice(block, cut, len(block.text), "paragraph")
    lead.lead_in = True
    return said, lead


def _slice(block: Plain, start: int, end: int, kind: str) -> Plain:
    """``block.text[start:end]`` as a block of its own, every character still mapped into the answer."""
    part = Plain(kind=kind)
    part.text, part.offsets = block.text[start:end], block.offsets[start:end]
    return part


def _attach_lead_ins(blocks: list[Plain]) -> None:
    """Each list item under the nearest lead-in before it (a heading stays in force until the next heading; a
    ``...:`` lead-in only for the list right after it)."""
    current: Plain | None = None
    for block in blocks:
        if block.lead_in:
            current = block
        elif block.kind == "item":
            block.under = current
        elif block.kind == "paragraph" and current is not None and current.kind != "heading":
            current = None


def _inline_plain(children: list, answer: str, start: int) -> tuple[Plain, int]:
    """The readable text of inline children, each character mapped into ``answer`` by finding the text pieces in
    order from ``start`` (a piece not found verbatim, e.g. an entity, maps to its neighbour); and where in
    ``answer`` the reading stopped."""
    block = Plain()
    cursor = start
    for child in children:
        if child.type in _BREAK_TOKENS:
            newline = answer.find("\n", cursor)
            block.add(" ", newline if newline >= 0 else None)
            if newline >= 0:
                cursor = newline + 1
            continue
        if child.type == "image":
            continue
        if child.type not in _TEXT_TOKENS or not child.content:
            continue
        found = answer.find(child.content, cursor)
        if found < 0:
            block.add(child.content, None)
            continue
        block.add(child.content, found)
        cursor = found + len(child.content)
    return block, cursor
