"""The entities a title gives a Doc's entities, read after the abstract's are grouped: an acronym the abstract uses
that the title spells out, the name the title opens with, its subject and purpose phrases, and well-known names
only the title gives. A name the abstract never uses joins with the title as its only evidence (`title_span`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.matcher import PhraseMatcher

from .abbreviations import find_abbreviations
from .central_classes import CentralClasses
from .doc_entities import DocEntity, EntityTyper, absorb, named, spelt_out_by
from .entity_names import name_key, phrase_key, singular, singular_word
from .names import ACRONYM, NETWORK_ACRONYM, has_shape, inside_longer_name
from .rules import Rules
from .substring_filter import SubstringFilter
from .titles import OpeningName, TitleReader

#: The most words of a title that is one name whole ("Deep Graph Matching Consensus").
_MAX_WHOLE_TITLE_WORDS = 5
#: Title-case words after a spelt-out run: "Model" of "DeViSE: A Deep Visual-Semantic Embedding Model".
_CAPITALISED_WORDS = re.compile(r"(?:[ -][A-Z][\w-]*)*")


def _shaped_before_head(name: str) -> bool:
    """A word before the name's last has a name's shape ("QuuxPerf Tiny Benchmark"): the name without its head noun
    is the same thing, as "Lagrangian Duality" is no "Lagrangian Duality Approach"."""
    return any(has_shape(word) for word in name.split()[:-1])


def _whole_title(title: str, span: tuple[int, int]) -> bool:
    """The span is all the title says, or all before its colon, but for an opening article."""
    before_colon = title.split(":", 1)[0].rstrip()
    opening = re.match(r"(?:(?:The|An?)\s+)?", title).end()
    return span[0] <= opening and span[1] >= len(before_colon.rstrip(" .?!"))


def _described(title: str | None, opening: OpeningName | None, entities: dict[str, DocEntity]) -> DocEntity | None:
    """The abstract's entity that the words after the opening name's colon spell it out with, with the title-case
    words after them: "a deep visual-semantic embedding model" under "DeViSE: A Deep Visual-Semantic Embedding Model
    for ..."; else None."""
    if opening is None:
        return None
    for abbreviation in find_abbreviations(title):
        if (abbreviation.short_start, abbreviation.short_end) == (opening.start, opening.end):
            start, end = abbreviation.long_start, abbreviation.long_end
            longer = end + _CAPITALISED_WORDS.match(title, end).end() - end
            return named(entities, title[start:longer]) or named(entities, title[start:end])
    return None


def _written_as_a_name(name: str) -> bool:
    """Two words or more, each capitalised: "Constrained Update Projection"."""
    words = name.split()
    return len(words) > 1 and all(word[:1].isupper() for word in words)


def _inside_a_name(name: str, title: str, entities: dict[str, DocEntity]) -> bool:
    """The title holds a longer name of the abstract that holds the name ("The Argoverse Trajectory Retrieval
    Benchmark" and Argoverse): there the name is a part of that one."""
    pattern = re.compile(r"(?<![\w-])" + re.escape(name.lower()) + r"(?![\w-])")
    return any(pattern.search(other.lower()) and other.lower() in title.lower()
               for e in entities.values() for other in (e.name, *e.aliases) if len(other) > len(name))


def _same_ending(words: list[str], other: list[str]) -> bool:
    """One phrase ends with the other, both of two words at least: "zero-shot commonsense question answering" and
    "question answering" name one task."""
    shorter = min(len(words), len(other))
    return shorter >= 2 and words[-shorter:] == other[-shorter:]


def _reads_as_a_clause(words: list[str]) -> bool:
    """A title phrase with a verb inside it ("Deep Learning Requires Explicit Regularization", "Retrieval meets
    ..."): a word before the last ending in a plural or third-person s."""
    return any(word.endswith("s") and not word.endswith(("ss", "us", "is")) for word in words[:-1])


class TitleEntities:
    """Adds what a title names to a Doc's entities; `exact` and `folded` are the mention finder's matchers of the
    lexicon's names with capitals and of its lower-case terms, and `known_in_title` its substring filter of titles
    that may hold one (the lower-cased title, for a term)."""

    def __init__(self, rules: Rules, titles: TitleReader, central_classes: CentralClasses, typer: EntityTyper,
                 stop_words: frozenset[str], make_doc: Callable, exact: PhraseMatcher, folded: PhraseMatcher,
                 known_in_title: SubstringFilter):
        self.rules = rules
        self.titles = titles
        self.central_classes = central_classes
        self.typer = typer
        self.stop_words = stop_words
        self.make_doc = make_doc
        self.exact = exact
        self.folded = folded
        self.known_in_title = known_in_title

    def __call__(self, title: str | None, entities: dict[str, DocEntity]) -> None:
        opening = self.titles.opening_name(title)
        self._acronyms(title, entities)
        self._opening_name(opening, _described(title, opening, entities), entities)
        self._named_phrases(title, opening, entities)
        self._whole_title_name(title, entities)
        self._known_names(title, entities)

    def _acronyms(self, title: str | None, entities: dict[str, DocEntity]) -> None:
        """An acronym the abstract uses without defining it that the title spells out ("Online Multi-Object
        Tracking ..." and "online MOT"; a network's, "Foo Bar Network" and "FB-Net") is one entity with the title's
        words, its name, typed by their head, and marked as the title's (so proposed, if it can be) when they are
        the whole title or all before its colon; where the abstract writes those words too, it is that entity."""
        for key, entity in list(entities.items()):
            if entity.aliases or not (ACRONYM.match(entity.name) or NETWORK_ACRONYM.match(entity.name)) \
                    or entity.name.lower() in self.rules.known:
                continue
            span = self.titles.long_form(title, entity.name.rstrip("s"))
            if span is None:
                continue
            long_name = title[span[0] : span[1]]
            if " " not in long_name:
                continue  # one hyphenated word ("High-Dimensional" for HD) is mostly a modifier
            same = named(entities, long_name)
            if same is not None:  # the abstract writes the title's words too: one entity
                absorb(entities, key, same)
                continue
            del entities[key]
            entity.aliases.add(entity.name)
            entity.name, entity.key = long_name, name_key(long_name)
            if _whole_title(title, span):  # "Truly Deterministic Policy Optimization" and "our method (TDPO)"
                entity.title_span = span
            entity.type = self.typer.long_form_type(long_name) or entity.type
            entities[entity.key] = entity

    def _opening_name(self, opening: OpeningName | None, described: DocEntity | None,
                      entities: dict[str, DocEntity]) -> None:
        """The name the title opens with: marks the entity the abstract names so, or, when the abstract never
        does, adds it with the title as its only evidence (typed by its name, or by the noun after the colon).
        The abstract's entity `described` (see `_described`) is the same one."""
        if opening is None:
            return
        same = named(entities, opening.name)
        if described is not None and described is not same:
            if same is None:
                described.aliases.add(opening.name)
                same = described
            else:
                absorb(entities, described.key, same)
        if same is None:
            same = self._without_head_noun(opening.name, entities) or (
                spelt_out_by(opening.name, entities) if ACRONYM.match(opening.name) else None)
            if same is not None:
                same.aliases.add(opening.name)
        if same is not None:
            same.title_span = (opening.start, opening.end)
            same.opens_title = any(has_shape(word) for word in opening.name.split())
            # "FooSet: A Widget Benchmark for ...": the head after the colon votes (a network or a method there
            # is read less surely)
            if opening.type_hint == "Dataset":
                same.votes["Dataset"] += 2
                same.type = self.typer.type_by_evidence(same) or same.type
            return
        lowered = singular(opening.name).lower()
        if lowered in self.rules.not_names or lowered in self.rules.generic_model_classes or lowered in self.rules.known:
            return
        self._add_title_only(entities, opening.name, (opening.start, opening.end), opening.type_hint)

    def _named_phrases(self, title: str | None, opening: OpeningName | None, entities: dict[str, DocEntity]) -> None:
        """The title's subject and purpose phrases (TitleReader.named_phrases): a subject the abstract names too is
        marked as the title's (so it is proposed, if it can be); one the abstract never names, nor a longer or
        shorter phrase ending alike ("commonsense question answering" under "... for Zero-shot Commonsense Question
        Answering"; an activity's task ends in what it is of, so any ending will do), is added with the title as its
        evidence."""
        for phrase in self.titles.named_phrases(title, opening):
            if phrase.activity and named(entities, phrase.activity) is not None:
                continue  # "Prototypical Contrastive Learning of ...": the abstract names the method itself
            same = named(entities, phrase.name)
            if same is None and phrase.type != "Task":
                same = self._named_without_head(phrase.name, entities)
                if same is not None:
                    same.aliases.add(phrase.name)
            if same is not None:
                if phrase.type != "Task" and same.title_span is None:
                    same.title_span = (phrase.start, phrase.end)
                continue
            words = phrase_key(phrase.name).split(" ")
            names = (name for e in entities.values() for name in (e.name, *e.aliases)
                     if not self.central_classes.is_class(name))  # "neural networks" says nothing of the title's
            # a shorter name of the abstract ending alike names the title's task, not its contribution ("gradient
            # estimator" under "Tempered Foo-Softmax Gradient Estimator for ...")
            contribution = phrase.type != "Task"
            if phrase.activity or not any(_same_ending(words, other) and (not contribution or len(other) >= len(words))
                                          for other in (phrase_key(name).split(" ") for name in names)):
                if not contribution or not (_reads_as_a_clause(phrase.name.split()) or self._sized_known_class(words)):
                    self._add_title_only(entities, phrase.name, (phrase.start, phrase.end), phrase.type)

    def _whole_title_name(self, title: str | None, entities: dict[str, DocEntity]) -> None:
        """A short title that is one name whole ("Deep Graph Matching Consensus", "Recurrent Batch Normalization"):
        two to five capitalised words, no function word nor mark between them, not opened by a gerund, an adverb
        or praise ("Scaling ...", "Weakly ...", "Efficient ...") and not read as a clause. The paper's contribution
        (but a task where a task noun heads it: "Irregular Shape Instance Segmentation" is what the paper works on),
        named so even where the abstract uses a shorter phrase ending alike ("contrastive learning" under
        "Poly-View Contrastive Learning"); the abstract's entity when one of its names opens with the title's words
        ("a Foo Bar embedding model" under "Foo Bar Embeddings") or is an abbreviation they spell."""
        name = (title or "").strip().rstrip(".")
        words = name.split()
        if not 2 <= len(words) <= _MAX_WHOLE_TITLE_WORDS or any(mark in name for mark in ",:;?!()\"'"):
            return
        lowered = [word.lower() for word in words]
        if any(word in self.stop_words or word in self.rules.title_function_words for word in lowered) or \
                not all(word[:1].isupper() or word[:1].isdigit() for word in words):
            return
        if lowered[0].endswith(("ing", "ly")) or lowered[0] in self.rules.title_praise_words or \
                _reads_as_a_clause(words) or named(entities, name) is not None:
            return
        start = len(title) - len(title.lstrip())
        span = (start, start + len(name))
        if self.typer.head_type(lowered[-1].rsplit("-", 1)[-1]) == "Task":
            self._add_title_only(entities, name, span, "Task")  # a task named whole: what the paper works on
            return
        key_words = phrase_key(name).split(" ")
        same = next((e for e in entities.values() for other in (e.name, *e.aliases)
                     if phrase_key(other).split(" ")[: len(key_words)] == key_words), None) or next(
            (e for e in entities.values() if self._spells_whole(name, e.name)), None) or (
            self._without_head_noun(name, entities) if _shaped_before_head(name) else None)
        if same is not None:  # the abstract's name with a head noun after it ("Foo Bar Embedding model"), its
            # abbreviation ("pFBT" under "Pruned Foo Bar Transforms") or, a name by its shape, it without the
            # title's head noun ("QuuxPerf Tiny Benchmark" and "QuuxPerf Tiny")
            same.aliases.add(name)
            same.title_span = span
            return
        self._add_title_only(entities, name, span, "Method")

    def _spells_whole(self, name: str, other: str) -> bool:
        """`other` is an abbreviation of the whole title name `name`: an acronym ("pFBT" for "Pruned Foo Bar
        Transforms"), or the name's first word and an acronym of the rest ("Deep SWS" for "Deep Semi-Supervised
        Widget Sorting")."""
        first, _, acronym = other.rpartition(" ")
        if first and not (" " not in first and ACRONYM.match(acronym)
                          and name.lower().startswith(first.lower() + " ")):
            return False
        rest = len(first) + 1 if first else 0
        return self.titles.long_form(name[rest:], acronym.rstrip("s")) == (0, len(name) - rest)

    def _without_head_noun(self, name: str, entities: dict[str, DocEntity]) -> DocEntity | None:
        """The abstract's entity named as the title's name without its head noun: "Foo-Bar Loss: ..." and "a
        Foo-Bar (FB) loss"."""
        headless, _, head = name.rpartition(" ")
        return named(entities, headless) if headless and singular_word(head.lower()) in self.rules.type_heads \
            else None

    def _named_without_head(self, name: str, entities: dict[str, DocEntity]) -> DocEntity | None:
        """The abstract's entity that a title's contribution phrase names with a head noun after it: "QuuxPerf Tiny"
        under "QuuxPerf Tiny Benchmark for ..." (a name by its shape), or "Foo Bar" written as a name under "Foo Bar
        Approach to ..." (the head only saying its kind, `kind_nouns`; not "Foo Bar Sampling", nor a term such as
        "Lagrangian duality" or "contrastive learning")."""
        headless = self._without_head_noun(name, entities)
        if headless is None or _shaped_before_head(name):
            return headless
        kind = singular_word(name.rsplit(" ", 1)[-1].lower()) in self.rules.kind_nouns
        return headless if kind and _written_as_a_name(headless.name) else None

    def _sized_known_class(self, words: list[str]) -> bool:
        """"Small Language Models", "Deep Generative Models": a known model class the title only sizes, the class
        a paper studies rather than one it builds."""
        rest = list(words)
        while len(rest) > 1 and (rest[0] in self.rules.stop_modifiers or rest[0] in self.rules.central_class_modifiers):
            rest.pop(0)
        return len(rest) < len(words) and (self.rules.known.get(" ".join(rest)) == "Model"
                                          or self.central_classes.is_class(" ".join(rest)))

    def _known_names(self, title: str | None, entities: dict[str, DocEntity]) -> None:
        """Well-known names with capitals (the lexicon's: RoBERTa, ImageNet) and terms of two words or more
        (variational inference) that the title names and the abstract does not ("M-BioBERTa: Modular
        RoBERTa-based Model ...", "From MAP to Marginals: Variational Inference in ..."): added with the title as
        their evidence. Not where a capitalised word before it makes it part of a longer name, as title case often
        does, nor where it is part of a longer name of the abstract that the title holds, nor a term whose words
        end a name of the abstract or are ended by one."""
        if not title or not (self.known_in_title.may_hold(title) or self.known_in_title.may_hold(title.lower())):
            return  # most titles: no name of the lexicon in them, found so without making their Doc
        title_doc = self.make_doc(title)
        terms = [(start, end) for _match_id, start, end in self.folded(title_doc) if end - start > 1]
        for start, end in [(start, end) for _match_id, start, end in self.exact(title_doc)] + terms:
            span = title_doc[start:end]
            span_start, span_end = span.start_char, span.end_char
            if inside_longer_name(title, span_start, span_end, word_after_hyphen=True):
                continue
            previous = title[:span_start].split()[-1:]
            modifier = title[span_end : span_end + 1] in ("-", "‐")  # "RoBERTa-based": the name stands alone
            if previous and previous[0][0].isupper() and not previous[0].endswith(":") and not modifier and \
                    previous[0].lower() not in self.stop_words:
                continue  # the end of a longer title-case name: "Perceptual-Sensitive GAN", "Infinite SVM"
            term = (start, end) in terms
            name = title[span_start:span_end].lower() if term else title[span_start:span_end]
            if named(entities, name) is not None or _inside_a_name(name, title, entities):
                continue
            words = phrase_key(name).split(" ")
            if term and any(_same_ending(words, phrase_key(other).split(" "))
                            for e in entities.values() for other in (e.name, *e.aliases)):
                continue  # "stochastic variational inference" in the abstract
            self._add_title_only(entities, name, (span_start, span_end), None)

    def _add_title_only(self, entities: dict[str, DocEntity], name: str, title_span: tuple[int, int],
                        type_hint: str | None) -> None:
        """An entity only the title names: no mentions, typed by its name first, else by the hint."""
        entity = DocEntity(key=name_key(name), name=name, title_span=title_span)
        if type_hint:
            entity.votes[type_hint] += 2
        entity.type = self.typer.type_by_evidence(entity) or "Method"
        entities[entity.key] = entity
