"""Abstracts as people write them (LaTeX, markdown, stray control characters) -> plain text spaCy can read.

The NLP stage reads the clean text, but every fact must point into the abstract exactly as the user gave it.
So each clean character remembers the original span it came from, and `to_original` maps any clean span back
to the smallest original span covering it. The text is rewritten by a short list of regex passes; each pass
keeps the map, so adding a markup form is one more pass, never a change to the offsets logic.
Unicode is not NFKC-folded: `G²` stays `G²`, and offsets never shift under the user's characters. The one
exceptions are the mathematical styled letters and digits (`𝜸-net`, `𝐱`): a font, not a character choice, read as
their plain letter (`γ-net`) one for one; and the Latin ligatures of PDF text (`ﬁne-tuning`), a typesetter's
choice, read as their letters (`fine-tuning`).
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# A replacement is a list of segments: a str is new text (mapped to the whole match), a (start, end) pair
# copies that part of the current text with its map, and (text, start, end) is new text mapped to that part.
Segment = str | tuple[int, int] | tuple[str, int, int]
Replace = Callable[[re.Match], Sequence[Segment]]


@dataclass(frozen=True)
class NormalisedText:
    """Clean `text` of `original`; clean char i came from original[starts[i]:ends[i]]. The maps are `range`s
    where no pass rewrote the text (most abstracts), tuples otherwise."""

    text: str
    original: str
    starts: Sequence[int]
    ends: Sequence[int]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """The smallest original span covering the clean span [start, end)."""
        if not self.text:
            return 0, 0
        start = min(max(start, 0), len(self.text) - 1)
        end = min(max(end, start + 1), len(self.text))
        return self.starts[start], self.ends[end - 1]

    def from_original(self, position: int) -> int:
        """The clean offset of the first character at or after an original offset."""
        return min(bisect.bisect_left(self.starts, position), max(len(self.text) - 1, 0))


class _Text:
    """Text plus the original span of each character, rewritten pass by pass. The maps start as `range`s, which
    index, slice and extend lists like the lists they stand for, and cost nothing to make."""

    def __init__(self, original: str):
        self.text = original
        self.starts: Sequence[int] = range(len(original))
        self.ends: Sequence[int] = range(1, len(original) + 1)

    def sub(self, pattern: re.Pattern, replace: Replace) -> None:
        matches = pattern.finditer(self.text)
        first = next(matches, None)
        if first is None:  # most passes find nothing in most abstracts: keep the arrays as they are
            return
        text, starts, ends = [], [], []
        position = 0

        def copy(start: int, end: int) -> None:
            text.append(self.text[start:end])
            starts.extend(self.starts[start:end])
            ends.extend(self.ends[start:end])

        for match in itertools.chain((first,), matches):
            copy(position, match.start())
            position = match.end()
            if match.start() == match.end():
                continue
            span_start, span_end = self.starts[match.start()], self.ends[match.end() - 1]
            for segment in replace(match):
                if isinstance(segment, str):
                    text.append(segment)
                    starts.extend([span_start] * len(segment))
                    ends.extend([span_end] * len(segment))
                elif len(segment) == 3:
                    new, start, end = segment
                    text.append(new)
                    starts.extend([self.starts[start]] * len(new))
                    ends.extend([self.ends[end - 1]] * len(new))
                else:
                    copy(*segment)
        copy(position, len(self.text))
        self.text, self.starts, self.ends = "".join(text), starts, ends


def _keep(group: int | str) -> Replace:
    return lambda m: [m.span(group)]


def _drop(_match: re.Match) -> Sequence[Segment]:
    return ()


def _const(value: str) -> Replace:
    return lambda _m: [value]


def _without_whitespace(match: re.Match, group: int) -> list[Segment]:
    start, end = match.span(group)
    return [(start + m.start(), start + m.end()) for m in re.finditer(r"\S+", match.group(group))]


_SYMBOLS = {
    "times": "×", "cdot": "·", "in": "∈", "notin": "∉", "ell": "ℓ", "leq": "≤", "le": "≤", "geq": "≥",
    "ge": "≥", "neq": "≠", "ne": "≠", "approx": "≈", "sim": "∼", "pm": "±", "mp": "∓", "infty": "∞",
    "to": "→", "rightarrow": "→", "leftarrow": "←", "Rightarrow": "⇒", "mapsto": "↦", "sum": "∑",
    "prod": "∏", "int": "∫", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃", "subset": "⊂",
    "subseteq": "⊆", "cup": "∪", "cap": "∩", "emptyset": "∅", "top": "⊤", "perp": "⊥", "circ": "∘",
    "star": "⋆", "ast": "∗", "ll": "≪", "gg": "≫", "propto": "∝", "equiv": "≡", "ldots": "…", "dots": "…",
    "cdots": "⋯", "log": "log", "exp": "exp", "max": "max", "min": "min", "sqrt": "√", "prime": "′",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ",
    "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ",
    "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}
#: Font and box commands whose argument is the text itself.
_WRAPPERS = ("textbf|textit|emph|texttt|textsc|textrm|textsf|textsl|textup|textnormal|underline|uline|mbox|"
             "text|mathbf|mathrm|mathit|mathsf|mathtt|mathcal|mathbb|mathfrak|boldsymbol|bm|operatorname|"
             "footnote|hl")
#: Sizing and accent commands: dropped, their argument kept (`\widetilde{O}` reads as O).
_DROPPED_IN_MATH = frozenset({"left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "textstyle", "tilde",
                              "widetilde", "hat", "widehat", "bar", "overline", "underline", "vec", "dot", "ddot",
                              "check", "breve", "acute", "grave", "mathring"})
_SUPERSCRIPTS = dict(zip("0123456789+-=()niT", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵀ"))
_SPACING = {",", ";", ":", "!", " ", "quad", "qquad"}

_MATH = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$|(?<![\\$])\$(?!\$)((?:\\\$|[^$])+?)(?<!\\)\$|\\\((.+?)\\\)", re.S)
_FRACTION = re.compile(r"\\[dt]?frac\s*(\{(?:[^{}]|\{[^{}]*\})*\})\s*(\{(?:[^{}]|\{[^{}]*\})*\})")
_MATH_TOKEN = re.compile(r"\\([A-Za-z]+|.)|([\^_])(\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|.)|[{}]|\s+|.", re.S)


def _math(content: str, offset: int) -> list[Segment]:
    """Segments for the inside of $...$: symbols to Unicode, simple superscripts raised, fractions with a slash,
    braces dropped."""
    segments: list[Segment] = []
    position = 0
    while position < len(content):
        fraction = _FRACTION.match(content, position)
        if fraction:  # "\frac{a}{b}" reads as "a / b" (no name of a formula's pieces, "D/4d"): the slash in place
            # of the numerator's closing brace
            segments.extend(_math(fraction.group(1)[1:-1], offset + fraction.start(1) + 1))
            segments.append((" / ", offset + fraction.end(1) - 1, offset + fraction.end(1)))
            segments.extend(_math(fraction.group(2)[1:-1], offset + fraction.start(2) + 1))
            position = fraction.end()
            continue
        token = _MATH_TOKEN.match(content, position)
        position = token.end()
        span = (offset + token.start(), offset + token.end())
        text = token.group(0)
        if token.group(1) is not None:
            name = token.group(1)
            if name in _SPACING:
                segments.append((" ", *span))
            elif re.fullmatch(_WRAPPERS, name) or name in _DROPPED_IN_MATH:
                continue
            else:
                segments.append((_SYMBOLS.get(name, name), *span))
        elif token.group(2) is not None:
            argument = token.group(3)
            inner_offset = offset + token.start(3)
            if argument.startswith("{"):
                argument, inner_offset = argument[1:-1], inner_offset + 1
            inner = _math(argument, inner_offset)
            flat = "".join(s[0] if len(s) == 3 else content[s[0] - offset : s[1] - offset] for s in inner)
            if token.group(2) == "^" and flat and all(c in _SUPERSCRIPTS for c in flat):
                segments.append(("".join(_SUPERSCRIPTS[c] for c in flat), *span))
            else:
                segments.extend(inner if token.group(2) == "_" else [("^", span[0], span[0] + 1), *inner])
        elif text in "{}":
            continue
        elif text.isspace():
            segments.append((" ", *span))
        else:
            segments.append(span)
    return segments


def _math_pass(match: re.Match) -> list[Segment]:
    group = next(g for g in (1, 2, 3) if match.group(g) is not None)
    return _math(match.group(group), match.start(group))


def _url_command(match: re.Match) -> list[Segment]:
    if match.group(3) is not None:  # \href{url}{text}: the reader sees the text, the URL is a link fact
        return [match.span(3)]
    return _without_whitespace(match, 2)


def _inside(match: re.Match, group: int) -> list[Segment]:
    return [match.span(group)]


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2028\u2029\u2060-\u2064\ufeff]")

def _containing(*needles: str) -> Callable[[str], bool]:
    """A pass's guard: the text holds one of the strings that every match holds one of."""
    return lambda text: any(needle in text for needle in needles)


def _unprintable(text: str) -> bool:
    """A guard: control, format and separator characters but the space make a text unprintable (Python's
    definition), so a text without them needs no scan for any of them."""
    return not text.isprintable()


#: Mathematical styled letters and digits ("𝜸", "𝐱", "𝟑"), read as their plain letter, and the Latin ligatures
#: ("ﬁ", "ﬂ", "ﬃ"), read as their letters.
_STYLED = re.compile("[\U0001D400-\U0001D7FF\uFB00-\uFB06]")


def _styled(match: re.Match) -> list[Segment]:
    return [(unicodedata.normalize("NFKC", match.group()), *match.span())]


def _non_ascii(text: str) -> bool:
    """A guard: a character outside ASCII, which every styled letter is."""
    return not text.isascii()


def _odd_whitespace(text: str) -> bool:
    """A guard: two spaces in a row, or whitespace other than the space (which is unprintable)."""
    return "  " in text or _unprintable(text)


#: The passes, in order: (guard, pattern, replacement). `normalise` applies them one after the other; a pass whose
#: guard says the text cannot hold a match is skipped without a scan, as most are in most texts.
_PASSES: tuple[tuple[Callable[[str], bool], re.Pattern, Replace], ...] = (
    (_unprintable, _CONTROL, _drop),
    (_containing("\\"), re.compile(r"\\(url|href)\s*\{([^{}]*)\}(?:\s*\{([^{}]*)\})?"), _url_command),
    # a URL broken by a stray space after a slash: "https://github.com/ owner/repo"
    (_containing("://"), re.compile(r"(https?://[^\s<>\"{}\\]*/)[ \t]+(?=[A-Za-z0-9][\w.-]*/[\w.-])"), _keep(1)),
    (_containing("$", "\\("), _MATH, _math_pass),
    (_containing("\\"), re.compile(r"[ \t~]*\\(?:cite[a-z]*|citep|citet|ref|eqref|cref|Cref|autoref|label)\*?(?:\[[^\]]*\])*\{[^{}]*\}"),
     _drop),
    *[(_containing("\\"), re.compile(r"\\(?:" + _WRAPPERS + r")\*?\s*\{([^{}]*)\}"), lambda m: _inside(m, 1))] * 3,  # nesting
    (_containing("\\"), re.compile(r"\\([%&_#${}])"), _keep(1)),
    (_containing("\\"), re.compile(r"\\(ldots|dots|LaTeX|TeX|textendash|textemdash|times)\b"),
     lambda m: [{"ldots": "…", "dots": "…", "textendash": "–", "textemdash": "—", "times": "×"}.get(m.group(1), m.group(1))]),
    (_containing("\\"), re.compile(r"\\\\|\\[,;: ]"), _const(" ")),
    # LaTeX's tie, a space that does not break, after a word: "Fig.~3", "$\\mathsf{Clipping}~$"; not "~5%"
    (_containing("~"), re.compile(r"(?<=[A-Za-z0-9.)])~(?=[\sA-Za-z0-9\\$(]|$)"), _const(" ")),
    (_containing("``"), re.compile(r"``"), _const("“")),
    (_containing("''"), re.compile(r"''"), _const("”")),
    (_containing("---"), re.compile(r"(?<!-)---(?!-)"), _const("—")),
    (_containing("--"), re.compile(r"(?<![-!<])--(?![->])"), _const("–")),
    (_containing("**"), re.compile(r"\*\*(?=\S)([^\n]+?)(?<=\S)\*\*"), _keep(1)),
    (_containing("__"), re.compile(r"(?<![\w*\\])__(?=\S)([^\n_]+?)(?<=\S)__(?![\w])"), _keep(1)),
    (_containing("*"), re.compile(r"(?<![\w*\\])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![\w*])"), _keep(1)),
    (_non_ascii, _STYLED, _styled),  # "𝜸-net" as "γ-net", "ﬁne-tuning" as "fine-tuning"
    # runs of whitespace become one space; a lone space is left alone (rewriting it would change nothing, and
    # matching every space in the text was the costliest pass)
    (_odd_whitespace, re.compile(r"\s{2,}|[^\S ]"), _const(" ")),
)


#: A word a line break split at a hyphen: "sim- ple", "meth-\nods", "meta- algorithm", "Camacho-\nCollados", "fore-
#: and background".
_SPLIT_AT_HYPHEN = re.compile(r"\b(?P<first>[^\W_]+)-\s+(?P<second>[A-Za-z]+)")
#: Words that show the hyphen before them is a suspended one, no break: "fore- and background", "first- or
#: second-order"; unless a hyphen follows them too ("easy- to-use", "end- to-end").
_AFTER_SUSPENDED_HYPHEN = frozenset({"and", "or", "nor", "to", "vs", "versus", "as", "but", "than"})


def _mend_split_words(is_word: Callable[[str], bool]) -> Replace:
    """A pass's replacement for a word split at a hyphen: joined when the joined word is known or its second part is
    no word ("sim- ple", "diffusiv- ities"); else, or when the second part is capitalised, hyphenated without the
    space ("maximum- likelihood", "meta- algorithm", "Camacho- Collados"); a suspended hyphen is left as written."""
    def mend(match: re.Match) -> Sequence[Segment]:
        first, second = match.group("first"), match.group("second")
        if second in _AFTER_SUSPENDED_HYPHEN and not match.string.startswith("-", match.end()):
            return [match.span()]
        if second[0].islower() and (is_word(first + second) or not is_word(second)):
            return [match.span("first"), match.span("second")]
        return [(match.start("first"), match.end("first") + 1), match.span("second")]
    return mend


def normalise(abstract: str, is_word: Callable[[str], bool] | None = None) -> NormalisedText:
    """Clean text of an abstract with the map back to it (see the module docstring). With `is_word`, a test of
    English words, the words a line break split at a hyphen are mended too (see `_mend_split_words`)."""
    work = _Text(abstract)
    passes = _PASSES
    if is_word is not None:  # before the whitespace pass, which would hide a line break among the spaces
        passes = (*_PASSES[:-1], (_containing("- ", "-\n", "-\r", "-\t"), _SPLIT_AT_HYPHEN, _mend_split_words(is_word)),
                  _PASSES[-1])
    for guard, pattern, replace in passes:
        if guard(work.text):
            work.sub(pattern, replace)
    text, starts, ends = work.text, work.starts, work.ends
    first = len(text) - len(text.lstrip(" "))
    last = len(text.rstrip(" "))
    return NormalisedText(text[first:last], abstract, _frozen(starts[first:last]), _frozen(ends[first:last]))


def _frozen(offsets: Sequence[int]) -> Sequence[int]:
    """A map as NormalisedText keeps it: a range as it is (immutable already), a list as a tuple."""
    return offsets if isinstance(offsets, range) else tuple(offsets)
