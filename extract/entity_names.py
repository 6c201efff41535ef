"""Entity identity within and across papers: one key per name, whatever its case, markup, dashes or plural."""

from __future__ import annotations

import re

_SEPARATORS = re.compile(r"[\s\-‐‑‒–—_/·.]+")
_PLURAL_ACRONYM = re.compile(r"^(?P<core>.*[A-Z0-9])s$")
_KEEP_FINAL_S = ("ss", "us", "is", "ics", "ous", "ayes")  # "Bayes" is no plural
_ES_PLURALS = ("sses", "xes")


def singular(name: str) -> str:
    """`SE-RRMs` -> `SE-RRM`, `large language models` -> `large language model`; other names unchanged."""
    match = _PLURAL_ACRONYM.match(name)
    if match and sum(ch.isupper() for ch in match.group("core")) >= 2:
        return match.group("core")
    words = name.split(" ")
    last = words[-1]
    if len(words) > 1 and (last.islower() or (last[:1].isupper() and last[1:].islower())) and last.endswith("s") \
            and not last.endswith(_KEEP_FINAL_S):
        words[-1] = _singular_word(last)
    return " ".join(words)


def _singular_word(word: str) -> str:
    if word.endswith("ies") and word.islower():
        return word[:-3] + "y"
    if word.endswith(_ES_PLURALS):  # "processes", "boxes"
        return word[:-2]
    return word[:-1]


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


_VERSION_SUFFIX = re.compile(r"^(?P<base>.*[A-Za-z].*?)[-_ ]?v?\d+(?:\.\d+)*$")
_MODEL_VARIANT = re.compile(
    r"[-_ ](?:\d+(?:\.\d+)?[BMKbmk]|A\d+(?:\.\d+)?B|Instruct|Chat|Base|Coder|Preview|Turbo|mini|Mini|Pro|Flash|Next|"
    r"VL|Vision|Omni|Thinking|Reasoning|it|hf|HF)$"
)


def family_name(name: str, etype: str) -> str | None:
    """The family a versioned name belongs to: `ARC-AGI-2` -> `ARC-AGI`, `Qwen3-VL-32B-Instruct` -> `Qwen3`,
    `GPT-5` -> `GPT`; None for a name that is no version or variant of anything (`Sudoku`, `ResNet`)."""
    if etype not in ("Dataset", "Model"):
        return None
    base = name.strip()
    if etype == "Model":
        while (stripped := _MODEL_VARIANT.sub("", base)) != base and stripped:
            base = stripped
        if base != name.strip():
            return base
    match = _VERSION_SUFFIX.match(base)
    if not match:
        return None
    family = match.group("base").rstrip("-_ ")
    return family if len(family) >= 2 and family != name.strip() and not family.islower() else None
