"""What the authors' own verbs take as their object: the contribution of "we propose / introduce ..." and the
problem of "we study / address ...", named or not ("a noise adaptation layer", "offline policy learning").

The mention finder asks once per Doc, after `authorship.AuthorVerbs` has left the verbs on
`doc._.mlkg_author_verbs`; it turns the spans returned here into candidates (a proposal loses to a name inside
it, a studied problem is a task).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc, Token

from .authorship import own_passive
from .doc_cache import cached
from .names import breaks_a_phrase, has_shape
from .opening_words import strip_modifiers
from .rules import Rules

#: How many lower-case nouns may finish an object the parser cut short ("... distributed bilevel learning algorithm").
_MAX_HEAD_WORDS = 3


def indefinite(noun: Token) -> bool:
    """The noun's phrase opens with "a" or "an": a thing of its own, new to the text."""
    return any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


def _authors_objects(doc: Doc, kind: str, pos: tuple[str, ...], containers: frozenset[str]) -> Iterator[Token]:
    """The direct objects, of the given parts of speech, of the authors' verbs of one kind ("we propose X": X), or of
    the verb joined right after one that has none ("we propose and evaluate X"), and what a container noun among
    them holds ("we propose a family of X": X)."""
    for index, verb_kind in doc._.mlkg_author_verbs:
        if verb_kind != kind:
            continue
        verb = doc[index]
        if not any(c.dep_ == "dobj" for c in verb.children) and doc[index + 1 : index + 2].text in ("and", "or"):
            verb = next((c for c in verb.children if c.dep_ == "conj" and c.i == index + 2), verb)
        for obj in verb.children:
            if obj.dep_ == "dobj" and obj.lemma_.lower() in containers:
                obj = next((g for c in obj.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                            if g.dep_ == "pobj"), obj)
            if (obj.dep_ in ("dobj", "pobj") or (obj.dep_ == "attr" and verb.lemma_ == "be")) and obj.pos_ in pos:
                yield obj
                if obj.dep_ == "dobj" and not any(c.dep_ == "cc" and c.lower_ in ("nor", "but") for c in obj.children):
                    # "we propose a binarization technique and a three-stage tuning strategy": both, each a new
                    # phrase of its own ("widget and kernel level pruning" is one; "and all model weights")
                    yield from (c for c in obj.conjuncts if c.i > obj.i and c.pos_ in pos and indefinite(c))
        subject = own_passive(verb) if kind == "proposes" else None
        if subject is not None and subject.pos_ in pos:
            yield subject  # "a staged weight sharing method is introduced"


class AuthorObjects:
    """The objects of the authors' contribution and study verbs, as clean-text spans; they lose the same opening
    words as noun chunks do (`opening_words.strip_modifiers`)."""

    def __init__(self, rules: Rules):
        self.rules = rules

    def proposed(self, doc: Doc) -> list[tuple[int, int, str]]:
        """(start, end, type) of what "we propose / introduce ..." takes as its object, the paper's contribution;
        the head noun gives the type (Method unless it names a dataset or model)."""
        return [(start, end, etype) for start, end, etype, _head in self._contributions(doc, "proposes")]

    def provided(self, doc: Doc) -> list[tuple[int, int, str]]:
        """(start, end, type) of what "we provide / offer ..." takes as its object where a contribution noun, not an
        activity, heads it, in three words or more ("an evidence candidate selection strategy"; not "an analysis",
        "insights", "a provable algorithm")."""
        rules, text = self.rules, cached(doc).text
        return [(start, end, etype) for start, end, etype, head in self._contributions(doc, "provides")
                if rules.type_heads.get(head) in ("Dataset", "Model", "Method") and head not in rules.activity_heads
                and len(text[start:end].split()) >= 3]

    def _contributions(self, doc: Doc, kind: str) -> list[tuple[int, int, str, str]]:
        """(start, end, type, head lemma) of the objects of the authors' verbs of one kind."""
        rules = self.rules
        found = []
        for obj in _authors_objects(doc, kind, ("NOUN", "PROPN"), rules.container_nouns):
            head = obj.lemma_.lower()
            if head in rules.not_contributions or self._named_after(obj):
                continue
            words = [t for t in obj.subtree if t.i <= obj.i and t.i >= obj.left_edge.i]
            tokens = strip_modifiers(words, "Method", rules)
            rest = self._head_after(doc, obj)
            if rest:
                tokens, head = tokens + rest, rest[-1].lemma_.lower()
            if len(tokens) < 2 or any(breaks_a_phrase(t) for t in tokens) or self._name_and_kind(tokens):
                continue
            etype = rules.type_heads.get(head)
            found.append((tokens[0].idx, tokens[-1].idx + len(tokens[-1].text),
                          etype if etype in ("Dataset", "Model", "Method") else "Method", head))
        return found

    def studied(self, doc: Doc) -> list[tuple[int, int]]:
        """(start, end) of what "we study / address / tackle ..." takes as its object when that names a problem, not
        a thing: an activity ("we study mechanism design", "we address offline policy learning"), "the problem of
        X", "the X problem". What the paper is about is central to it: a task."""
        found = []
        # and the task or problem "we introduce / propose the task of X" sets (not "a new benchmark task")
        introduced = (obj for obj in _authors_objects(doc, "proposes", ("NOUN",), self.rules.container_nouns)
                      if obj.lemma_.lower() in self.rules.problem_words
                      and any(c.dep_ == "prep" and c.lower_ == "of" for c in obj.children))
        for obj in (*_authors_objects(doc, "studies", ("NOUN",), self.rules.container_nouns), *introduced):
            words = self._studied_words(obj)
            tokens = strip_modifiers(words, "Task", self.rules)
            if self._whole_problem(obj, words, tokens):
                found.append((tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)))
        return found

    def _name_and_kind(self, tokens: list[Token]) -> bool:
        """A name by its shape and the noun saying its kind ("the PrivQA dataset", "the FooNet model"; `kind_nouns`;
        not "a Bayesian approach"): the name is the contribution, found as a name, and this form its alias, not a
        second entity."""
        return tokens[-1].lemma_.lower() in self.rules.kind_nouns and all(has_shape(t.text) for t in tokens[:-1])

    def _named_after(self, noun: Token) -> bool:
        """A naming word follows the noun ("an algorithmic framework, called ..."): the name says what it is."""
        following = noun.doc[noun.i + 1 : noun.i + 3]
        return any(t.lower_ in self.rules.naming_words for t in following if t.text != ",")

    def _whole_problem(self, obj: Token, words: list, tokens: list) -> bool:
        """The stripped words name a problem whole: nouns ending in a noun, two at least but for "the X problem",
        not the object of an action ("segmenting graph sequences") nor cut short before another noun."""
        least = 1 if obj.lemma_.lower() in self.rules.problem_words else 2  # "the oversmoothing problem"
        gerund = bool(tokens) and tokens[-1].tag_ == "VBG"
        # a gerund may end it after other words ("automatic widget commenting"), not be all of it ("programming")
        # nor open an action on what follows ("segmenting graph sequences")
        if len(tokens) < (2 if gerund else least) or not (gerund or tokens[-1].pos_ in ("NOUN", "PROPN")) \
                or any(t.tag_ == "VBG" for t in words[:-1]):
            return False
        if any(breaks_a_phrase(t, hyphenated_ok=True) for t in tokens):
            return False
        after = obj.doc[tokens[-1].i + 1] if tokens[-1].i + 1 < len(obj.doc) else obj
        return after.i == obj.i or after.tag_ not in ("NN", "NNS", "VBG")

    def _studied_words(self, obj: Token) -> list:
        """The words of a studied object that name a problem: "X" of "the problem of X" and of "the X problem", the
        whole phrase when an activity noun heads it; else none."""
        head = obj.lemma_.lower()
        if head in self.rules.problem_words:
            of = [g for c in obj.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                  if g.dep_ == "pobj" and (g.pos_ == "NOUN" or g.tag_ == "VBG")]
            if not of:
                return list(obj.doc[obj.left_edge.i : obj.i])
            obj = of[0]
        elif head not in self.rules.activity_heads:
            return []
        return list(obj.doc[obj.left_edge.i : obj.i + 1])

    def _head_after(self, doc: Doc, obj) -> list:
        """The words that finish an object the parser cut short: "a gossip-based distributed bilevel learning
        algorithm" parsed with "bilevel" as the object. Up to three lower-case nouns or gerunds right after it,
        the last of them a head noun of a contribution (algorithm, framework, benchmark, ...); else none."""
        words, end = [], cached(doc).sentence_of(obj).end
        for token in doc[obj.i + 1 : min(obj.i + 1 + _MAX_HEAD_WORDS, end)]:
            if not (token.is_alpha and token.is_lower and not token.is_stop
                    and token.tag_ in ("NN", "NNS", "NNP", "NNPS", "VBG")):
                break
            words.append(token)
        while words and self.rules.type_heads.get(words[-1].lemma_.lower()) not in ("Dataset", "Model", "Method"):
            words.pop()
        return words
