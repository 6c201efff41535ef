"""Generic noun phrases central to a paper, chosen by a logistic model trained on the development gold.

The rules find what has a name, and the generic phrases some pattern marks (a proposed object, a title's
subject). Which other generic phrases a reader wants in the graph ("model compression", "failure probability")
is a judgement that the gold annotation makes, and that no single pattern captures. So every ending (two to
five words) of every noun chunk that is no entity yet, and that the rules' lists do not keep out, is a
candidate, described by features a reader would weigh: its words and head, how often and where the paper writes
it, how the sentence uses it, whether the title shares its words. Weights and threshold are pattern data
(`patterns/central_chunks.json`), written by `python -m bench.central_chunks` from gold/dev.json; the candidates
scoring above the threshold join the entities, typed by a second (softmax) model trained on the gold category of
the phrases it lists.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from spacy.tokens import Doc

from .doc_cache import cached
from .doc_entities import DocEntity, EntityTyper
from .entity_names import name_key, singular
from .names import in_word_hyphen, unbalanced_brackets
from .opening_words import strip_modifiers
from .rules import Rules

WEIGHTS_PATH = Path(__file__).parent / "patterns" / "central_chunks.json"
RULE = "chunk:central"
#: The longest ending of a chunk that is a candidate, in words; the shortest is two, or one for a chunk of one word
#: ("the robustness", "its scalability": what a paper measures), never the head alone of a longer chunk ("models" of
#: "gadget models"). Trained on 400 dev papers, a model of every one-word ending chose 10 of 9,540; on 1,351 these
#: gain 0.002 F1 cross-validated, all and named alike.
MAX_WORDS = 5
#: Parts of speech and tags of words that open a chunk but no phrase: articles, numbers, comparatives, possessives.
#: (Fewer than open no name: "distributed training", "fully connected networks" are phrases.)
_OPENING_POS = frozenset({"DET", "PRON", "NUM", "PUNCT", "CCONJ", "SYM"})
_OPENING_TAGS = frozenset({"JJR", "JJS", "PRP$", "POS"})
_NOUNS = frozenset({"NOUN", "PROPN"})
#: Words of a sentence in which the authors speak of their own work.
_AUTHOR_WORDS = re.compile(r"\b(?:we|our|us)\b", re.IGNORECASE)


@dataclass
class ChunkCandidate:
    """One phrase of one paper: its key, its first spelling, where it is written, what describes it, its head."""

    key: str
    text: str
    mentions: list[tuple[int, int]] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    head: str = ""  # the lemma of its last word


def chunk_candidates(doc: Doc, rules: Rules, known_keys: set[str]) -> list[ChunkCandidate]:
    """The endings of the Doc's noun chunks whose key is not in `known_keys`, in order of first mention; shared by
    the component and the training script, so that both see the same features."""
    cache = cached(doc)
    text, sentences = cache.text, cache.sentence_chars
    title = (doc._.mlkg_title or "").lower()
    first_sentence_end = sentences[0][1] if sentences else 0
    authors_speak = [bool(_AUTHOR_WORDS.search(text, start, end)) for start, end in sentences]
    sentence_starts = [start for start, _ in sentences]
    longer_known = [k for k in known_keys if len(k) > 3]
    known_text = "\n".join(longer_known)  # one search for "the phrase is inside a known key"
    roots = Counter()
    found: dict[str, ChunkCandidate] = {}
    for start, end in cache.noun_chunks:
        if start > 0 and in_word_hyphen(doc[start - 1]):
            continue  # a chunk the parser cut out of a hyphenated word: "the-art" of "state-of-the-art"
        tokens = _without_opening_words(doc[start:end], rules)
        if not tokens or tokens[-1].pos_ not in _NOUNS:
            continue
        root = tokens[-1]
        roots[root.lemma_.lower()] += 1
        context = _context(root)
        if authors_speak[max(bisect_right(sentence_starts, root.idx) - 1, 0)]:
            context.add("author-sentence")
        for length in range(1 if len(tokens) == 1 else 2, min(len(tokens), MAX_WORDS) + 1):
            words = tokens[len(tokens) - length:]
            if words[0].is_punct or (length < len(tokens) and not tokens[len(tokens) - length - 1].whitespace_):
                continue  # no phrase starts inside a word ("based method" of "transformer-based method")
            phrase = text[words[0].idx : root.idx + len(root)]
            key = name_key(phrase)
            if not key or key in known_keys or _excluded(phrase, rules):
                continue
            candidate = found.get(key)
            if candidate is None:
                lemmas = [w.lemma_.lower() for w in words]
                candidate = found[key] = ChunkCandidate(key, phrase, head=lemmas[-1])
                candidate.features |= _phrase_features(phrase, lemmas, words, title)
                candidate.features.add(f"place={min(4 * words[0].idx // max(len(text), 1), 3)}")
                if key in known_text or any(k in key for k in longer_known if len(k) < len(key)):
                    candidate.features.add("overlaps-entity")
            candidate.mentions.append((words[0].idx, root.idx + len(root)))
            if words[0].idx < first_sentence_end:
                candidate.features.add("first-sentence")
            candidate.features |= context
            candidate.features |= {"whole" if length == len(tokens) else "ending",
                                   f"before={tokens[len(tokens) - length - 1].lower_ if length < len(tokens) else ''}"}
    for candidate in found.values():
        candidate.features |= {f"count={min(len(candidate.mentions), 4)}",
                               f"head-count={min(roots[candidate.head], 5)}",
                               f"head-type={rules.type_heads.get(candidate.head)}"}
    return list(found.values())


def known_keys(entities: dict[str, DocEntity]) -> set[str]:
    """The keys of the entities found so far and of all their names: no candidate repeats one."""
    return set(entities) | {name_key(name) for entity in entities.values() for name in (entity.name, *entity.aliases)}


def _context(root) -> set[str]:
    """How the sentence uses a chunk: its root's dependency, and the verb or preposition (and what that hangs on)
    governing it."""
    governor = root.head
    pos = governor.pos_
    if pos in ("VERB", "AUX"):
        return {f"dep={root.dep_}", f"role={governor.lemma_.lower()}"}
    if pos == "ADP":
        return {f"dep={root.dep_}", f"role=ADP:{governor.lower_}",
                f"role2={governor.head.lemma_.lower()}_{governor.lower_}"}
    return {f"dep={root.dep_}", f"role={pos}"}


def _without_opening_words(chunk, rules: Rules) -> list:
    """The chunk's tokens less the words that open it but no phrase: articles, numbers, evaluative words as the
    mention finder cuts them (`opening_words.strip_modifiers`), comparatives and possessives ("larger models")."""
    tokens = list(chunk)
    while True:
        stripped = strip_modifiers(tokens, "", rules, _OPENING_POS)
        while stripped and stripped[0].tag_ in _OPENING_TAGS:
            stripped = stripped[1:]
        if len(stripped) == len(tokens):
            return tokens
        tokens = stripped


def _excluded(phrase: str, rules: Rules) -> bool:
    """A phrase the rules' lists keep out of the graph whatever the context: too general ("neural networks",
    "machine learning"; `generic_phrases`, which central classes read on their own terms), no name (`not_names`),
    a drop in a measure ("performance loss") or a phrase cut out of a bracket ("SAT) solvers")."""
    lowered = singular(phrase).lower()
    return (lowered in rules.generic_phrases or lowered in rules.not_names or phrase.lower() in rules.not_names
            or rules.is_measure_drop(phrase) or unbalanced_brackets(phrase))


def _phrase_features(phrase: str, lemmas: list[str], words, title: str) -> set[str]:
    """What the phrase itself says: length, head, first word, words, tags, shape, and the title's share of it."""
    features = {f"len={len(lemmas)}", f"head={lemmas[-1]}", f"first={lemmas[0]}",
                f"head2={lemmas[-2] if len(lemmas) > 1 else ''}_{lemmas[-1]}",
                f"tags={'_'.join(w.tag_ for w in words)}", *(f"word={lemma}" for lemma in lemmas)}
    lowered = phrase.lower()
    features.add("in-title" if lowered in title else "not-in-title")
    shared = sum(word in title for word in lowered.split()) / len(lemmas)
    features.add(f"title-words={round(2 * shared)}")
    if "-" in phrase:
        features.add("hyphen")
    if any(ch.isupper() for ch in phrase):
        features.add("capital")
    return features


@dataclass(frozen=True)
class CentralityModel:
    """The logistic model's feature weights, bias and threshold, and the softmax model of a chosen phrase's type
    (`types`, a weight per type for each feature, a bias per type); without the latter, the head noun types."""

    weights: dict[str, float]
    bias: float
    threshold: float
    types: tuple[str, ...] = ()
    type_weights: dict[str, list[float]] = field(default_factory=dict)
    type_bias: list[float] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path = WEIGHTS_PATH) -> CentralityModel:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(data["weights"], data["bias"], data["threshold"], tuple(data["types"]), data["type_weights"],
                   data["type_bias"])

    def as_dict(self) -> dict:
        return {"threshold": self.threshold, "bias": self.bias, "types": list(self.types),
                "type_bias": self.type_bias, "type_weights": dict(sorted(self.type_weights.items())),
                "weights": dict(sorted(self.weights.items()))}

    def chosen(self, candidates: list[ChunkCandidate]) -> list[tuple[ChunkCandidate, float, str | None]]:
        """The candidates the model adds, with their scores and types."""
        return [(c, s, self.type_of(c)) for c, s in select([(c, self.score(c)) for c in candidates], self.threshold)]

    def score(self, candidate: ChunkCandidate) -> float:
        """Bias plus the features' weights, summed exactly (`math.fsum`): a set's order changes with the process's
        hash seed, and a plain sum in another order could move a score across the threshold by its last bit."""
        return math.fsum([self.bias, *(self.weights.get(feature, 0.0) for feature in candidate.features)])

    def type_of(self, candidate: ChunkCandidate) -> str | None:
        """The likeliest type by the type model, or None when the model has none."""
        if not self.types:
            return None
        terms = [[bias] for bias in self.type_bias]
        for feature in candidate.features:
            for index, weight in enumerate(self.type_weights.get(feature, ())):
                terms[index].append(weight)
        totals = [math.fsum(column) for column in terms]  # exact, whatever the set's order (see `score`)
        return self.types[max(range(len(totals)), key=totals.__getitem__)]


def select(scored: list[tuple[ChunkCandidate, float]], threshold: float) -> list[tuple[ChunkCandidate, float]]:
    """The candidates above the threshold, less any that nests in or around a better one ("compression" beside
    "model compression"; of two that score the same, the longer): one phrase of a chunk is the paper's term."""
    above = [item for item in scored if item[1] > threshold]

    def beaten(candidate: ChunkCandidate, score: float) -> bool:
        return any((other_score, len(other.key)) > (score, len(candidate.key))
                   and (other.key.endswith(candidate.key) or candidate.key.endswith(other.key))
                   for other, other_score in above if other is not candidate)

    return [item for item in above if not beaten(*item)]


class CentralChunks:
    """Callable spaCy component: adds the central generic phrases to `doc._.mlkg_entities` and their mentions to
    `doc.spans["mlkg"]`, before the relation finder links each entity to the paper."""

    def __init__(self, rules: Rules, model: CentralityModel):
        self.rules = rules
        self.model = model
        self.typer = EntityTyper(rules)

    def __call__(self, doc: Doc) -> Doc:
        entities = doc._.mlkg_entities
        if entities is None:
            return doc
        chosen = self.model.chosen(chunk_candidates(doc, self.rules, known_keys(entities)))
        if not chosen:
            return doc  # the mention finder's spans stand as they are
        spans = list(doc.spans.get("mlkg", []))
        for candidate, score, modelled_type in chosen:
            confidence = round(1 / (1 + math.exp(-score)), 2)
            etype = modelled_type or self.typer.head_type(candidate.text.rsplit(" ", 1)[-1]) or "Method"
            entity = DocEntity(candidate.key, candidate.text, type=etype,
                               mentions=[(start, end, RULE, confidence) for start, end in candidate.mentions])
            entities[candidate.key] = entity
            for start, end in candidate.mentions:
                span = doc.char_span(start, end, label=etype)
                span._.mlkg_key, span._.mlkg_rule, span._.mlkg_confidence = candidate.key, RULE, confidence
                spans.append(span)
        doc.spans["mlkg"] = sorted(spans, key=lambda s: (s.start_char, s.end_char))
        return doc
