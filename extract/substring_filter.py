"""A cheap test of whether a text could hold any of many token sequences, never wrong when it says no, to
skip costly work on the texts that cannot: making a Doc of a paper's title, for one, costs more than the lexicon
lookup it serves, and most titles name nothing in the lexicon."""

from __future__ import annotations

from collections.abc import Iterable

#: Entries are indexed by the first GRAM characters of their longest string.
GRAM = 3


class SubstringFilter:
    """Whether a text holds every string of at least one entry (an entry: a sequence of strings, such as the token
    texts of a phrase, which a text naming the phrase holds each of). Never says no where that is so; says yes
    sometimes where the strings are there but not as the phrase ("U", "-" and "Net" in "U-shaped Network")."""

    def __init__(self, entries: Iterable[Iterable[str]]):
        by_gram: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        short: list[tuple[str, ...]] = []
        for entry in sorted({tuple(entry) for entry in entries}):
            longest = max(entry, key=len, default="")
            rest = tuple(part for part in entry if part != longest)
            if len(longest) < GRAM:
                short.append(entry)
            else:
                by_gram.setdefault(longest[:GRAM], []).append((longest, rest))
        self._by_gram = {gram: tuple(found) for gram, found in by_gram.items()}
        self._short = tuple(short)

    def may_hold(self, text: str) -> bool:
        """False only where no entry has all its strings in text. Reads the text once, a gram at a time, and tests
        whole only the entries whose longest string starts there."""
        if any(all(part in text for part in entry) for entry in self._short):
            return True
        by_gram = self._by_gram
        for position in range(len(text) - GRAM + 1):
            for longest, rest in by_gram.get(text[position : position + GRAM], ()):
                if text.startswith(longest, position) and all(part in text for part in rest):
                    return True
        return False
