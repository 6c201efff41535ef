"""Model classes named by a common phrase ("neural networks") as entities where a paper is about them.

"Neural networks" is background in most ML abstracts and an entity in few: those that study, train or build on
neural networks as such ("the generalization of deep neural networks", "neural networks are often overconfident").
The signs read here are repetition as a plural head noun, at least `MIN_USES` uses (the title counting once), or one
use written with an allowed modifier or in a short form ("deep neural networks", "DNNs", "deep networks": the
specific term a paper reaches for when it works on them; 37 of the 38 development papers writing "deep neural
networks" have the class in their gold, 10 of the 15 writing "deep networks"). Each use is the head of its phrase
(not "neural network architecture"), with no determiner or possessive ("the same neural networks", "our networks"
name particular networks) and no modifier but the allowed ones ("deep", "artificial"; "graph neural networks" is
another class). The phrases ("neural networks", "generative models"), modifiers and short forms are data
(`central_model_classes` in `patterns/heads.json`); the modifiers are left out of the name, so that all spellings
are one entity, and each use's written form with them ("deep neural networks") is kept beside it, an alias the graph
can be searched by.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from .entity_names import singular
from .rules import Rules

#: Head uses, the title counting as one, that make a model class central to a paper.
MIN_USES = 2

_MODIFIER_DEPS = frozenset({"amod", "compound", "nmod", "npadvmod"})
_DETERMINER_DEPS = frozenset({"det", "poss", "predet"})
_NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})


class CentralClasses:
    """Finds the head uses of the class phrases in a Doc, when there are enough of them."""

    def __init__(self, rules: Rules, stop_words: frozenset[str]):
        phrases = sorted(rules.central_class_phrases, key=len, reverse=True)
        self.pattern = re.compile(
            r"\b(?:" + "|".join(r"[\s-]+".join(map(re.escape, p.split())) for p in phrases) + r")\b", re.IGNORECASE)
        self.short_forms = rules.central_class_short_forms
        forms = sorted(self.short_forms, key=len, reverse=True)
        # abbreviations as written, lower-case phrases in any case ("Deep networks")
        self.short_form_pattern = re.compile(r"\b(?:" + "|".join(
            r"(?i:" + r"[\s-]+".join(map(re.escape, form.split())) + ")" if form.islower() else re.escape(form)
            for form in forms) + r")\b") if forms else None  # (an empty alternation would match everywhere)
        self.singulars = frozenset(map(singular, rules.central_class_phrases))
        self.modifiers = rules.central_class_modifiers
        self.evaluative = rules.stop_modifiers
        self.function_words = stop_words | rules.title_function_words

    def is_class(self, name: str) -> bool:
        """Whether the name is one of the class phrases, in the singular or plural, with or without the allowed
        modifiers ("Deep Neural Networks")."""
        if name.lower() in self.short_forms:
            return True  # "Deep Networks" (abbreviations, listed with capitals, are never found so)
        words = name.split()
        while len(words) > 1 and words[0].lower() in self.modifiers:
            words.pop(0)
        return singular(" ".join(words)).lower() in self.singulars

    def __call__(self, doc: Doc, text: str, title: str | None) -> list[tuple[int, int, str, str | None]]:
        """Character spans (in `text`, the Doc's text) of the head uses, each with the class phrase it names (as
        written, or the phrase a short form stands for: "DNNs", "deep networks") and its written form when that
        differs: with allowed modifiers before it ("deep neural networks"; lower case at a sentence's start), or the
        short form; else None."""
        uses = [(m.start(), m.end(), m.group(), None) for m in self.pattern.finditer(text)]
        uses += [(m.start(), m.end(), self.short_forms[self._form(m.group())], self._form(m.group()))
                 for m in (self.short_form_pattern.finditer(text) if self.short_form_pattern else ())
                 if not text[: m.start()].endswith("(")]  # "(DNNs)" defines, no use of its own
        uses = [use for use in sorted(uses) if self._head_use(doc, use[0], use[1])]
        in_title = title is not None and any(
            self._title_head_use(title, m.start(), m.end()) for m in self.pattern.finditer(title))
        uses = [(start, end, name, written or self._written(doc, text, start, end))
                for start, end, name, written in uses]
        if not uses or (len(uses) + in_title < MIN_USES and not any(written for *_, written in uses)):
            return []
        return uses

    def _form(self, written: str) -> str:
        """The listed short form a match is: an abbreviation as written, a phrase in lower case with one space
        between its words."""
        return written if written in self.short_forms else " ".join(written.lower().replace("-", " ").split())

    def _written(self, doc: Doc, text: str, start: int, end: int) -> str | None:
        """The use with the allowed modifiers before it, when there are any ("deep neural networks")."""
        first = doc.char_span(start, start + 1, alignment_mode="expand").start
        while first > 0 and doc[first - 1].lower_ in self.modifiers:
            first -= 1
        if doc[first].idx == start:
            return None
        written = text[doc[first].idx : end]
        return written[0].lower() + written[1:] if doc[first].is_sent_start else written

    def _head_use(self, doc: Doc, start: int, end: int) -> bool:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return False
        head = span[-1]
        if head.dep_ in _MODIFIER_DEPS or head.dep_ == "poss" or any(c.dep_ in _DETERMINER_DEPS for c in head.children):
            return False
        before = span.start
        while before > 0 and (doc[before - 1].lower_ in self.modifiers or doc[before - 1].lower_ in self.evaluative):
            before -= 1  # "complex neural networks" are neural networks too
        if before > 0 and doc[before - 1].dep_ in _MODIFIER_DEPS and before <= doc[before - 1].head.i <= head.i:
            return False  # "graph neural networks", "tree-to-tree neural networks": another class
        return head.i + 1 >= len(doc) or doc[head.i + 1].tag_ not in _NOUN_TAGS

    def _title_head_use(self, title: str, start: int, end: int) -> bool:
        """Titles are not parsed: a head use there ends the title or comes before a function word or a mark
        ("Training deep neural-networks using ..."), not before a noun ("Neural Network Accuracy"), and has
        before its allowed modifiers nothing, a function word or an opening gerund, not a modifier ("Binary
        Neural Networks", "Self-Normalizing Neural Networks")."""
        following = title[end:].split(maxsplit=1)
        if following and following[0][0].isalnum() and following[0].lower() not in self.function_words:
            return False
        words = title[:start].split()
        while words and words[-1].lower() in self.modifiers:
            words.pop()
        return not words or words[-1].lower() in self.function_words or (len(words) == 1 and words[0].endswith("ing"))
