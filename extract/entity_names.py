"""Entity identity within and across papers: one key per name, whatever its case, markup, dashes or plural."""

from __future__ import annotations

import re
from functools import lru_cache

_SEPARATORS = re.compile(r"[\s\-‐‑‒–—_/·.'’]+")
_PLURAL_ACRONYM = re.compile(r"^(?P<core>.*[A-Z0-9])s$")
#: A network's name in the plural: "QuuxNets", "GL-Nets" (other parts so written are as often a name's own
#: plural: "Seq2Tens", "DeepSets").
_PLURAL_NETWORK = re.compile(r"^(?P<core>.*[A-Za-z0-9-]Net)s$")
#: Endings whose final s is no plural: "Bayes", "time series", "k-means", "inductive bias", "equalized odds".
_KEEP_FINAL_S = ("ss", "us", "is", "ics", "ous", "ayes", "series", "species", "means", "news", "bias", "atlas",
                 "canvas", "chaos", "odds", "lens", "fps")
_ES_PLURALS = ("sses", "xes", "ches", "shes", "zzes")
#: Plurals no ending rule gives back ("matrices" is no plural of "matrice", "metrics" keeps no final s), lower-case.
_IRREGULAR_PLURALS = {"matrices": "matrix", "vertices": "vertex", "indices": "index", "simplices": "simplex",
                      "appendices": "appendix", "axes": "axis", "biases": "bias", "aliases": "alias",
                      "atlases": "atlas", "canvases": "canvas", "lenses": "lens", "viruses": "virus",
                      "caches": "cache", "niches": "niche", "avalanches": "avalanche", "psyches": "psyche",
                      # plurals of nouns in "-ic", which the "-ics" of "statistics" and "robotics" would keep
                      "metrics": "metric", "heuristics": "heuristic", "topics": "topic"}
_IRREGULAR_SINGULARS = {singular: plural for plural, singular in _IRREGULAR_PLURALS.items()}
#: Greek plurals in -es of nouns in -is: "analyses", "hypotheses", "syntheses", "parentheses".
_IS_PLURALS = ("yses", "theses")
#: Words after which a name goes on with its object ("mixture of experts", "learning with noisy labels"): the
#: name's head, the word that is made singular, is the one before the first of them.
_POSTMODIFIER_WORDS = frozenset({"of", "for", "with", "without", "in", "on", "via", "from", "under", "over", "by",
                                 "using", "through"})


@lru_cache(maxsize=65536)  # names repeat across abstracts
def singular(name: str) -> str:
    """`SE-RRMs` -> `SE-RRM`, `large language models` -> `large language model`, `mixtures of experts` ->
    `mixture of experts` (the head is the word before "of", "for", "with" ...); other names unchanged, among
    them capitalised heads before such a word, titles as written ("Embeddings from Language Models")."""
    core = _plural_core(name)
    if core:
        return core
    words = name.split(" ")
    if len(words) > 1:
        head = _head_index(words)
        if head < len(words) - 1 and not words[head].islower():
            return name
        words[head] = singular_word(words[head])
    return " ".join(words)


def head_word(name: str) -> str:
    """The word a name is a kind of: its last, or the one before its first "of", "for", "with" ... ("Database" of
    "Database of Interacting Protein Structures")."""
    words = name.split(" ")
    return words[_head_index(words)]


def _head_index(words: list[str]) -> int:
    return next((i - 1 for i in range(1, len(words)) if words[i] in _POSTMODIFIER_WORDS), len(words) - 1)


@lru_cache(maxsize=65536)  # called for most words of every abstract, which repeat across abstracts
def singular_word(word: str) -> str:
    """`networks` -> `network`, `Processes` -> `Process`, `Entities` -> `Entity`, `LLMs` -> `LLM`; other mixed case
    and words whose final s is no plural (`corpus`, `analysis`, `Bayes`) unchanged. singular() applies it to a
    multiword name's head only, and never to a lone capitalised word, which may be a name ("Adams")."""
    core = _plural_core(word)
    if core:
        return core
    if not (word.islower() or (word[:1].isupper() and word[1:].islower())) or not word.endswith("s"):
        return word
    irregular = _IRREGULAR_PLURALS.get(word.lower())
    if irregular:
        return irregular if word.islower() else irregular.capitalize()
    if word.lower().endswith(_KEEP_FINAL_S):
        return word
    if word.endswith(_IS_PLURALS):
        return word[:-2] + "is"
    if word.endswith("ies"):  # "policies", "Strategies"; a capitalised stem of two letters is a name ("Vries")
        return word[:-3] + "y" if word.islower() or len(word) > 5 else word
    if word.endswith(_ES_PLURALS):  # "processes", "boxes"
        return word[:-2]
    return word[:-1]


def plural_spellings(word: str) -> tuple[str, ...]:
    """The lower-case spellings singular_word may take back to `word` ("network": "networks"; "policy":
    "policies"; "process": "processes"), with `word` itself first; not all of them need do so."""
    irregular = _IRREGULAR_SINGULARS.get(word) or (word[:-2] + "es" if word.endswith(("ysis", "thesis")) else None)
    return (word, word + "s", word + "es", word[:-1] + "ies") + ((irregular,) if irregular else ())


def _plural_core(name: str) -> str | None:
    """The singular of a name whose shape says it is plural, else None: `SE-RRMs` -> `SE-RRM` (a plural s after a
    capital or digit, with at least two capitals before it) and `QuuxNets` -> `QuuxNet`."""
    match = _PLURAL_ACRONYM.match(name)
    if match:
        return match.group("core") if sum(ch.isupper() for ch in match.group("core")) >= 2 else None
    match = _PLURAL_NETWORK.match(name)
    return match.group("core") if match else None


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """The key two names must share to be one entity: case-folded, separators removed, and singular, every word of
    a multiword name ("mixture of experts", "mixtures of expert"), a lone word if lower-case ("runtimes") or an
    acronym's plural ("RRMs"), not a lone capitalised word, which may be a name ("Adams")."""
    name = name.strip()
    words = name.split(" ")
    singular_name = " ".join(map(singular_word, words)) if len(words) > 1 or name.islower() else singular(name)
    return _SEPARATORS.sub("", singular_name.casefold())


_WORD = re.compile(r"\w+(?:-\w+)*")


def phrase_key(text: str) -> str:
    """Words of a text (hyphenated ones whole), case-folded and singular, one space apart: "Cross-Dataset Human
    Parsing" and "cross-dataset human parsing" share it."""
    return " ".join(singular_word(word).casefold() for word in _WORD.findall(text))


def display_name(surface: str, sentence_initial: bool) -> str:
    """A label for a surface form: singular (a lone lower-case word too, as its key reads it: "accuracies"), and
    de-capitalised when only sentence position capitalised it."""
    name = singular_word(surface) if surface.islower() and " " not in surface else singular(surface)
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
