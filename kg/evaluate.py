"""Scoring the extractor against a gold set (`kg eval`): precision, recall and F1 per category and overall.

Gold records (gold/README.md) list each paper's entities by category, with `|`-separated alternative names,
and its numeric results. Predictions come from PaperFacts (a fresh extraction) or from a built graph; both are
mapped to the gold's categories the same way, so the two agree on what they score. Two matching modes:

- strict: a predicted name or alias equals a gold alternative after normalisation (case, NFKC, LaTeX markup,
  dashes and other separators, singular/plural, a leading article);
- lenient: their content words overlap (Jaccard >= 0.5, or one's words are all in the other's).

Matching is one-to-one (best pairs first, ties by position), so one prediction can hit only one gold entity.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path

from rdflib import Graph, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS

from extract.entity_names import name_key, singular_word
from extract.facts import ENTITY_TYPES, RELATIONS, Paper, PaperFacts
from extract.names import has_shape

from .vocab import MLKG

#: Gold categories in report order; precedence is proposes > baselines > the type categories.
CATEGORIES: tuple[str, ...] = ("proposes", "tasks", "datasets", "models", "metrics", "methods", "baselines")
#: Categories whose every entry is a named artifact, and those where only name-shaped entries are.
NAMED_ALWAYS: tuple[str, ...] = ("datasets", "models", "metrics")
NAMED_BY_SHAPE: tuple[str, ...] = ("proposes", "methods", "baselines")
MODES: tuple[str, ...] = ("strict", "lenient")
#: Issue targets, on the type-agnostic per-paper entity sets.
TARGETS: dict[str, float] = {"named": 0.90, "all": 0.75}
#: Where `kg eval` looks for the corpus when --corpus is not given (relative to the working directory).
DEFAULT_CORPUS = Path("../shared/corpora/abstracts")

_TYPE_CATEGORY = {"Method": "methods", "Dataset": "datasets", "Model": "models", "Metric": "metrics", "Task": "tasks"}
_BASELINE_PREDICATES = frozenset({"comparesWith", "outperforms"})
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\*?")
_MARKUP = re.compile(r"[$^_{}\\~]")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_NON_WORD = re.compile(r"[\W_]+")
_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?|\.\d+")
_STOPWORDS = frozenset(
    "a an the of for and or in on with to by via from at as into over under using based its their our".split()
)
_JACCARD = 0.5


class GoldError(Exception):
    """The gold file or the corpus it points at cannot be used; the message says which record and why."""


@dataclass(frozen=True)
class GoldEntity:
    """One gold entity: its alternative names, the most complete first."""

    alternatives: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.alternatives[0]


@dataclass(frozen=True)
class GoldResult:
    """A numeric result; `entity`/`dataset` are None when the gold leaves them empty."""

    entity: GoldEntity | None
    metric: GoldEntity
    dataset: GoldEntity | None
    value: str
    number: Decimal | None


@dataclass(frozen=True)
class GoldPaper:
    """A gold record with its text joined in: `paper` is what the extractor reads (id = the gold id)."""

    paper: Paper
    categories: dict[str, list[GoldEntity]]
    results: tuple[GoldResult, ...] = ()


@dataclass(frozen=True)
class PredEntity:
    """A predicted entity: its label and other names (any of them may match)."""

    name: str
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class PredResult:
    """A predicted numeric result."""

    entity: PredEntity | None
    metric: PredEntity
    dataset: PredEntity | None
    value: Decimal


@dataclass(frozen=True)
class Score:
    """Counts behind precision/recall/F1; a ratio with a zero denominator is None (shown as '-')."""

    gold: int = 0
    predicted: int = 0
    hits: int = 0

    def __add__(self, other: Score) -> Score:
        return Score(self.gold + other.gold, self.predicted + other.predicted, self.hits + other.hits)

    @property
    def precision(self) -> float | None:
        return self.hits / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.hits / self.gold if self.gold else None

    @property
    def f1(self) -> float | None:
        total = self.gold + self.predicted
        return 2 * self.hits / total if total else None

    def as_dict(self) -> dict:
        ratios = {"precision": self.precision, "recall": self.recall, "f1": self.f1}
        return {"gold": self.gold, "predicted": self.predicted, "hits": self.hits,
                **{k: None if v is None else round(v, 4) for k, v in ratios.items()}}


@dataclass(frozen=True)
class Miss:
    """A gold item (`-`) or prediction (`+`) left unmatched in strict mode; `lenient` names its lenient partner."""

    sign: str
    category: str
    name: str
    lenient: str | None = None


@dataclass(frozen=True)
class PaperDetail:
    """What one paper missed and added (strict, typed), for --verbose."""

    id: str
    items: tuple[Miss, ...]


@dataclass(frozen=True)
class Report:
    """Scores per mode: `typed` by category (plus `named` and `all`), `entity_set` type-agnostic per paper."""

    papers: int
    typed: dict[str, dict[str, Score]]
    entity_set: dict[str, dict[str, Score]]
    results: dict[str, Score]
    details: tuple[PaperDetail, ...] = ()
    missing: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        def rows(table: dict[str, dict[str, Score]]) -> dict:
            return {mode: {row: score.as_dict() for row, score in scores.items()} for mode, scores in table.items()}

        return {
            "papers": self.papers,
            "missing": list(self.missing),
            "typed": rows(self.typed),
            "entity_set": rows(self.entity_set),
            "results": {mode: score.as_dict() for mode, score in self.results.items()},
            "targets": {
                name: {"f1_at_least": target, **{mode: self.entity_set[mode][name].as_dict()["f1"] for mode in MODES}}
                for name, target in TARGETS.items()
            },
            "details": [{"id": d.id, "items": [vars(item) for item in d.items]} for d in self.details],
        }


# --- gold -------------------------------------------------------------------------------------------------


def load_gold(path: Path, corpus_dir: Path | None = None) -> list[GoldPaper]:
    """Gold papers from a gold JSON file, each record's text taken from its own `text` field or joined in from
    the corpus by `corpus_file` + `id` (corpus_dir, else DEFAULT_CORPUS when that folder exists)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise GoldError(f"cannot read gold file {path}: {err}") from err
    records = data.get("papers") if isinstance(data, dict) else None
    if not isinstance(records, list):
        raise GoldError(f"{path}: expected an object with a 'papers' list (see gold/README.md)")
    seen: set[str] = set()
    for number, record in enumerate(records, 1):
        if not isinstance(record, dict) or not isinstance(record.get("id"), str) or not record["id"].strip():
            raise GoldError(f"{path}: paper #{number} has no string 'id'")
        if record["id"] in seen:
            raise GoldError(f"{path}: gold id {record['id']} appears twice")
        seen.add(record["id"])
        if "text" not in record and not isinstance(record.get("corpus_file"), str):
            raise GoldError(f"{path}: gold record {record['id']} has neither 'text' nor 'corpus_file'")
    texts = _corpus_texts([r for r in records if "text" not in r], corpus_dir)
    return [_gold_paper(record, texts, path) for record in records]


def _corpus_texts(records: list[dict], corpus_dir: Path | None) -> dict[str, tuple[str | None, str]]:
    """(title, abstract) by gold id for records without their own text, reading each corpus file once."""
    if not records:
        return {}
    if corpus_dir is None:
        if not DEFAULT_CORPUS.is_dir():
            raise GoldError(f"gold record {records[0]['id']} has no 'text'; pass --corpus DIR "
                            "(the folder holding the corpus .jsonl files)")
        corpus_dir = DEFAULT_CORPUS
    wanted: dict[str, set[str]] = {}
    for record in records:
        wanted.setdefault(record["corpus_file"], set()).add(record["id"])
    found: dict[str, tuple[str | None, str]] = {}
    for name, ids in sorted(wanted.items()):
        file = Path(corpus_dir) / name
        if not file.is_file():
            raise GoldError(f"corpus file not found: {file} (needed by gold record {min(ids)})")
        with file.open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line) if line.strip() else {}
                if record.get("id") in ids:
                    found[record["id"]] = (record.get("title"), record.get("abstract") or "")
        missing = sorted(ids - found.keys())
        if missing:
            raise GoldError(f"gold record {missing[0]} not found in {file}")
    return found


def _split(value: str) -> GoldEntity:
    return GoldEntity(tuple(alt.strip() for alt in value.split("|") if alt.strip()))


def _gold_paper(record: dict, texts: dict[str, tuple[str | None, str]], path: Path) -> GoldPaper:
    gold_id = record["id"]
    title, text = (record.get("title"), record["text"]) if "text" in record else texts[gold_id]
    categories = {}
    for category in CATEGORIES:
        values = record.get(category, [])
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise GoldError(f"{path}: gold record {gold_id}: '{category}' must be a list of strings")
        categories[category] = [entity for entity in map(_split, values) if entity.alternatives]
    known = [entity for entities in categories.values() for entity in entities]

    def resolve(name: str) -> GoldEntity | None:
        """A result's name as the full gold entity it names, so all its alternatives count."""
        if not name.strip():
            return None
        key = strict_key(name)
        return next((e for e in known if key in {strict_key(a) for a in e.alternatives}), _split(name))

    results = []
    for result in record.get("results", []):
        if not isinstance(result, dict) or not str(result.get("metric", "")).strip() or "value" not in result:
            raise GoldError(f"{path}: gold record {gold_id}: each result needs 'metric' and 'value'")
        results.append(GoldResult(resolve(str(result.get("entity", ""))), resolve(str(result["metric"])),
                                  resolve(str(result.get("dataset", ""))), str(result["value"]),
                                  _number(str(result["value"]))))
    paper = Paper(id=gold_id, abstract=text, title=title, source=str(record.get("corpus_file", "")))
    return GoldPaper(paper=paper, categories=categories, results=tuple(results))


def _number(text: str) -> Decimal | None:
    """The first number written in a value ("more than 27%" -> 27, "8,400" -> 8400); sign ignored."""
    match = _NUMBER.search(text)
    try:
        return abs(Decimal(match.group().replace(",", ""))) if match else None
    except InvalidOperation:
        return None


# --- predictions ----------------------------------------------------------------------------------------


def _category(predicates: set[str], etype: str) -> str:
    """The gold category of a predicted entity, with the gold's precedence."""
    if "proposes" in predicates:
        return "proposes"
    if predicates & _BASELINE_PREDICATES:
        return "baselines"
    return _TYPE_CATEGORY[etype]


def _by_category(items: list[tuple[str, PredEntity]]) -> dict[str, list[PredEntity]]:
    """Sorted by name so a fresh extraction and a graph list the same entities in the same order."""
    categories: dict[str, list[PredEntity]] = {category: [] for category in CATEGORIES}
    for category, entity in sorted(items, key=lambda item: (item[1].name, item[1].aliases)):
        categories[category].append(entity)
    return categories


def _pred_entity(name: str, aliases) -> PredEntity:
    return PredEntity(name, tuple(sorted(set(aliases) - {name})))


def predictions_from_facts(facts: PaperFacts) -> dict[str, list[PredEntity]]:
    """The paper's entities in gold categories: proposes, baselines (comparesWith/outperforms), else by type."""
    predicates: dict[str, set[str]] = {}
    for relation in facts.relations:
        predicates.setdefault(relation.entity, set()).add(relation.predicate)
    return _by_category([(_category(predicates.get(e.key, set()), e.type), _pred_entity(e.name, e.aliases))
                         for e in facts.entities])


def results_from_facts(facts: PaperFacts) -> list[PredResult]:
    """The paper's numeric results with their entities' names."""
    by_key = {e.key: _pred_entity(e.name, e.aliases) for e in facts.entities}
    return [PredResult(by_key.get(r.entity), by_key[r.metric], by_key.get(r.dataset) if r.dataset else None,
                       abs(Decimal(r.value)))
            for r in facts.results if r.metric in by_key]


def _graph_entity(graph: Graph, node) -> PredEntity:
    label = graph.value(node, SKOS.prefLabel) or graph.value(node, RDFS.label) or node
    return _pred_entity(str(label), {str(alt) for alt in graph.objects(node, SKOS.altLabel)})


def predictions_from_graph(graph: Graph, paper_iri: URIRef) -> dict[str, list[PredEntity]]:
    """Same mapping as predictions_from_facts, read from a built graph (MLKG terms, skos labels)."""
    predicates: dict = {}
    for predicate in RELATIONS:
        for node in graph.objects(paper_iri, MLKG[predicate]):
            predicates.setdefault(node, set()).add(predicate)
    items = []
    for node, found in predicates.items():
        etype = next((t for t in ENTITY_TYPES if (node, RDF.type, MLKG[t]) in graph), "Method")
        items.append((_category(found, etype), _graph_entity(graph, node)))
    return _by_category(items)


def results_from_graph(graph: Graph, paper_iri: URIRef) -> list[PredResult]:
    """The paper's mlkg:Result nodes as predicted results."""
    results = []
    for node in graph.objects(paper_iri, MLKG.reportsResult):
        value, metric = graph.value(node, MLKG.value), graph.value(node, MLKG.resultMetric)
        if value is None or metric is None:
            continue
        entity, dataset = graph.value(node, MLKG.resultFor), graph.value(node, MLKG.resultDataset)
        results.append(PredResult(_graph_entity(graph, entity) if entity else None, _graph_entity(graph, metric),
                                  _graph_entity(graph, dataset) if dataset else None, abs(Decimal(str(value)))))
    return sorted(results, key=lambda r: (r.value, r.metric.name))


# --- matching -------------------------------------------------------------------------------------------


def _clean(name: str) -> str:
    """NFKC, LaTeX commands and markup characters removed, whitespace collapsed, a leading article dropped."""
    text = _MARKUP.sub("", _LATEX_COMMAND.sub(" ", unicodedata.normalize("NFKC", name)))
    return _ARTICLE.sub("", " ".join(text.split()))


@lru_cache(maxsize=65536)
def strict_key(name: str) -> str:
    """The form two names share when they are one name: see the module docstring."""
    text = _clean(name)
    if " " not in text:
        text = singular_word(text)
    return _NON_WORD.sub("", name_key(text))


@lru_cache(maxsize=65536)
def content_tokens(name: str) -> frozenset[str]:
    """Content words of a name, case-folded and singular, without articles, prepositions and conjunctions."""
    words = (singular_word(w).casefold() for w in _NON_WORD.split(_clean(name)) if w)
    return frozenset(w for w in words if w not in _STOPWORDS)


def similarity(gold: Sequence[str], predicted: Sequence[str], mode: str) -> float:
    """Best score over all pairs of names: 1.0 for a strict match, else (lenient only) their Jaccard overlap
    when it is >= 0.5 or one's content words contain the other's; 0.0 when they do not match."""
    gold_keys = {strict_key(name) for name in gold}
    if any(strict_key(name) in gold_keys for name in predicted):
        return 1.0
    if mode == "strict":
        return 0.0
    best = 0.0
    for g in map(content_tokens, gold):
        for p in map(content_tokens, predicted):
            if not g or not p:
                continue
            jaccard = len(g & p) / len(g | p)
            if jaccard >= _JACCARD or g <= p or p <= g:
                best = max(best, jaccard)
    return best


def match(gold: Sequence[GoldEntity], predicted: Sequence[PredEntity], mode: str) -> list[tuple[int, int]]:
    """One-to-one (gold index, predicted index) pairs: best scores first, ties broken by position."""
    return _match_names([g.alternatives for g in gold], [p.names for p in predicted], mode)


def _match_names(gold: Sequence[Sequence[str]], predicted: Sequence[Sequence[str]], mode: str) -> list[tuple[int, int]]:
    return _greedy(len(gold), len(predicted), lambda i, j: similarity(gold[i], predicted[j], mode))


def _greedy(n_gold: int, n_pred: int, score: Callable[[int, int], float]) -> list[tuple[int, int]]:
    candidates = sorted((-s, i, j) for i in range(n_gold) for j in range(n_pred) if (s := score(i, j)) > 0)
    used_gold: set[int] = set()
    used_pred: set[int] = set()
    pairs = []
    for _, i, j in candidates:
        if i not in used_gold and j not in used_pred:
            used_gold.add(i)
            used_pred.add(j)
            pairs.append((i, j))
    return sorted(pairs)


def looks_named(name: str) -> bool:
    """A named artifact rather than a generic term: a capital after the first character, a digit, or a word
    shaped like a name (`t-SVD`, `GPT-5`)."""
    text = _clean(name)
    return any(ch.isupper() for ch in text[1:]) or any(ch.isdigit() for ch in text) or any(map(has_shape, text.split()))


def _is_named(category: str, names: Sequence[str]) -> bool:
    return category in NAMED_ALWAYS or (category in NAMED_BY_SHAPE and any(map(looks_named, names)))


def _tally(gold: list[tuple[str, tuple[str, ...]]], predicted: list[tuple[str, tuple[str, ...]]],
           pairs: list[tuple[int, int]]) -> dict[str, Score]:
    """`all` and `named` counts for matched (category, names) items. A hit counts as named when its gold entity
    is named; an unmatched prediction when it is named itself (by its category and shape)."""
    matched_pred = {j for _, j in pairs}
    named_gold = [_is_named(*item) for item in gold]
    named_hits = sum(named_gold[i] for i, _ in pairs)
    named_extras = sum(_is_named(*item) for j, item in enumerate(predicted) if j not in matched_pred)
    return {
        "all": Score(len(gold), len(predicted), len(pairs)),
        "named": Score(sum(named_gold), named_hits + named_extras, named_hits),
    }


def _match_results(gold: Sequence[GoldResult], predicted: Sequence[PredResult], mode: str) -> list[tuple[int, int]]:
    """A result matches when the numbers are equal and metric, entity and dataset match (the last two only when
    the gold names them)."""
    def score(i: int, j: int) -> float:
        g, p = gold[i], predicted[j]
        if g.number is None or g.number != p.value:
            return 0.0
        parts = [(g.metric, p.metric)] + [(ge, pe) for ge, pe in ((g.entity, p.entity), (g.dataset, p.dataset)) if ge]
        scores = [similarity(ge.alternatives, pe.names, mode) if pe else 0.0 for ge, pe in parts]
        return 0.0 if min(scores) == 0 else sum(scores)

    return _greedy(len(gold), len(predicted), score)


# --- evaluation -----------------------------------------------------------------------------------------


def evaluate(gold_papers: Sequence[GoldPaper], facts_by_id: Mapping[str, PaperFacts]) -> Report:
    """Score a fresh extraction (facts keyed by paper id = gold id)."""
    predictions = {pid: (predictions_from_facts(f), results_from_facts(f)) for pid, f in facts_by_id.items()}
    return score_predictions(gold_papers, predictions)


def evaluate_graph(gold_papers: Sequence[GoldPaper], graph: Graph) -> Report:
    """Score a built graph; its papers are matched to gold records by dcterms:identifier."""
    iris = {str(pid): iri for iri, pid in graph.subject_objects(DCTERMS.identifier) if (iri, RDF.type, MLKG.Paper) in graph}
    predictions = {g.paper.id: (predictions_from_graph(graph, iris[g.paper.id]), results_from_graph(graph, iris[g.paper.id]))
                   for g in gold_papers if g.paper.id in iris}
    return score_predictions(gold_papers, predictions)


def evaluate_annotation(gold_papers: Sequence[GoldPaper], other: Sequence[GoldPaper]) -> Report:
    """Score a second annotation of gold papers as if it were an extraction: how far two annotators (or one, twice)
    agree, the ceiling an extractor scored against either can expect. Only the papers `other` lists are scored."""
    by_id = {g.paper.id: g for g in gold_papers}
    strangers = [o.paper.id for o in other if o.paper.id not in by_id]
    if strangers:
        raise GoldError(f"paper {strangers[0]} of the second annotation is not in the gold")

    def entity(gold: GoldEntity | None) -> PredEntity | None:  # a result's names are resolved on loading
        return None if gold is None else PredEntity(gold.name, gold.alternatives[1:])

    predictions = {o.paper.id: ({c: [entity(e) for e in o.categories[c]] for c in CATEGORIES},
                                [PredResult(entity(r.entity), entity(r.metric), entity(r.dataset), r.number)
                                 for r in o.results if r.number is not None])
                   for o in other}
    return score_predictions([by_id[o.paper.id] for o in other], predictions)


def score_predictions(gold_papers: Sequence[GoldPaper],
                      predictions: Mapping[str, tuple[dict[str, list[PredEntity]], list[PredResult]]]) -> Report:
    """Micro-averaged scores over all gold papers; a paper without predictions counts as predicting nothing."""
    typed = {mode: {row: Score() for row in (*CATEGORIES, "named", "all")} for mode in MODES}
    entity_set = {mode: {row: Score() for row in ("named", "all")} for mode in MODES}
    results = {mode: Score() for mode in MODES}
    nothing: tuple[dict[str, list[PredEntity]], list[PredResult]] = ({c: [] for c in CATEGORIES}, [])
    details = []
    for gold in gold_papers:
        entities, predicted_results = predictions.get(gold.paper.id, nothing)
        pairs = {mode: {c: match(gold.categories[c], entities[c], mode) for c in CATEGORIES} for mode in MODES}
        result_pairs = {mode: _match_results(gold.results, predicted_results, mode) for mode in MODES}
        all_gold = [(c, e.alternatives) for c in CATEGORIES for e in gold.categories[c]]
        all_pred = [(c, e.names) for c in CATEGORIES for e in entities[c]]
        for mode in MODES:
            for category in CATEGORIES:
                g, p, found = gold.categories[category], entities[category], pairs[mode][category]
                typed[mode][category] += Score(len(g), len(p), len(found))
                for row, score in _tally([(category, e.alternatives) for e in g], [(category, e.names) for e in p],
                                         found).items():
                    typed[mode][row] += score
            set_pairs = _match_names([names for _, names in all_gold], [names for _, names in all_pred], mode)
            for row, score in _tally(all_gold, all_pred, set_pairs).items():
                entity_set[mode][row] += score
            results[mode] += Score(len(gold.results), len(predicted_results), len(result_pairs[mode]))
        items = [item for c in CATEGORIES
                 for item in _misses(c, gold.categories[c], entities[c], pairs["strict"][c], pairs["lenient"][c])]
        items += _result_misses(gold.results, predicted_results, result_pairs["lenient"])
        if items:
            details.append(PaperDetail(gold.paper.id, tuple(items)))
    return Report(
        papers=len(gold_papers),
        typed=typed,
        entity_set=entity_set,
        results=results,
        details=tuple(details),
        missing=tuple(g.paper.id for g in gold_papers if g.paper.id not in predictions),
    )


def _misses(category: str, gold: list[GoldEntity], predicted: list[PredEntity], strict: list[tuple[int, int]],
            lenient: list[tuple[int, int]]) -> list[Miss]:
    hit_gold, hit_pred = {i for i, _ in strict}, {j for _, j in strict}
    partner_of_gold, partner_of_pred = dict(lenient), {j: i for i, j in lenient}
    items = [Miss("-", category, "|".join(g.alternatives),
                  predicted[partner_of_gold[i]].name if i in partner_of_gold else None)
             for i, g in enumerate(gold) if i not in hit_gold]
    items += [Miss("+", category, p.name, gold[partner_of_pred[j]].name if j in partner_of_pred else None)
              for j, p in enumerate(predicted) if j not in hit_pred]
    return items


def _describe(value: str, metric: PredEntity | GoldEntity, entity, dataset) -> str:
    where = f" on {dataset.name}" if dataset else ""
    who = f" ({entity.name})" if entity else ""
    return f"{value} {metric.name}{where}{who}"


def _result_misses(gold: Sequence[GoldResult], predicted: Sequence[PredResult], pairs: list[tuple[int, int]]) -> list[Miss]:
    hit_gold, hit_pred = {i for i, _ in pairs}, {j for _, j in pairs}
    items = [Miss("-", "results", _describe(g.value, g.metric, g.entity, g.dataset))
             for i, g in enumerate(gold) if i not in hit_gold]
    items += [Miss("+", "results", _describe(str(p.value), p.metric, p.entity, p.dataset))
              for j, p in enumerate(predicted) if j not in hit_pred]
    return items


# --- report ---------------------------------------------------------------------------------------------


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _row(label: str, scores: dict[str, Score]) -> str:
    cells = [f"{label:<12}{scores['strict'].gold:>6}"]
    for mode in MODES:
        s = scores[mode]
        cells.append(f"{s.predicted:>7}{s.hits:>6}{_ratio(s.precision):>7}{_ratio(s.recall):>6}{_ratio(s.f1):>6}")
    return "  ".join(cells)


def format_report(report: Report, verbose: bool = False) -> str:
    """A fixed-width table (strict and lenient side by side); with verbose, each paper's misses and extras."""
    head = f"{'':18}  {'strict':^32}  {'lenient':^32}".rstrip()
    columns = f"{'category':<12}{'gold':>6}" + f"  {'pred':>7}{'hits':>6}{'P':>7}{'R':>6}{'F1':>6}" * 2
    lines = [f"{report.papers} gold papers" + (f", {len(report.missing)} without predictions" if report.missing else ""),
             "", "typed (per category)", head, columns]
    lines += [_row(row, {m: report.typed[m][row] for m in MODES}) for row in report.typed["strict"]]
    lines += ["", "entity set (type-agnostic, per paper)", columns]
    lines += [_row(row, {m: report.entity_set[m][row] for m in MODES}) for row in report.entity_set["strict"]]
    lines += ["", "results (same number; metric, entity, dataset matched)", columns, _row("results", report.results)]
    lines.append("")
    for name, target in TARGETS.items():
        f1 = {m: _ratio(report.entity_set[m][name].f1) for m in MODES}
        lines.append(f"target: entity-set {name} F1 >= {target:.2f}: strict {f1['strict']}, lenient {f1['lenient']}")
    if report.missing:
        lines.append("without predictions: " + ", ".join(report.missing))
    if verbose:
        lines += ["", "per paper (strict, typed; '-' missed gold, '+' extra prediction, '~' its lenient match)"]
        for detail in report.details:
            lines.append(detail.id)
            for item in detail.items:
                partner = f"  ~ {item.lenient}" if item.lenient else ""
                lines.append(f"  {item.sign} {item.category:<10} {item.name}{partner}")
    return "\n".join(lines)
