"""Surface signals that a stretch of text names an artifact: inner capitals, digits with letters, hyphenated
names, parameter-count suffixes, and runs such as "Claude Sonnet 4.5" or "MiniMax M2.1 229B"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from .rules import Rules

#: Punctuation that never belongs to a name's edges.
EDGE_PUNCT = "()[]{},.;:!?\"'“”‘’`*"
_SUFFIX_WORDS = (r"-(?:based|style|like|driven|guided|specific|level|wise|free|only|aware|centric|enhanced|augmented|"
                 r"powered|enabled|assisted|agnostic|modality|consistent|invariant|equivariant|preserving|dependent|"
                 r"independent|compatible|sensitive)")
_SUFFIX = re.compile(_SUFFIX_WORDS + "$")
_SUFFIX_AT = re.compile(_SUFFIX_WORDS + r"\b")
_VERSION = re.compile(r"^(?:(?!0\.\d+$)v?\d+(?:\.\d+)*[BMKT]?|[A-Z]\d+(?:\.\d+)*|\d+-(?:19|20)\d\d)$")
_MATH_CHARS = frozenset("^√{}\\=∑∫")
#: A Greek letter joined to a noun, a term's name: "λ-discrepancy", "α-divergence"; not a tolerance's ε or δ
#: ("ε-optimal", "δ-close") nor a qualifier ("γ-weakly", "ρ-replicable").
_GREEK_PREFIXED = re.compile(r"^[αβγζ-ω]-[a-z]{3,}(?<!ly)(?<!able)(?<!ible)$")
#: An e-mail address ("@" and a dot after it) or a measure at a cutoff ("Hits@3"), no name; "@" inside a name
#: is ("Pl@ntNet-300K").
_NO_NAME_AT = re.compile(r"@(?:[^@]*\.|\d+$)")
_NUMERIC = re.compile(r"^[\d.,×x%+\-–~<>=/]+$")
#: A complexity class or a norm's space, which names no artefact ("TC⁰", "NC¹", "L²"); "D²", "G²-Reader" do.
_POWER = re.compile(r"^(?:[A-Z]{2,3}[⁰¹]|L[¹²])$")
_DIMENSION = re.compile(r"^\d+[×x]\d+$|^\d+D$|^\d+(?:st|nd|rd|th)$|^\d+[kKmM]?$")
#: A quantity in a capitalised unit of storage or frequency: `1TB`, `2.5GHz`, `40dB`.
_QUANTITY = re.compile(r"^\d+(?:\.\d+)?(?:[KMGTP]i?B|[kMG]?Hz|dB)$")
#: Billions of parameters (`Qwen3-235B`). A count in millions is a model's only with a known family (`Pythia-410M`).
_PARAM_COUNT = re.compile(r"(?:^|[-\s])\d+(?:\.\d+)?B(?:$|[-\s])")
#: A count in thousands or millions ending a name counts a dataset's items: `Hotels-50K`, `ADE 20K`, `Flickr30K`,
#: `Clothing1M`, `LAION-400M`, `MovieLens 1M`; millions need two letters before them (`R3M`, `M2M` are no counts).
_ITEM_COUNT = re.compile(r"[A-Za-z][-\s]?\d+(?:\.\d+)?K$|[A-Za-z]{2}[-\s]?\d+(?:\.\d+)?M$")
#: A lower-case word that names: digits between letters (`word2vec`, `fb15k237`) or ending a word, two digits at
#: least (`cifar10`, `banking77`), as a single one is often a footnote's mark (`framework1`); `l2`, `q1`, `3rd` and
#: `top1` are no names.
_LOWER_NAME_PART = re.compile(r"[a-z]{2}\d+[a-z]|^[a-z]{2,}\d{2,}$")
#: Flattened formulas are no names: `frac12`, `sqrt2`, `1-frac1e` (what `\frac{1}{2}`, `\sqrt{2}` leave).
_FORMULA_WORD = re.compile(r"(?:^|-)(?:frac|sqrt|log|ln|exp|min|max|sin|cos|tan|det|ell|math[a-z]+)\d")
#: A number with a unit (`22.4fps`, `100ms`, `16gb`): no name.
_WITH_UNIT = re.compile(r"^\d+(?:\.\d+)?[a-z]+$")
_PAIR_SEPARATOR = re.compile(r"-to-|[-–→↔/]|->")
#: Dimensions alone or paired: "3D", "2.5D", "2D-3D" say what a thing is of ("2D-3D features"), naming nothing.
_DIMENSIONS = re.compile(r"\d(?:\.\d)?D(?:[-/]\d(?:\.\d)?D)*")
#: A name's last word and the year written with or after it: "NeurIPS21", "ICML 2015", "AAAI '02", "COLT".
_VENUE_AT_END = re.compile(r"(?:^|\s)([A-Za-z][\w-]*?)(?:\s?['’]?(?:19|20)?\d\d)?$")
_CAPITALISED_RUN = re.compile(r"[A-Z][a-z]+")
#: An acronym as a text may use it without defining it: two to six capitals, maybe a plural s ("MOT", "GANs").
ACRONYM = re.compile(r"^[A-Z]{2,6}s?$")
#: Prepositions that lead to examples of the noun they follow: "methods such as Adam", "like X", "including Y".
EXAMPLE_PREPOSITIONS = frozenset({"as", "like", "including"})
#: A network's acronym, a title's words and its network word spelling it: "FB-Net", "FBNet" ("Foo Bar Network").
NETWORK_ACRONYM = re.compile(r"^([A-Z]{2,6})-?Net$")
_MODEL_SUFFIX = re.compile(r"-(?:Instruct|Chat|Base|Coder|Preview|Turbo|mini|Mini|Pro|Flash|Next)\b")


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) so it neither starts nor ends with edge punctuation, and drop a "-based" suffix and the
    possessive of a name-shaped word ("AdaBoost's", "LSTM's"; "Hebb's rule" names no "Hebb")."""
    while start < end and text[start] in EDGE_PUNCT:
        start += 1
    while end > start and text[end - 1] in EDGE_PUNCT:
        end -= 1
    if end - start > 2 and text[end - 2 : end] in ("'s", "’s") and has_shape(text[start : end - 2]):
        end -= 2
    inner = text[start:end]
    if ("(" in inner or ")" in inner) and inner.count("(") != inner.count(")"):
        cut = min((i for i in (inner.find("("), inner.find(")")) if i >= 0), default=len(inner))
        end = start + cut
    if "-" in inner:
        suffix = _SUFFIX.search(text, start, end)
        if suffix and suffix.end() == end:
            end = suffix.start()
    return start, end


@lru_cache(maxsize=65536)  # asked of every capitalised word, and words repeat across abstracts
def has_shape(word: str) -> bool:
    """True for words whose shape alone marks a name: `ArenaRL`, `SE-RRMs`, `Qwen3`, `t-SVD`, `GPT-5`, and
    lower-case names with digits, `word2vec`, `cifar10`, `text-davinci-003`, or after a Greek letter,
    `λ-discrepancy`."""
    if any(ch in _MATH_CHARS for ch in word):  # a formula's pieces ("T^2/3", "√nT") are not names
        return False
    if word == word.lower():  # most words: no capital, so a name only where letters and digits meet
        return bool(_GREEK_PREFIXED.match(word)) or (
            any(ch.isdigit() for ch in word) and not _WITH_UNIT.match(word) and not _DIMENSION.match(word)
            and _lower_name(word))
    if len(word) < 2 or "://" in word or _NO_NAME_AT.search(word) or _NUMERIC.match(word) or _DIMENSION.match(word) \
            or _QUANTITY.match(word) or _POWER.match(word):
        return False
    letters = [ch for ch in word if ch.isalpha()]
    if len(letters) < 2 and not (letters and any(ch.isdigit() for ch in word) and word[0].isupper()):
        return False
    upper_inside = any(ch.isupper() for ch in word[1:])
    digit_and_upper = any(ch.isdigit() for ch in word) and any(ch.isupper() for ch in word)
    return upper_inside or digit_and_upper


def _lower_name(word: str) -> bool:
    """`word2vec`, `fb15k237`, or a word and a number joined by hyphens after it, three parts at least
    (`text-davinci-003`, `gpt-3.5-turbo`, `llama-2-7b`), as `top-1`, `10-fold` and `1-nearest-neighbour` are no
    names."""
    if _FORMULA_WORD.search(word):
        return False
    parts = word.split("-")
    if any(_LOWER_NAME_PART.search(part) for part in parts):
        return True
    return len(parts) >= 3 and parts[0].isalpha() and len(parts[0]) >= 2 and any(p[:1].isdigit() for p in parts)


def in_word_hyphen(token) -> bool:
    """The hyphen token of "uncertainty-guided": part of one word, not punctuation between words (the tagger does
    not always tag it HYPH)."""
    return token.text in ("-", "‐", "‑") and not token.whitespace_ and token.i > 0 and not token.doc[token.i - 1].whitespace_


def hyphenated_word_start(doc, last: int, floor: int) -> int:
    """The index of the first part of the hyphenated word whose last part is doc[last] (`last` itself for a word
    without hyphens), not before `floor`: "text" of "text-to-image"."""
    first = last
    while first - 2 >= floor and in_word_hyphen(doc[first - 1]):
        first -= 2
    return first


def modifier_suffix_at(text: str, end: int) -> bool:
    """A name ending at `end` only modifies the noun after it: "-based", "-like", "-driven" ... follow
    ("CNN-based framework")."""
    return bool(_SUFFIX_AT.match(text, end))


def inside_longer_name(text: str, start: int, end: int, word_after_hyphen: bool = False) -> bool:
    """True when letters, digits or a hyphen glue the match to more of a name: "ARC" inside "ARC-AGI-2",
    "precision" inside "high-precision". With `word_after_hyphen`, a lower-case word after a hyphen leaves the
    name whole: "RoBERTa-based" names RoBERTa."""
    before, after = text[start - 1 : start] if start else "", text[end : end + 2]
    if before.isalnum() or before in ("-", "‐") or after[:1].isalnum():
        return True
    return after[:1] in ("-", "‐") and not (word_after_hyphen and after[1:].islower())


def breaks_a_phrase(token, hyphenated_ok: bool = False) -> bool:
    """Punctuation or a conjunction between words, or a stop word: what a noun phrase naming one thing does not
    hold. With `hyphenated_ok`, a stop word inside a hyphenated word does not count ("to" of "point-to-plane
    assignment"); contributions keep the stricter test, as "end-to-end" and "state-of-the-art" phrases there
    mostly describe a name the abstract gives too. A number word inside a hyphenated word never breaks one
    ("two-sample tests", "one-shot learner")."""
    if token.pos_ in ("PUNCT", "CCONJ") and not in_word_hyphen(token):
        return True
    doc, i = token.doc, token.i
    before, after = i > 0 and in_word_hyphen(doc[i - 1]), i < len(doc) - 1 and in_word_hyphen(doc[i + 1])
    return token.is_stop and not ((hyphenated_ok and before and after) or (token.like_num and (before or after)))


def language_pair(name: str, rules: Rules) -> bool:
    """"English-German", "German-to-English", "EnglishGerman": a translation direction, which names no artifact
    (the dataset it is of does: "WMT English-German" stays whole where the lexicon knows WMT)."""
    parts = [p for p in _PAIR_SEPARATOR.split(name) if p]
    if len(parts) == 1:
        parts = _CAPITALISED_RUN.findall(name)
    return len(parts) == 2 and all(p.lower() in rules.languages for p in parts)


def unbalanced_brackets(name: str) -> bool:
    """A name cut out of a bracket or a formula: "FSOD) and instance segmentation", "memory complexity O(p²"."""
    return name.count("(") != name.count(")")


def is_dimension(name: str) -> bool:
    """"3D", "2D-3D": dimensions, no name of their own."""
    return bool(_DIMENSIONS.fullmatch(name))


def cites_a_venue(name: str, rules: Rules) -> bool:
    """"ICML 2015", "Sellke NeurIPS21": a name ending in a conference and maybe its year cites a paper published
    there; it names no artifact ("NeurIPS 2018 Adversarial Vision Challenge", going on after it, does)."""
    match = _VENUE_AT_END.search(name)
    return match is not None and match.group(1).lower() in rules.venues


def is_version(word: str) -> bool:
    """`4.5`, `229B`, `M2.1`, `v2`, `200-2011`: a part that may end a multiword model or dataset name; not a
    fraction (`0.93` of "ROC-AUC 0.93", a score)."""
    return bool(_VERSION.match(word))


def is_title_word(word: str) -> bool:
    """A plain capitalised word (`Aurora`, `Sudoku`, `Claude`)."""
    return len(word) > 1 and word[0].isupper() and word[1].islower() and word[1:].replace("-", "").isalpha() and word[1:].islower()


#: Endings of a noun that names an activity ("selection", "assessment", "testing", "inference").
ACTIVITY_ENDINGS = ("ing", "tion", "sion", "ment", "ance", "ence")
#: The small words a hyphenated name of capitalised words may hold: "Sum-of-Squares", "Mixture-of-Experts".
_COMPOUND_GLUE = frozenset({"of", "and", "to", "the", "in"})


def is_capitalised_compound(word: str) -> bool:
    """Capitalised words joined by hyphens (`Kullback-Leibler`, `Navier-Stokes`, `Sum-of-Squares`): shaped like a
    name, but read like a plain capitalised word, so the noun after it can be part of the name ("Navier-Stokes
    flows"). Not an acronym, a number or a language code among the parts (`SARS-CoV-2`, `ODE-trajectory`,
    `En-De`)."""
    parts = word.split("-")
    capitalised = [part for part in parts if part not in _COMPOUND_GLUE]
    return (len(capitalised) >= 2 and all(is_title_word(part) and len(part) > 2 for part in capitalised)
            and parts[0] in capitalised and parts[-1] in capitalised)


@lru_cache(maxsize=65536)  # asked of every name of every abstract; names repeat across abstracts
def looks_like_model(name: str, rules: Rules) -> bool:
    """A known model family, a parameter-count suffix (`80B`) or a release suffix (`-Instruct`)."""
    return bool(rules.family_of(name) or _PARAM_COUNT.search(name) or _MODEL_SUFFIX.search(name))


#: A benchmark's name ends so (`SSI-Bench`, `TriviaQA`); "QA" after a space names a task ("video QA").
_BENCH_SUFFIX = re.compile(r"(?:Bench|bench|-QA|(?<=[A-Za-z0-9])QA)$")
#: A name's last word, before a version: "Benchmark" in "Docking Benchmark 5".
_LAST_WORD = re.compile(r"\s([A-Z][a-z]+)(?:\s+v?\d+(?:\.\d+)*)?$")


@lru_cache(maxsize=65536)
def looks_like_dataset(name: str, rules: Rules) -> bool:
    """Names built like benchmarks: `VisDoMBench`, `SSI-Bench`, a count of items (`Hotels-50K`, `Clothing1M`), or
    words ending in a capitalised dataset noun (`Docking Benchmark 5`, `Penn Discourse Corpus`)."""
    if _BENCH_SUFFIX.search(name):
        return name.lower() != "bench"
    if _ITEM_COUNT.search(name):
        return True
    last = _LAST_WORD.search(name)
    return bool(last) and rules.type_heads.get(last.group(1).lower()) == "Dataset"


def wordforms(text: str, start: int, end: int) -> Iterator[tuple[int, int, str]]:
    """Whitespace-separated words of text[start:end], trimmed of edge punctuation, with their offsets. An em dash
    separates words too ("K-EFCE—a variant"); str.split finds the words faster than a regex would."""
    part = text[start:end].replace("—", " ")
    position = 0
    for word in part.split():
        position = part.find(word, position)
        s, e = start + position, start + position + len(word)
        position += len(word)
        if word.isalpha():  # most words are letters only, which trim() leaves as they are
            yield s, e, word
            continue
        s, e = trim(text, s, e)
        if s < e:
            yield s, e, text[s:e]
