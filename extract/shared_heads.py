"""Terms that share the rest of a coordinated term: "image and molecular generation tasks" names image generation
as well as molecular generation, "convolutional and recurrent neural networks" both kinds of network; and names that
share their start with the years or versions after them ("FooSet 2019 and 2021" names FooSet 2021 too).

Read from the words, not the parse: the parser often takes the lone modifier before "and" for the head of the
whole phrase ("image" heading "tasks").
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from .doc_cache import cached
from .names import ACTIVITY_ENDINGS, in_word_hyphen
from .rules import Rules

_CONJUNCTIONS = frozenset({"and", "or"})
#: The two kinds of edition a name may end in, a year ("FooSet 2019") or a version ("FooQA v1.0"), each as one word.
_EDITION_KINDS = (r"(?:19|20)\d\d", r"[Vv]\d+(?:\.\d+)?")
#: A name's last word when it is an edition of either kind.
_EDITIONS = tuple(re.compile(f" ({kind})$") for kind in _EDITION_KINDS)
#: The editions of the same kind listed right after such a name, the last after "and", "or" or "&": "2019, 2020
#: and 2021", "v1 & v2" (LaTeX's "\\&" too).
_MORE_EDITIONS = tuple(re.compile(rf"(?:\s*,\s*{kind}\b)*\s*,?\s*(?:and\s|or\s|\\?&)\s*{kind}\b")
                       for kind in _EDITION_KINDS)
#: One edition of either kind, to read each of those listed.
_EDITION_WORDS = tuple(re.compile(kind) for kind in _EDITION_KINDS)
#: Tags of a word that cannot be a lone modifier: plurals ("images and text generation") and finite verbs.
_NOT_A_MODIFIER_TAGS = frozenset({"NNS", "NNPS", "VBZ", "VBD", "VBP", "MD"})
#: Endings of a noun that names an activity or a quality, which heads a phrase of its own ("overfitting and feature
#: selection", "fairness and data augmentation", "reinforcement or temporal difference learning").
_NOMINALISATION = (*ACTIVITY_ENDINGS, "ity", "ness", "acy")
#: Tags of a word before the modifier that would make the left conjunct longer than one word ("object detection
#: and semantic segmentation": "detection" is a term of its own, not a modifier of "segmentation").
_PHRASE_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "VBG", "VBN", "HYPH"})


class SharedHeads:
    """Finds, for terms already found, the lone modifier coordinated with their first word."""

    def __init__(self, rules: Rules, stop_words: frozenset[str]):
        self.rules = rules
        self.stop_words = stop_words

    def __call__(self, doc: Doc, terms: list[tuple[int, int]]) -> list[tuple[int, int, str, int]]:
        """For each term (clean-text offsets) of two words or more, the distributed term: its offsets from the
        modifier to the term's end, its name, and the index of the term it shares."""
        text, found = cached(doc).text, []
        for index, (start, end) in enumerate(terms):
            span = doc.char_span(start, end)
            if span is None or len(span) < 2 or span.start < 2 or in_word_hyphen(span[1]):
                continue
            conjunction, modifier = doc[span.start - 1], doc[span.start - 2]
            sentence_start = cached(doc).sentence_of(span).start
            first = modifier.i
            while modifier.tag_ in ("JJ", "VBN") and first - 2 >= sentence_start and in_word_hyphen(doc[first - 1]) \
                    and doc[first - 2].is_alpha:
                first -= 2  # a hyphenated adjective, whole: "self-supervised or contrastive learning"
            if (conjunction.lower_ not in _CONJUNCTIONS or modifier.i < sentence_start
                    or not self._lone_modifier(doc, modifier, first, sentence_start)):
                continue
            rest = text[span[0].idx + len(span[0].text) : end]
            if modifier.lower_ not in rest.lower().split():  # "relational and recurrent relational networks"
                found.append((doc[first].idx, end, text[doc[first].idx : modifier.idx + len(modifier)] + rest, index))
        return found

    def _lone_modifier(self, doc: Doc, word, first: int, sentence_start: int) -> bool:
        """A lower-case word (the last part of a hyphenated one opening at token `first`) that can only modify what
        follows: no stop word or evaluative word ("simple and efficient method"), no head noun or known term of its
        own ("reasoning and code generation"), not the last word of a longer phrase, no noun naming an activity or
        quality."""
        rules = self.rules
        if word.pos_ in ("NOUN", "VERB") and word.lower_.endswith(_NOMINALISATION):
            return False
        if not (word.is_alpha and word.is_lower and word.tag_ not in _NOT_A_MODIFIER_TAGS and not word.like_num
                and word.lower_ not in self.stop_words and word.lower_ not in rules.stop_modifiers
                and word.lemma_.lower() not in rules.type_heads and word.lower_ not in rules.type_heads
                and word.lower_ not in rules.known):  # "runtime and memory usage": runtime is a measure itself
            return False
        before = doc[first - 1] if first > sentence_start else None
        return before is None or before.tag_ not in _PHRASE_TAGS


def shared_editions(text: str, names: list[tuple[int, int]]) -> list[tuple[int, int, str, int]]:
    """For each name (clean-text offsets) ending in a year or version that more of its kind follow ("FooSet 2019
    and 2021", "FooQA v1 & v2"), each further edition: offsets from the name's start to that edition's end, its
    name (the name with that edition), and the index of the name it shares."""
    found = []
    for index, (start, end) in enumerate(names):
        for edition_at, more, word in zip(_EDITIONS, _MORE_EDITIONS, _EDITION_WORDS):
            edition = edition_at.search(text, start, end)
            listed = more.match(text, end) if edition else None
            if listed is None:
                continue
            stem = text[start : edition.start(1)]
            for other in word.finditer(text, end, listed.end()):
                if other.group() != edition.group(1):
                    found.append((start, other.end(), stem + other.group(), index))
    return found
