"""Abbreviation definitions, Schwartz-Hearst style, in both directions.

"Hierarchical Reasoning Model (HRM)" and "OpenHA (Open Hierarchical Agents)" each give one (long, short) pair,
so the short and long form become one entity. Unlike scispacy's detector this keeps short forms with
lower-case letters and plurals ("SE-RRMs", "CoA") and rejects list markers such as "(1)" or "(iv)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PAREN = re.compile(r"\(([^()]{1,80})\)")
#: "we introduce FooKit: a Foo Interactive Toolkit for ...": a name, a colon, an article (without one, as in "SD-Foo:
#: Semantic Decomposition for Foo ...", the words after the colon are as often the subject as the name's spelling,
#: unless the name does not open its sentence: "we introduce FooKit: Foo Interactive Toolkit, ...").
_COLON_APPOSITION = re.compile(r"(?<![\w-])([^\W_][\w-]*):[ \t]+(?:(an?|the|An?|The)[ \t]+|(?=[A-Z]))")
_CLAUSE_MARK = re.compile(r"[,;]")
_WORD_TEXT = re.compile(r"[^\W\d_][\w'-]*")
#: Words a list of capitalised words may hold: "Memory, Attention, and Control".
_LIST_GLUE = frozenset({"and", "or", "of", "the", "for", "in", "on", "to", "with", "a", "an"})
#: A word, without the double or opening quotes around it ("the “foo bar net (FBNet)”").
_WORD = re.compile(r"[^\s()“”\"‘]+")
#: Lower-case words no long form opens with, though their letter may match: "to devise an efficient temporal module
#: (TDM)" is no spelling of TDM.
_NO_OPENERS = _LIST_GLUE | {"by", "from", "at", "as", "is", "are", "that", "which"}
_ROMAN = re.compile(r"^(?:[ivx]+|[IVX]+|[a-zA-Z]|\d+)$")
_SUBWORD = re.compile(r"[^\s\-–—/]+")
#: A letter before a 3 or 4 ("A3C", "OEB3"); a 2 is as often "to" ("I2I", "E2E") as two words.
_REPEATED_LETTER = re.compile(r"([a-z])([34])(?![0-9])")
#: What an X opening a short form often stands for: "XNLI", "XQuAD".
_CROSS = "cross"


@dataclass(frozen=True)
class Abbreviation:
    """Character offsets (into the text searched) of a long form and its short form."""

    long_start: int
    long_end: int
    short_start: int
    short_end: int


def _is_short_form(candidate: str) -> bool:
    if not 2 <= len(candidate) <= 12 or _ROMAN.match(candidate):
        return False
    if " " in candidate.strip() or not candidate[0].isalnum():
        return False
    return sum(ch.isupper() for ch in candidate) >= 1 and any(ch.isalpha() for ch in candidate)


def _letters(short: str) -> str:
    """The characters of a short form that must appear in its long form; a plural `s` does not."""
    core = short[:-1] if short.endswith("s") and short[:-1].isupper() is False and short[-2:-1].isupper() else short
    return "".join(ch.lower() for ch in core if ch.isalnum())


def _match_initials(letters: str, candidates: list[re.Match[str]]) -> int | None:
    """Start of the shortest run of trailing words whose initials (hyphen parts too) spell `letters`.

    Tried before plain Schwartz-Hearst, which takes "memoization" alone for "Mindful memoization (MM)".
    """
    for count in range(1, len(candidates) + 1):
        run = candidates[-count:]
        initials = "".join(part[0].lower() for word in run for part in _SUBWORD.findall(word.group(0)))
        if initials == letters:
            return run[0].start()
    return None


def _match_long(short: str, words: list[re.Match[str]], text: str) -> int | None:
    """Start offset of the run of trailing `words` that spells `short`, or None; a letter before a small
    number stands for that many words it begins ("GSB3": "... Bounded Budget Branching"; "A3C"), and an opening X
    for a first word "cross..." ("XQuAD": "Cross-lingual Question Answering Dataset")."""
    letters = _letters(short)
    if not letters:
        return None
    start = _match_letters(letters, words, text)
    repeated = _REPEATED_LETTER.sub(lambda m: m.group(1) * int(m.group(2)), letters)
    if start is None and repeated != letters:
        start = _match_letters(repeated, words, text)
    if start is None and letters[0] == "x":
        start = _match_letters(_CROSS + letters[1:], words, text)
        if start is not None and text[start : start + len(_CROSS)].lower() != _CROSS:
            start = None  # its letters found in other words: no spelling of "cross"
    return start


def _match_letters(letters: str, words: list[re.Match[str]], text: str) -> int | None:
    """_match_long for one spelling of the short form: by initials first, then Schwartz-Hearst's letters."""
    limit = min(len(letters) + 5, len(letters) * 2)
    candidates = words[-limit:]
    if not candidates:
        return None
    by_initials = _match_initials(letters, candidates)
    if by_initials is not None:
        return by_initials
    region_start = candidates[0].start()
    region = text[region_start : candidates[-1].end()].lower()
    s_idx, l_idx = len(letters) - 1, len(region) - 1
    while s_idx >= 0:
        ch = letters[s_idx]
        while l_idx >= 0 and (
            region[l_idx] != ch or (s_idx == 0 and l_idx > 0 and region[l_idx - 1].isalnum())
        ):
            l_idx -= 1
        if l_idx < 0:
            return None
        s_idx -= 1
        l_idx -= 1
    start = region_start + l_idx + 1
    for word in candidates:  # snap to the start of the word holding the first letter
        if word.start() <= start < word.end():
            start = word.start()
            break
    first_word = text[start : start + 1]
    if not first_word or first_word.lower() != letters[0]:
        return None
    return start


def spells_out(short: str, long: str) -> bool:
    """Whether the initials of all of `long`'s words (hyphen parts too) spell the short form ("Markov decision
    process" for MDP), or those of all but its last word when that word is an acronym the short form ends with
    whole ("Partition-Controlled GAN" for PCGAN, "kernel PCA" for KPCA): for an abbreviation a text uses without
    defining it beside another of its names. Initials only, as letters from inside words would also read
    "computational efficiency" as CNN."""
    words = list(_WORD.finditer(long))
    if len(words) < 2:
        return False
    letters = _letters(short)
    if _match_initials(letters, words) == 0:
        return True
    last = words[-1].group(0)
    return (len(last) > 1 and last.isupper() and len(letters) > len(last) and letters.endswith(last.lower())
            and _match_initials(letters[: -len(last)], words[:-1]) == 0)


def _crosses_a_clause(long: str) -> bool:
    """A long form across a comma or semicolon that is no list of capitalised words ("Memory, Attention, and
    Control (MAC)" is one): "this paper, we introduce a novel hybrid ... network (TricorNet)" spells the letters
    only by reaching back into the clause before."""
    if not _CLAUSE_MARK.search(long):
        return False
    return any(not word[0].isupper() for word in _WORD_TEXT.findall(long) if word.lower() not in _LIST_GLUE)


def _colon_apposition(text: str, colon: re.Match[str], sent_start: int, sent_end: int) -> Abbreviation | None:
    """"FooKit: a Foo Interactive Toolkit for ..." (or, mid-sentence, "we release FooKit: Foo Interactive Toolkit,
    ..."): the words after a short form's colon that spell it from their first, cut before the first lower-case
    function word but an "and" between capitalised words ("DABS: a Domain-Agnostic Benchmark for Self-supervised
    learning" gives "Domain-Agnostic Benchmark"), two words or a hyphenated one at least."""
    short = colon.group(1)
    if not _is_short_form(short) or (colon.group(2) is None and not text[sent_start : colon.start(1)].strip()):
        return None  # without an article, after a sentence's first word: "FD-Net: Feature Distillation for Nets"
    words: list[re.Match[str]] = []
    for word in _WORD.finditer(text, colon.end(), sent_end):
        if _CLAUSE_MARK.search(word.group(0)[:-1]) or len(words) > len(short) + 4:
            break
        words.append(word)
        if _CLAUSE_MARK.search(word.group(0)[-1]):
            break
    letters = _letters(short)
    count = next((count for count in range(1, len(words) + 1)  # by initials first, as _match_letters does
                  if _match_initials(letters, words[:count]) == words[0].start()), None) or \
        next((count for count in range(1, len(words) + 1)
              if _match_long(short, words[:count], text) == words[0].start()), None)
    if count is None:
        return None
    head = [words[0]]
    for index, word in enumerate(words[1:count], 1):
        between_capitals = word.group(0) == "and" and index + 1 < len(words) and words[index + 1].group(0)[:1].isupper()
        if word.group(0) in _NO_OPENERS and not between_capitals:  # "Large Language and Vision Assistant" goes on
            break
        head.append(word)
    long_end = head[-1].end()
    while long_end > head[0].start() and not text[long_end - 1].isalnum():
        long_end -= 1
    if len(_SUBWORD.findall(text[head[0].start() : long_end])) < 2:
        return None
    return Abbreviation(head[0].start(), long_end, colon.start(1), colon.end(1))


def _bracketed_definition(inner: str, inner_start: int) -> Abbreviation | None:
    """"(Big Transfer, BiT)", "(Meta-Dataset, MD)": a long form and, after a comma, its short form in one bracket;
    the short form's letters spelt from the long form's first word, as a definition before a bracket spells them."""
    long, comma, short = inner.rpartition(", ")
    if not comma or not _is_short_form(short) or _CLAUSE_MARK.search(long):
        return None
    if _match_long(short, list(_WORD.finditer(long)), long) != 0:
        return None
    short_start = inner_start + len(long) + len(comma)
    return Abbreviation(inner_start, inner_start + len(long), short_start, short_start + len(short))


def _long_form_region(text: str, sent_start: int, bracket: int) -> tuple[int, int]:
    """Where a long form before the bracket at `bracket` may lie: not back past an earlier bracket ("Foo Bar (FB),
    and Baz Quux (BQ)"), nor inside a citation right before it ("Foo Bar (Smith, 2015) (FB)")."""
    end = bracket
    previous = text.rfind(")", sent_start, end)
    if previous >= 0 and not text[previous + 1 : end].strip():
        end = max(text.rfind("(", sent_start, previous), sent_start)
        previous = text.rfind(")", sent_start, end)
    return (previous + 1 if previous >= 0 else sent_start), end


def find_abbreviations(text: str, sentence_bounds: list[tuple[int, int]] | None = None) -> list[Abbreviation]:
    """All (long, short) definitions in `text`; a long form never crosses a sentence boundary."""
    bounds = sentence_bounds or [(0, len(text))]
    found: list[Abbreviation] = []
    for sent_start, sent_end in bounds:
        for colon in _COLON_APPOSITION.finditer(text, sent_start, sent_end):
            apposition = _colon_apposition(text, colon, sent_start, sent_end)
            if apposition is not None:
                found.append(apposition)
        for paren in _PAREN.finditer(text, sent_start, sent_end):
            inner = paren.group(1).strip()
            inner_start = paren.start(1) + (len(paren.group(1)) - len(paren.group(1).lstrip()))
            bracketed = _bracketed_definition(inner, inner_start)
            if bracketed is not None:
                found.append(bracketed)
                continue
            before = list(_WORD.finditer(text, *_long_form_region(text, sent_start, paren.start())))
            if _is_short_form(inner):
                long_start = _match_long(inner, before, text)
                if long_start is not None:
                    long_end = before[-1].end()
                    while long_end > long_start and not text[long_end - 1].isalnum():
                        long_end -= 1
                    if _crosses_a_clause(text[long_start:long_end]) or \
                            text[long_start:long_end].split(" ", 1)[0] in _NO_OPENERS:
                        continue
                    found.append(Abbreviation(long_start, long_end, inner_start, inner_start + len(inner)))
                    continue
            # reverse form: SHORT (long form)
            if before and " " in inner and _is_short_form(before[-1].group(0).strip(",;:")):
                short_match = before[-1]
                short = short_match.group(0).strip(",;:")
                words = list(_WORD.finditer(inner))
                start = _match_long(short, words, inner)
                if start == 0:
                    found.append(
                        Abbreviation(inner_start, inner_start + len(inner), short_match.start(), short_match.start() + len(short))
                    )
    return found
