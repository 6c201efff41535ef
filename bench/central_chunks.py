"""`python -m bench.central_chunks [--gold FILE] [--corpus DIR] [--out FILE] [--dry-run] [--report]`: train the
central-phrase model (extract/central_chunks.py) on the development gold and write its weights.

Each gold paper goes through the pipeline up to the mention finder; the endings of its noun chunks that are no
entity yet are the candidates, labelled by whether they are one of the paper's gold entities that the rules miss.
A logistic model of that label, and a softmax model of the type (trained on the labelled candidates whose gold
category gives one), both by full-batch Adagrad with L2 and fixed iterations (deterministic), are first scored by
five-fold cross-validation over papers, which picks the threshold with the best sum of the entity-set F1 over all
entities and over named ones (a gold entity counts once, however many candidates name it); then trained on every
paper and written, weights rounded, with that threshold. Retrain after a change to the rules (the candidates are
what the rules leave) or to the gold; `--report` also prints `kg eval`'s table for the cross-validated extraction.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from spacy.language import Language

from extract.central_chunks import WEIGHTS_PATH, CentralityModel, ChunkCandidate, chunk_candidates, known_keys, select
from extract.pipeline import (EXTRACTOR_VERSION, clean_abstract, doc_to_facts, extract_papers, load_pipeline, nlp_text,
                              titled_doc)
from extract.rules import load_rules
from kg.atomic import atomic_write_text
from kg.evaluate import (_TYPE_CATEGORY, CATEGORIES, GoldError, GoldPaper, _is_named, _match_names, _tally, evaluate,
                         format_report, load_gold, predictions_from_facts, strict_key)

DEFAULT_GOLD = Path("gold/dev.json")
DEFAULT_CORPUS = Path("../shared/corpora/abstracts")
FOLDS = 5
ITERATIONS = 300
L2 = 3.0
LEARNING_RATE = 0.5
#: A feature seen in fewer papers than this gets no weight: one paper's words are no evidence.
MIN_PAPERS = 2
THRESHOLDS = [round(t * 0.1, 1) for t in range(-20, 21)]


#: The type a gold category gives a phrase it lists; proposes and baselines say nothing of the type.
TYPE_OF_CATEGORY = {"tasks": "Task", "datasets": "Dataset", "models": "Model", "metrics": "Metric", "methods": "Method"}


@dataclass
class PaperCandidates:
    """One gold paper's candidates, the missed gold entity each names ((index, category, whether it is named), or
    None), and the rules' tally (gold, predicted, hits) for all entities and for named ones."""

    paper_id: str
    candidates: list[ChunkCandidate]
    labels: list[tuple[int, str, bool] | None]
    tally: tuple[int, int, int]
    named: tuple[int, int, int]


def paper_candidates(golds: list[GoldPaper], nlp: Language) -> list[PaperCandidates]:
    """The candidates the component would see in each paper, with their labels; the rules' own predictions are
    made as in a build (relations and results run after the candidates are read)."""
    relations, results = nlp.get_pipe("mlkg_relations"), nlp.get_pipe("mlkg_results")
    rules = load_rules()
    cleans = [clean_abstract(nlp, g.paper.abstract) for g in golds]
    docs = (titled_doc(nlp, nlp_text(clean.text), g.paper.title) for g, clean in zip(golds, cleans))
    found = []
    with nlp.select_pipes(disable=["mlkg_central_chunks", "mlkg_relations", "mlkg_results"]):
        for gold, clean, doc in zip(golds, cleans, nlp.pipe(docs, batch_size=32)):
            candidates = chunk_candidates(doc, rules, known_keys(doc._.mlkg_entities))
            facts = doc_to_facts(results(relations(doc)), gold.paper, clean)
            predicted = predictions_from_facts(facts)
            gold_items = [(c, e.alternatives) for c in CATEGORIES for e in gold.categories[c]]
            predicted_items = [(c, e.names) for c in CATEGORIES for e in predicted[c]]
            pairs = _match_names([names for _, names in gold_items], [names for _, names in predicted_items], "strict")
            hit = {g for g, _ in pairs}
            missed = {strict_key(name): (index, category, _is_named(category, names))
                      for index, (category, names) in enumerate(gold_items) if index not in hit for name in names}
            scores = _tally(gold_items, predicted_items, pairs)
            labels = [missed.get(strict_key(c.text)) for c in candidates]
            found.append(PaperCandidates(gold.paper.id, candidates, labels,
                                         *((score.gold, score.predicted, score.hits)
                                           for score in (scores["all"], scores["named"]))))
    return found


def train(papers: list[PaperCandidates]) -> CentralityModel:
    """A logistic model of "this candidate is a gold entity the rules miss", and a softmax model of its type
    trained on the candidates that are (the type their gold category gives); threshold 0 (the caller sets it)."""
    candidates = [c for p in papers for c in p.candidates]
    labels = [label for p in papers for label in p.labels]
    names = _kept_features(papers, lambda _label: True)
    targets = np.array([[label is not None] for label in labels], dtype=float).reshape(-1, 1)
    weights, bias = _fit([c.features for c in candidates], names, targets, softmax=False)
    typed = [(c, TYPE_OF_CATEGORY[label[1]]) for c, label in zip(candidates, labels)
             if label is not None and label[1] in TYPE_OF_CATEGORY]
    type_names = _kept_features(papers, lambda label: label is not None and label[1] in TYPE_OF_CATEGORY)
    types = tuple(sorted(set(TYPE_OF_CATEGORY.values())))
    type_targets = np.array([[etype == t for t in types] for _, etype in typed], dtype=float).reshape(-1, len(types))
    type_weights, type_bias = _fit([c.features for c, _ in typed], type_names, type_targets, softmax=True)
    return CentralityModel(
        {name: round(float(w[0]), 3) for name, w in zip(names, weights) if abs(w[0]) >= 0.005},
        round(float(bias[0]), 3), 0.0, types,
        {name: [round(float(x), 2) for x in w] for name, w in zip(type_names, type_weights) if abs(w).max() >= 0.01},
        [round(float(x), 2) for x in type_bias])


def _kept_features(papers: list[PaperCandidates], counted) -> list[str]:
    """The features of the candidates whose label `counted` accepts, seen in at least MIN_PAPERS papers."""
    seen: dict[str, set[str]] = {}
    for paper in papers:
        for candidate, label in zip(paper.candidates, paper.labels):
            if counted(label):
                for feature in candidate.features:
                    seen.setdefault(feature, set()).add(paper.paper_id)
    return sorted(f for f, ids in seen.items() if len(ids) >= MIN_PAPERS)


def _fit(rows: list[set[str]], names: list[str], targets: np.ndarray, softmax: bool) -> tuple[np.ndarray, np.ndarray]:
    """Weights (one column per target column) and biases by full-batch Adagrad with L2: logistic for one column,
    softmax over several. Rows are sets of features; those not in `names` are ignored."""
    index = {name: i for i, name in enumerate(names)}
    encoded = [[index[f] for f in sorted(row) if f in index] for row in rows]
    flat = np.array([i for row in encoded for i in row], dtype=np.int64)
    row_of = np.repeat(np.arange(len(encoded)), [len(row) for row in encoded])
    width = targets.shape[1]
    weights, bias = np.zeros((len(names), width)), np.zeros(width)
    squared, bias_squared = np.full((len(names), width), 1e-8), np.full(width, 1e-8)
    for _ in range(ITERATIONS):
        scores = np.stack([np.bincount(row_of, weights=weights[flat, k], minlength=len(encoded)) for k in range(width)],
                          axis=1) + bias
        if softmax:
            exp = np.exp(scores - scores.max(axis=1, keepdims=True))
            error = exp / exp.sum(axis=1, keepdims=True) - targets
        else:
            error = 1 / (1 + np.exp(-scores)) - targets
        gradient = np.stack([np.bincount(flat, weights=error[row_of, k], minlength=len(names)) for k in range(width)],
                            axis=1) + L2 * weights
        squared += gradient ** 2
        weights -= LEARNING_RATE * gradient / np.sqrt(squared)
        bias_gradient = error.sum(axis=0)
        bias_squared += bias_gradient ** 2
        bias -= LEARNING_RATE * bias_gradient / np.sqrt(bias_squared)
    return weights, bias


def cross_validated(papers: list[PaperCandidates]) -> dict[float, tuple[float, float]]:
    """Entity-set F1 over all entities and over named ones at each threshold, each paper scored by a model trained
    on the other folds."""
    tally = {threshold: np.zeros(6, dtype=int) for threshold in THRESHOLDS}
    for fold in range(FOLDS):
        model = train([p for p in papers if _fold(p.paper_id) != fold])
        held = [(p, [(c, model.score(c)) for c in p.candidates]) for p in papers if _fold(p.paper_id) == fold]
        types = {id(c): model.type_of(c) for p, _ in held for c in p.candidates}
        for threshold in THRESHOLDS:
            for paper, scored in held:
                tally[threshold] += _counts(paper, [(c, s, types[id(c)]) for c, s in select(scored, threshold)])
    return {threshold: (_f1(*counts[:3]), _f1(*counts[3:])) for threshold, counts in tally.items()}


def _f1(gold: int, predicted: int, hits: int) -> float:
    return 2 * hits / (gold + predicted) if gold + predicted else 0.0


def _fold(paper_id: str) -> int:
    return int(hashlib.sha256(paper_id.encode()).hexdigest(), 16) % FOLDS


def _counts(paper: PaperCandidates, chosen: list[tuple[ChunkCandidate, float, str | None]]) -> np.ndarray:
    """Gold, predicted and hits, for all entities and for named ones, when the chosen phrases join the rules'.
    A gold entity counts once however many chosen phrases name it; a chosen phrase takes its category from its
    type, and is named as `kg eval` says (by category and shape)."""
    counts = np.array([*paper.tally, *paper.named])
    label_of = {id(candidate): label for candidate, label in zip(paper.candidates, paper.labels)}
    hit: set[int] = set()
    for candidate, _score, etype in chosen:
        label = label_of[id(candidate)]
        if label is not None and label[0] not in hit:
            hit.add(label[0])
            counts += (0, 1, 1, 0, label[2], label[2])
        else:
            counts += (0, 1, 0, 0, _is_named(_TYPE_CATEGORY[etype or "Method"], [candidate.text]), 0)
    return counts


def cross_validated_report(golds: list[GoldPaper], papers: list[PaperCandidates], threshold: float,
                           nlp: Language) -> str:
    """`kg eval`'s report on the gold, each paper extracted with a model trained on the other folds: the figure
    to quote for the development set, where a model trained on all of it would be scored on what it learned."""
    component = nlp.get_pipe("mlkg_central_chunks")
    shipped, facts = component.model, {}
    try:
        for fold in range(FOLDS):
            component.model = replace(train([p for p in papers if _fold(p.paper_id) != fold]), threshold=threshold)
            held = [g.paper for g in golds if _fold(g.paper.id) == fold]
            facts.update((f.paper.id, f) for f in extract_papers(held, nlp))
    finally:
        component.model = shipped  # the pipeline is the caller's: leave it as it came
    return format_report(evaluate(golds, facts), verbose=False)


def _one_entry_a_line(data: dict) -> str:
    """JSON with one weight (or one feature's list of type weights) a line, for readable diffs."""
    text = json.dumps(data, indent=0, ensure_ascii=False)
    return re.sub(r"\[\n([-\d.e,\n]*)\n\]", lambda m: "[" + m.group(1).replace("\n", " ") + "]", text) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.central_chunks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    parser.add_argument("--dry-run", action="store_true", help="print the cross-validation only; write nothing")
    parser.add_argument("--report", action="store_true",
                        help="also print kg eval's report with each paper extracted by a model trained on the others")
    args = parser.parse_args(argv)
    try:
        golds = load_gold(args.gold, args.corpus)
    except GoldError as err:
        raise SystemExit(f"error: {err}") from None
    nlp = load_pipeline()  # one load for the candidates and the report
    papers = paper_candidates(golds, nlp)
    gold, predicted, hits = (sum(p.tally[i] for p in papers) for i in range(3))
    print(f"{len(papers)} papers; rules alone: {hits} hits of {predicted} predictions, {gold} gold, "
          f"F1 {_f1(gold, predicted, hits):.4f} (named {_f1(*np.sum([p.named for p in papers], axis=0)):.4f}); "
          f"{sum(len(p.candidates) for p in papers)} candidates, "
          f"{sum(label is not None for p in papers for label in p.labels)} of them missed gold")
    scores = cross_validated(papers)
    best = max(THRESHOLDS, key=lambda threshold: (sum(scores[threshold]), threshold))
    for threshold in THRESHOLDS:
        print(f"threshold {threshold:5.1f}: F1 all {scores[threshold][0]:.4f}, named {scores[threshold][1]:.4f}"
              f"{'  <- chosen' if threshold == best else ''}")
    if args.report:
        print(cross_validated_report(golds, papers, best, nlp))
    if args.dry_run:
        return
    model = replace(train(papers), threshold=best)
    data = {"trained_on": {"gold": args.gold.name, "papers": len(papers), "extractor_version": EXTRACTOR_VERSION},
            **model.as_dict()}
    try:
        atomic_write_text(args.out, _one_entry_a_line(data))
    except OSError as err:
        raise SystemExit(f"error: cannot write {args.out}: {err}") from None
    print(f"wrote {args.out}: {len(model.weights)} weights, {len(model.type_weights)} type weights, threshold {best}")


if __name__ == "__main__":
    main()
