"""The spellings under which the lexicon's names are matched in a text.

Authors write a known name in more forms than the lexicon lists: plural ("ROC curves"), title case in titles
("Hidden Markov Model"), capitalised at a sentence's start ("Offline RL"), a camel-case name in plain title case
("Librispeech"), a curly apostrophe ("Montezuma’s Revenge"), a space for a hyphen ("meta learning") and British
spelling ("generalisation error", "modelling"). One function lists them, so each variant is tested alone.
"""

from __future__ import annotations

import re

#: Words a name in title case keeps in lower case after its first word.
_TITLE_CASE_SMALL_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "for", "to", "in", "on", "with"})
#: American "-ize" endings and the doubled "l" British spelling adds before "-ing" ("modeling", "labeling"); the
#: letters before them keep short words ("size") out.
_AMERICAN_ENDINGS = re.compile(r"(?<=[a-z]{3})iz(?=(?:ations?|es?|ed|ers?|ing)\b)|(?<=[a-z]{2}[^l]el)(?=ing\b)")


def lexicon_spellings(name: str, etype: str) -> set[str]:
    """The forms of a lexicon name, of type `etype`, to look for: lower-case names match in any case, so their
    variants are lower-case; names with capitals match as written."""
    lowered, last = name == name.lower(), name.rsplit(" ", 1)[-1]
    # a plural for lower-case names, model names and names ending in a lower-case word ("ROC curves")
    plural = lowered or etype == "Model" or (last != name and last.isalpha() and last.islower())
    spellings = {name, _plural(name)} if plural else {name}
    if name.isalpha() and name.isupper() and len(name) >= 4:
        spellings.add(name.title())  # "Bleu" for BLEU; not for short ones ("Map" is no mAP)
    elif name.isalnum() and not name.isupper() and any(ch.isupper() for ch in name[1:]) and len(name) >= 6:
        spellings.add(name.capitalize())  # "Librispeech" for LibriSpeech, "Mujoco" for MuJoCo
    first_word = name.split(" ", 1)[0]
    if not lowered and " " in name and first_word.isalpha() and first_word.islower():
        spellings |= {form[0].upper() + form[1:] for form in spellings}  # opening a sentence: "Offline RL"
    if not lowered and " " in name:
        spellings |= {_title_case(form) for form in spellings}  # "Hidden Markov Model", "Gaussian Process"
    spellings |= {form.replace("'", "\u2019") for form in spellings if "'" in form}  # "Montezuma’s Revenge"
    if lowered and "-" in name:
        spellings |= {form.replace("-", " ") for form in spellings}  # "meta learning" for meta-learning
    if lowered:
        spellings |= {british(form) for form in spellings}  # "generalisation error", "language modelling"
    return spellings


def british(text: str) -> str:
    """The British spelling of American "-ize" and single-"l" "-eling" endings: "normalization" -> "normalisation",
    "modeling" -> "modelling"."""
    return _AMERICAN_ENDINGS.sub(lambda m: "is" if m.group() == "iz" else "l", text)


def _plural(name: str) -> str:
    """The plural of a known term's last word: "processes", "networks". Not `plural_spellings`, whose "-ies" form
    would match "accuracies" and give a one-word entity that label."""
    return name + "es" if name.endswith(("s", "x", "ch", "sh")) else name + "s"


def _title_case(name: str) -> str:
    """A name with capitals in title case, as titles and some abstracts write it: "Hidden Markov Model" for hidden
    Markov model, "Area Under the ROC Curve"; small function words stay lower case."""
    return " ".join(word if not (word.isalpha() and word.islower()) or (index and word in _TITLE_CASE_SMALL_WORDS)
                    else word[0].upper() + word[1:] for index, word in enumerate(name.split(" ")))
