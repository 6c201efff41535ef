"""Entity identity within and across papers: one key per name, whatever its case, markup, dashes or plural."""

from __future__ import annotations

import re

_SEPARATORS = re.compile(r"[\s\-‐‑‒–—_/·.]+")
_PLURAL_ACRONYM = re.compile(r"^(?P<core>.*[A-Z0-9])s$")
_KEEP_FINAL_S = ("ss", "us", "is", "ics", "ous")


def singular(name: str) -> str:
    """`SE-RRMs` -> `SE-RRM`, `large language models` -> `large language model`; other names unchanged."""
    match = _PLURAL_ACRONYM.match(name)
    if match and sum(ch.isupper() for ch in match.group("core")) >= 2:
        return match.group("core")
    words = name.split(" ")
    last = words[-1]
    if len(words) > 1 and last.islower() and last.endswith("s") and not last.endswith(_KEEP_FINAL_S):
        words[-1] = last[:-3] + "y" if last.endswith("ies") else last[:-1]
    elif len(words) > 1 and last[:1].isupper() and last[1:].islower() and last.endswith("s") and not last.endswith(_KEEP_FINAL_S):
        words[-1] = last[:-1]
    return " ".join(words)


def name_key(name: str) -> str:
    """The key two names must share to be one entity: case-folded, singular, separators removed."""
    return _SEPARATORS.sub("", singular(name.strip()).casefold())


def display_name(surface: str, sentence_initial: bool) -> str:
    """A label for a surface form: singular, and de-capitalised when only sentence position capitalised it."""
    name = singular(surface)
    first = name.split(" ", 1)[0]
    if sentence_initial and " " in name and first[:1].isupper() and first[1:].islower():
        name = first[:1].lower() + name[1:]
    return name
