"""The `mlkg_relations` component: how the paper relates to each entity it mentions, with the mention that shows it.

proposes: a name right after "we propose/introduce/present ..." (or after "called"/"named as") in the same clause,
after "our proposed algorithm, ..." or "our proposed ...", or the name or contribution a title opens with ("Seq2Tens: ...",
"Compositional Attention Networks for ..."; the title is the evidence when the abstract never uses it);
failing those, the paper's most-mentioned own-looking name.
outperforms/comparesWith: names in the object of "outperform"/"surpass" whose subject is the paper's own work (not
in a prepositional phrase inside it, "... on Z", "trained with Z", unless it names members: "such as X"), or
after "than"/"against"/"compared to". Every other entity gets the relation its type implies: Dataset ->
evaluatedOn, Model -> usesModel, Metric -> usesMetric, Method -> usesMethod, Task -> addresses; a dataset with no
name ("a driving dataset"), neither proposed nor compared with, is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from .author_objects import indefinite
from .authorship import own_passive, verb_object
from .central_chunks import RULE as CENTRAL_CHUNK_RULE
from .doc_cache import cached
from .entity_names import singular, singular_word
from .facts import RELATION_OF_TYPE
from .names import EXAMPLE_PREPOSITIONS
from .rules import Rules

#: What may stand between two names the authors list as theirs: the first one's abbreviation (or the bracket
#: closing it) and head noun, a comma or a conjunction and its article ("FooNet (FN) algorithm and the "); not an
#: apposition ("SwiFT, a Swin Transformer architecture"). The article may say the next one is new too ("and a novel ").
_LISTED_GLUE = re.compile(r"^\s*(?:\([^()]{1,15}\)|\))?\s*(?:(?!(?:and|or)\b)([a-z]+)\s*)?"
                          r"(?:,|&|:|(?:,\s*)?(?:and|or)(?:\s+(?:the|a|an)(?:\s+(?:new|novel))?)?)?\s*$")
#: "our (proposed) training algorithm, " or "our approach, called (a) " just before a name (the naming word filled in
#: from the rules): the authors naming their own contribution; not where a place or manner comes between ("our
#: model on FooSet, BarSet and ...": BarSet is the next dataset).
_OUR_APPOSITION = (r"\b(?:[Oo]ur|[Mm]y|[Aa]n?\s+(?:novel|new))\s+"
                   r"(?:(?!(?:on|in|at|to|from|with|over|across|against|by|than|via|using)\s)[\w-]+\s+){{0,3}}[\w-]+"
                   r"(?:\s*,\s*|,?\s+(?:{naming})\s+(?:as\s+)?(?:(?:the|an?)\s+)?)$")
#: "our proposed ", "our novel ", "the proposed ", "the novel " just before a name: the authors' own work, named
#: in passing.
_OUR_PROPOSED = re.compile(r"\b(?:(?:[Oo]ur|[Mm]y)\s+(?:proposed|novel|new)|[Tt]he\s+(?:proposed|novel))\s+$")
#: "which we refer to as ", "we refer to it as the " just before a name: the authors naming their own (a phrase
#: there names what they observe: "which we refer to as orbit slippage").
_REFERRED_AS = re.compile(r"\b[Ww]e\s+(?:will\s+)?refer\s+to\s+(?:it\s+|this\s+|them\s+)?as\s+"
                          r"(?:the\s+|an?\s+)?[\"“‘']?$")
#: "our new dataset ", "our proposed search algorithm - " just before a name: the authors' new thing named by the
#: name after its head noun (the head's type checked in the code; "our novel method on FooSet" names no new thing).
_OUR_NEW_HEAD = re.compile(
    r"\b(?:[Oo]ur|[Mm]y)\s+(?:proposed|novel|new)\s+(?:[a-z][\w-]*\s+){0,2}([a-z]+)\s+(?:-\s+)?$")
#: What may stand between an object and the name in apposition to it: "framework, GMAC", "FooNet, a BarNet".
_BESIDE = re.compile(r"[\s,(:'\"‘’“”]*(?:(?:a|an|the)\s+)?$")
#: Mention rules of unnamed phrases the authors present as theirs, and the proposes rule each gives: "encodes each
#: patch via a new adaptive temporal pooling", "we provide an evidence candidate selection strategy".
_OWN_PHRASE_RULES = {"chunk:new-object": "proposes:new", "chunk:provided-object": "proposes:provided"}
#: "our " before a name the abbreviation after it defines: "Our consistency regularized GAN (CR-GAN) improves".
_OUR = re.compile(r"\b(?:[Oo]ur|[Mm]y)\s+$")
_ABBREVIATION_AFTER = re.compile(r"\s*\([A-Z][\w\-]*\)")


@dataclass(frozen=True)
class RelationHit:
    """A relation found in a Doc, pointing at the mention (clean offsets) that supports it."""

    predicate: str
    key: str
    start: int
    end: int
    rule: str
    confidence: float
    in_title: bool = False  # start/end index the title (the entity is named there only)


#: Prepositions inside an object that lead to what the object is made of or to examples of it.
_MEMBER_PREPOSITIONS = EXAMPLE_PREPOSITIONS | {"of"}


def _compared_preposition(token: Token, method_heads: frozenset[str]) -> Token | None:
    """The preposition whose object the name is, through lists and examples: "than X and Y", "than other
    adaptive methods such as Adam", and through the one method the name modifies: "with the X (XA) approach" (not
    "than other RL methods", a class of them)."""
    found = None
    while (token.dep_ in ("compound", "amod", "nmod") and token.head.i > token.i and token.head.tag_ == "NN"
           and token.head.lemma_.lower() in method_heads):
        token = token.head
    for _ in range(4):
        while token.dep_ in ("conj", "appos") and token.head.i != token.i:
            token = token.head
        if token.dep_ != "pobj":
            break
        found = token.head
        if found.lower_ not in EXAMPLE_PREPOSITIONS or found.head.i == found.i:
            break
        token = found.head  # "methods" of "methods such as Adam"
    return found


#: Prepositions whose object is what a contribution is built with or on, or is for, not the contribution: "we
#: construct a decoder via the FooEM algorithm", "based on BarNet", "by leveraging X", "learned from Y", "a tracking
#: method for RGB-D cameras".
_INSTRUMENT_PREPOSITIONS = frozenset({"via", "using", "with", "through", "by", "on", "upon", "from", "for"})


def _instrument_of(token: Token, verb: Token) -> bool:
    """Whether the token hangs, below the verb, from one of `_INSTRUMENT_PREPOSITIONS` (its object not called new
    or the authors')."""
    if token.is_ancestor(verb):
        return False  # the tagger's adjective "present" hangs below its object: "... and present FooNet"
    while token.head.i != token.i and token.i != verb.i:
        if token.dep_ in ("pobj", "pcomp") and token.head.lower_ in _INSTRUMENT_PREPOSITIONS:  # pcomp: "by using X"
            return not any(c.lower_ in ("new", "novel", "our", "my") for c in token.children)
        token = token.head
    return False


def _object_takers(verb: Token) -> set[int]:
    """The verb, and the verb joined right after it that takes the object they share: "we introduce and analyse a
    widget model, the QuuxGame" (as `author_objects` reads it)."""
    after = verb.doc[verb.i + 1 : verb.i + 3]
    if len(after) == 2 and after[0].lower_ in ("and", "or") and after[1].dep_ == "conj" and after[1].head.i == verb.i:
        return {verb.i, after[1].i}
    return {verb.i}


def _is_name(mention: Span) -> bool:
    """A mention found as a name or an abbreviation, not as a phrase."""
    return mention._.mlkg_rule.startswith(("name:", "abbreviation:"))


def _in_phrase(token: Token, head: Token) -> bool:
    """`token` is in the phrase `head` heads, outside any prepositional phrase in it but those naming members: in
    "outperforms X and Y on Z", Z, the benchmark of the comparison, is no baseline; in "outperforms variants of X",
    "competitors such as X" or "a baseline based on X", X is one."""
    if not head.left_edge.i <= token.i <= head.right_edge.i:
        return False
    while token.i != head.i and token.head.i != token.i:
        if token.dep_ == "prep" and token.lower_ not in _MEMBER_PREPOSITIONS and token.head.lower_ != "based":
            return False
        token = token.head
    return token.i == head.i


class RelationFinder:
    """Callable spaCy component; runs after `mlkg_mentions`."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.our_apposition = re.compile(_OUR_APPOSITION.format(naming="|".join(sorted(rules.naming_words))))
        self.method_heads = frozenset(lemma for lemma, etype in rules.type_heads.items() if etype in ("Method", "Model"))

    def __call__(self, doc: Doc) -> Doc:
        entities = doc._.mlkg_entities or {}
        mentions = list(doc.spans.get("mlkg", []))
        hits: list[RelationHit] = []
        ownable = self._ownable(entities)
        proposed = self._proposes(doc, mentions, ownable)
        own_names = self._own_names(doc, mentions, entities, ownable)
        for hit in own_names:
            if hit.rule != "proposes:new":
                proposed.setdefault(hit.key, hit)
        if not proposed:
            proposed = self._most_mentioned(entities)
        for hit in own_names:  # "a new adaptive temporal pooling": beside a name the paper repeats, not instead
            proposed.setdefault(hit.key, hit)
        hits.extend(proposed.values())
        own = set(proposed)
        compared = self._comparisons(doc, mentions, entities, own)
        hits.extend(compared)
        compared_keys = {hit.key for hit in compared}
        dropped = {key for key in entities if key not in own and key not in compared_keys
                   and self._unnamed_resource(entities[key])}
        if dropped:  # with their mentions, which later components read with the entities
            for key in dropped:
                del entities[key]
            doc.spans["mlkg"] = [span for span in mentions if span._.mlkg_key not in dropped]
        for key, entity in entities.items():
            if key in own or key in compared_keys:
                continue
            rule = f"type:{entity.type.lower()}"
            if entity.mentions:
                start, end, mention_rule, confidence = entity.mentions[0]
                if mention_rule == CENTRAL_CHUNK_RULE:  # the learned model's choice, and its probability, say so
                    rule = mention_rule
                hits.append(RelationHit(RELATION_OF_TYPE[entity.type], key, start, end, rule, round(min(confidence, 0.7), 2)))
            else:
                hits.append(RelationHit(RELATION_OF_TYPE[entity.type], key, *entity.title_span, rule, 0.6, in_title=True))
        doc._.mlkg_relations = sorted(hits, key=lambda h: (h.key, h.predicate))
        return doc

    def _unnamed_resource(self, entity) -> bool:
        """A dataset written only in lower case and headed by a dataset noun ("a driving dataset", "interactive
        environments"): no name, so no entity unless the paper presents it as its own or compares with it."""
        return entity.type == "Dataset" and all(
            name.islower() and self.rules.type_heads.get(singular_word(name.rsplit(" ", 1)[-1])) == "Dataset"
            for name in (entity.name, *entity.aliases))

    def _ownable(self, entities) -> set[str]:
        """Keys of the names that can be proposed, being new-looking: not metrics or tasks, not known lexicon
        names, not "LLM" nor "neural networks"; but the name-shaped one the title opens with ("PointNet: ..."),
        unless a known metric or task ("VQA: ...")."""
        rules = self.rules
        classes = rules.generic_model_classes | rules.central_class_phrases
        ownable = set()
        for key, entity in entities.items():
            written = (entity.name, *entity.aliases)
            names = {name.lower() for name in written}
            # "Generative Adversarial Networks", "CNNs": known in the singular (an acronym's plural reads as cased)
            in_lexicon = bool((names | {singular(name).lower() for name in written}) & rules.known.keys())
            measure_or_task = entity.type in ("Metric", "Task")
            if entity.opens_title and not (measure_or_task and in_lexicon):
                ownable.add(key)  # even one its long form types as a task ("FOOB: Widget Parsing and ...")
            elif not measure_or_task and not in_lexicon and not (names & classes) and not any(
                    n.rstrip("s") in rules.generic_model_classes for n in names):
                ownable.add(key)
        return ownable

    def _proposes(self, doc: Doc, mentions: list[Span], ownable: set[str]) -> dict[str, RelationHit]:
        rules = self.rules
        found: dict[str, RelationHit] = {}
        for index, kind in doc._.mlkg_author_verbs or ():  # "we propose X", "which we name X"
            if kind in ("studies", "provides"):
                continue
            verb = doc[index]
            sent = cached(doc).sentence_of(verb)
            window_end = sent.end_char
            for token in doc[verb.i + 1 : sent.end]:
                if token.lower_ in rules.relative_words or token.text == ";":
                    window_end = token.idx
                    break
            subject = own_passive(verb)
            if subject is not None:  # "a novel X is proposed": the subject is the window
                inside = [m for m in mentions if subject.left_edge.i <= m.start and m.end <= subject.i + 1
                          and m._.mlkg_key in ownable]
            else:
                inside = [m for m in mentions if verb.idx < m.start_char < window_end and m._.mlkg_key in ownable]
            named = [m for m in inside if self._after_naming_word(doc, m)]
            # what the contribution is built with or on is not it, unless named or called new: "we propose to train
            # FooNets with a novel BarLoss (BL)"
            inside = [m for m in inside if m in named or not _instrument_of(m.root, verb)]
            if not named and kind != "names" and self._presents_no_artefact(verb, inside):
                continue  # "we present results with the X planner": what they are with is not new
            # "we present a novel distributional actor-critic framework, GMAC, to ...": the name beside the object
            # unless it was named before ("we build on BarNet and develop FooNet, a lighter BarNet") or, the object
            # being a name, stands apart from its head ("we propose FooGP, the first X inference ..., on the
            # platform, BarServer")
            objects = {m._.mlkg_key for m in inside if m.root.dep_ == "dobj"}
            earlier = {m._.mlkg_key for m in mentions if m.start < verb.i}
            takers = _object_takers(verb)
            named_object = any(m.root.dep_ == "dobj" and m.root.head.i in takers and _is_name(m) for m in inside)
            apposed = [m for m in inside if _is_name(m) and m.root.dep_ == "appos"
                       and m.root.head.dep_ == "dobj" and m.root.head.head.i in takers
                       and m._.mlkg_key not in objects and m._.mlkg_key not in earlier
                       and not (named_object and not _BESIDE.match(cached(doc).text, m.root.head.idx
                                                                   + len(m.root.head), m.start_char))]
            chosen = named or self._first_and_listed(doc, inside[inside.index(apposed[0]) :] if apposed else inside)
            for span in chosen:
                rule = "proposes:named" if span in named else "proposes:we-verb"
                found.setdefault(span._.mlkg_key, RelationHit("proposes", span._.mlkg_key, span.start_char, span.end_char, rule, 0.9))
        return found

    def _own_names(self, doc: Doc, mentions: list[Span], entities, ownable: set[str]) -> list[RelationHit]:
        """Names the authors give their work outside a "we propose" clause: in the title before its colon (with
        the title as evidence when the abstract never uses the name), in apposition to "our ... algorithm,", right
        after "our proposed" or "the proposed", after "our" when an abbreviation follows ("our consistency regularized
        GAN (CR-GAN)"), after "which we refer to as", a method phrase opened by "a new" or "our novel", or a
        contribution "we provide"."""
        text, found = cached(doc).text, []
        titled = {key for key, e in entities.items() if e.title_span}
        for key in sorted(titled & ownable):
            if not entities[key].mentions:
                found.append(RelationHit("proposes", key, *entities[key].title_span, "proposes:title-name", 0.85, in_title=True))
        for span in mentions:
            if span._.mlkg_key not in ownable:
                continue
            if span._.mlkg_key in titled:
                found.append(RelationHit("proposes", span._.mlkg_key, span.start_char, span.end_char, "proposes:title-name", 0.85))
            elif self.our_apposition.search(text, max(span.start_char - 80, 0), span.start_char):
                found.append(RelationHit("proposes", span._.mlkg_key, span.start_char, span.end_char, "proposes:our-apposition", 0.8))
            elif _OUR_PROPOSED.search(text, max(span.start_char - 30, 0), span.start_char) or (
                    _OUR.search(text, max(span.start_char - 5, 0), span.start_char)
                    and _ABBREVIATION_AFTER.match(text, span.end_char)) or self._after_own_head(text, span):
                found.append(RelationHit("proposes", span._.mlkg_key, span.start_char, span.end_char, "proposes:our-proposed", 0.8))
            elif _is_name(span) and _REFERRED_AS.search(text, max(span.start_char - 40, 0), span.start_char):
                found.append(RelationHit("proposes", span._.mlkg_key, span.start_char, span.end_char,
                                         "proposes:named", 0.8))
            elif span._.mlkg_rule in _OWN_PHRASE_RULES:
                found.append(RelationHit("proposes", span._.mlkg_key, span.start_char, span.end_char,
                                         _OWN_PHRASE_RULES[span._.mlkg_rule], 0.7))
        return found

    def _after_own_head(self, text: str, span: Span) -> bool:
        """After "our new dataset", "our proposed search algorithm": a new thing's head noun, of a kind a name can
        be proposed as (a method, model or dataset)."""
        before = _OUR_NEW_HEAD.search(text, max(span.start_char - 60, 0), span.start_char)
        head_type = self.rules.type_heads.get(singular(before.group(1))) if before else None
        return head_type in ("Method", "Model", "Dataset")

    def _presents_no_artefact(self, verb: Token, inside: list[Span]) -> bool:
        """The verb's object is no contribution ("results", "an analysis", "a comparison") and no name; not a
        word that hands on to what it holds ("a set of noise-robust losses", "an attempt at building X")."""
        obj = verb_object(verb)
        if obj is None:
            return False
        lemma = obj.lemma_.lower()
        return lemma in self.rules.not_contributions and lemma not in self.rules.handing_on_nouns and not any(
            span.start <= obj.i < span.end for span in inside)

    def _after_naming_word(self, doc: Doc, span: Span) -> bool:
        previous = [t.lower_ for t in doc[max(span.start - 2, 0) : span.start]]
        return any(word in self.rules.naming_words for word in previous)

    def _first_and_listed(self, doc: Doc, inside: list[Span]) -> list[Span]:
        """The first name in the window, and the names listed right after it ("Open-Travel and Open-DeepResearch"),
        each maybe with its abbreviation and its head noun ("FooNet (FN) algorithm and BarNet (BN) algorithm"), or
        joined to one of them as a new phrase or a name of its own ("a FooNet for X and a BarNet for Y")."""
        if not inside:
            return []
        chosen, end = [inside[0]], inside[0].end_char
        for span in inside[1:]:
            if span._.mlkg_key == chosen[-1]._.mlkg_key and span.start_char >= end:
                end = span.end_char  # the abbreviation in brackets after the name
                continue
            glue = _LISTED_GLUE.match(cached(doc).text[end : span.start_char])
            head = glue and glue.group(1)
            if not glue or (head and self.rules.type_heads.get(singular(head)) not in ("Method", "Model", "Dataset")):
                break
            chosen.append(span)
            end = span.end_char
        roots = {span.root.i for span in chosen}
        for span in inside:  # in text order, so a third phrase joins the second ("a X, a Y, and a Z")
            if span not in chosen and span.root.dep_ == "conj" and span.root.head.i in roots \
                    and (indefinite(span.root) or _is_name(span)):
                chosen.append(span)
                roots.add(span.root.i)
        return chosen

    def _most_mentioned(self, entities) -> dict[str, RelationHit]:
        """Fallback when no sentence says "we propose": the paper's own-looking name it repeats most (3+ times)."""
        best = None
        for key, entity in entities.items():
            if entity.type not in ("Method", "Dataset") or len(entity.mentions) < 3:
                continue
            names = {entity.name.lower(), *(a.lower() for a in entity.aliases)}
            if names & self.rules.known.keys() or not any(ch.isupper() for ch in entity.name[1:]):
                continue
            if best is None or len(entity.mentions) > len(best.mentions):
                best = entity
        if best is None:
            return {}
        start, end, _, _ = best.mentions[0]
        return {best.key: RelationHit("proposes", best.key, start, end, "proposes:most-mentioned", 0.5)}

    def _comparisons(self, doc: Doc, mentions: list[Span], entities, own: set[str]) -> list[RelationHit]:
        rules = self.rules
        hits: dict[tuple[str, str], RelationHit] = {}
        own_spans = [m for m in mentions if m._.mlkg_key in own]

        def comparable(span: Span) -> bool:
            entity = entities.get(span._.mlkg_key)
            return entity is not None and entity.type in ("Method", "Model") and span._.mlkg_key not in own

        for span in mentions:
            if not comparable(span):
                continue
            key = span._.mlkg_key
            token = span.root
            for ancestor in [token, *token.ancestors]:
                if ancestor.lemma_.lower() in rules.outperform_verbs and ancestor.pos_ == "VERB":
                    obj = [c for c in ancestor.children if c.dep_ in ("dobj", "pobj", "attr")]
                    in_object = any(_in_phrase(token, o) for o in obj)
                    if in_object and self._subject_is_own(ancestor, own_spans):
                        for predicate in ("outperforms", "comparesWith"):
                            hits.setdefault((predicate, key), RelationHit(predicate, key, span.start_char, span.end_char, "compares:outperform-verb", 0.8))
                    break
            if ("comparesWith", key) in hits:
                continue
            head = _compared_preposition(token, self.method_heads)
            cue = head is not None and head.lower_ in rules.compare_prepositions and not (
                head.lower_ == "than" and doc[head.i - 1].lower_ in ("other", "rather"))  # "other than X": no rival
            cue = cue or (head is not None and self._compared_with(head))
            if cue:
                hits.setdefault(("comparesWith", key), RelationHit("comparesWith", key, span.start_char, span.end_char, "compares:preposition", 0.6))
        return list(hits.values())

    def _compared_with(self, preposition: Token) -> bool:
        """The preposition belongs to a comparison: "compared to X", "a comparison against X", "with" or "to" after
        a verb a comparing adverb qualifies ("performs comparably to X"), and "with" or "to" the parser hung on the
        compared object ("we compare our implementation of A with B")."""
        words = self.rules.compare_words
        if preposition.head.lemma_.lower() in words:
            return True
        if preposition.lower_ not in ("with", "to"):
            return False
        if any(c.dep_ == "advmod" and c.lower_ in words for c in preposition.head.children):
            return True  # "performs competitively with X", the parser hanging "with" on the verb
        token = preposition.head
        for _ in range(3):
            if token.dep_ not in ("dobj", "pobj", "prep") or token.head.i == token.i:
                return False
            token = token.head
            if token.lemma_.lower() in words and token.pos_ == "VERB":
                return True
        return False

    def _subject_is_own(self, verb: Token, own_spans: list[Span]) -> bool:
        """The paper's own work is the subject: "we", "our method" ("my" of a single author), "a novel X", or a name
        the paper proposes (also as what a relative pronoun stands for)."""
        for _ in range(4):
            subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
            if subjects:
                subject = subjects[0]
                relative = subject.lower_ in self.rules.relative_words and verb.dep_ == "relcl"
                if relative:
                    subject = verb.head  # "a novel recurrent cell that outperforms X": the cell
                    if subject.dep_ == "dobj" and subject.lemma_.lower() in self.rules.achieved_nouns:
                        verb = subject.head  # "we achieve results that outperform X": who achieves them
                        continue
                if any(c.lower_ in ("novel", "new", "our", "my") for c in subject.children if c.dep_ in ("amod", "poss")):
                    return True  # "our network", "a novel recurrent cell": the paper's own, named or not
                if relative:
                    return any(s.start <= subject.i < s.end for s in own_spans)  # not "methods that outperform X"
                if subject.lemma_.lower() in self.rules.self_references or subject.lower_ in self.rules.self_references:
                    return True
                return any(s.start <= subject.i < s.end or subject.i in [t.i for t in s.root.subtree] for s in own_spans)
            if verb.dep_ in ("advcl", "xcomp", "conj", "acl", "relcl", "pcomp") and verb.head.i != verb.i:
                verb = verb.head
            else:
                break
        return not own_spans
