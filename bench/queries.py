"""`python -m bench.queries [--papers N]`: every saved query timed on rdflib's own engine and on Oxigraph.

The graph is synthetic but has the shape of docs/graph.md: N papers, each linked to a few entities drawn from
Zipf-distributed pools (a few very popular datasets and models, a long tail) and one evidence node per link, from a
fixed seed so runs compare. Each query runs 5 times per engine and the median is shown; Oxigraph's time is
`run_saved` (query plus conversion of the rows to Python). rdflib runs in a forked child so that a slow query can be
stopped: it gets at most --rdflib-cap seconds per query in all, and a run still going at the cap is killed.
rdflib gets the same query text and the same parameter terms (as initBindings); "[n rows!]" flags a row count
that differs from Oxigraph's.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import queue
import random
import statistics
import tempfile
import time
from itertools import accumulate
from pathlib import Path

import pyoxigraph as ox
from rdflib import RDF, RDFS, SKOS, XSD, Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV

from kg.sparql import load_store, param_term, run_query, run_saved, saved_queries
from kg.vocab import ID, MLKG, PREFIXES

RUNS = 5
#: kind -> (class, pool size per paper): pools grow with the corpus, as new papers bring new names.
POOLS = {
    "dataset": (MLKG.Dataset, 0.1),
    "model": (MLKG.Model, 0.05),
    "method": (MLKG.Method, 0.2),
    "metric": (MLKG.Metric, 0.01),
    "task": (MLKG.Task, 0.025),
}
#: relation -> (kind of entity, fewest and most links per paper)
LINKS = {
    MLKG.evaluatedOn: ("dataset", 1, 3),
    MLKG.usesModel: ("model", 0, 2),
    MLKG.usesMethod: ("method", 0, 2),
    MLKG.comparesWith: ("method", 0, 2),
    MLKG.usesMetric: ("metric", 1, 2),
    MLKG.addresses: ("task", 0, 1),
}
WORDS = ("we propose a model that learns to reason over graphs and improves accuracy on several benchmarks "
         "while using fewer parameters than prior work in our experiments the method scales").split()


def synthetic_graph(papers: int, seed: int = 20260101) -> Graph:
    """N papers in the docs/graph.md shape, links drawn from Zipf (s=1.1) pools, one evidence node per link."""
    rng = random.Random(seed)
    graph = Graph()
    for name, namespace in PREFIXES.items():
        graph.bind(name, namespace)
    pools = {}
    for kind, (cls, per_paper) in POOLS.items():
        members = [ID[f"{kind}/{kind}-{i}"] for i in range(max(20, int(papers * per_paper)))]
        for i, entity in enumerate(members):
            _add_entity(graph, entity, cls, f"{kind.title()} {i}")
        pools[kind] = (members, list(accumulate(1 / (rank + 1) ** 1.1 for rank in range(len(members)))))
        if kind in ("dataset", "model"):  # every fifth entity is a version in a family of five, as ARC-AGI-1 and -2
            for i, entity in enumerate(members):
                if i % 5:
                    graph.add((entity, MLKG.memberOf, members[i - i % 5]))

    def draw(kind: str, count: int) -> list[URIRef]:
        members, weights = pools[kind]
        return list(dict.fromkeys(rng.choices(members, cum_weights=weights, k=count)))

    for i in range(papers):
        paper = ID[f"paper/{i:016x}"]
        words = rng.choices(WORDS, k=80)
        abstract = " ".join(words)
        for predicate, value in ((RDF.type, MLKG.Paper), (DCTERMS.identifier, Literal(f"{i:016x}")),
                                 (RDFS.label, Literal(" ".join(words[:4]).title() + f" {i}")),
                                 (DCTERMS.abstract, Literal(abstract)), (MLKG.inputFile, Literal("synthetic.txt")),
                                 (MLKG.venue, Literal(rng.choice(("ICML", "NeurIPS", "ICLR")))),
                                 (MLKG.year, Literal(rng.choice((2024, 2025, 2026))))):
            graph.add((paper, predicate, value))
        links = [(predicate, entity) for predicate, (kind, low, high) in LINKS.items()
                 for entity in draw(kind, rng.randint(low, high))]
        proposed = ID[f"method/proposed-{i}"]
        _add_entity(graph, proposed, MLKG.Method, f"Proposed {i}")
        links.append((MLKG.proposes, proposed))
        if rng.random() < 0.03:  # a paper that introduces a benchmark, usually a tail one
            links.append((MLKG.proposes, rng.choice(pools["dataset"][0])))
        links += [(MLKG.outperforms, entity) for predicate, entity in links[:] if predicate == MLKG.comparesWith]
        for n, (predicate, entity) in enumerate(links):
            graph.add((paper, predicate, entity))
            _add_evidence(graph, ID[f"evidence/{i:012x}{n:04x}"], paper, predicate, entity, abstract, rng)
        if rng.random() < 0.3:  # a reported number: 66.21% accuracy of the proposal on a dataset it uses
            _add_result(graph, ID[f"result/{i:016x}"], paper, proposed, draw("metric", 1)[0],
                        next((e for p, e in links if p == MLKG.evaluatedOn), None), rng)
    return graph


def _add_entity(graph: Graph, entity: URIRef, cls: URIRef, label: str) -> None:
    graph.add((entity, RDF.type, cls))
    graph.add((entity, RDFS.label, Literal(label)))
    graph.add((entity, SKOS.prefLabel, Literal(label)))


def _add_result(graph: Graph, node: URIRef, paper: URIRef, entity: URIRef, metric: URIRef, dataset: URIRef | None,
                rng: random.Random) -> None:
    value = round(rng.uniform(1, 99), 2)
    graph.add((paper, MLKG.reportsResult, node))
    for p, o in ((RDF.type, MLKG.Result), (RDFS.label, Literal(f"{value}%")), (MLKG.valueText, Literal(f"{value}%")),
                 (MLKG.value, Literal(str(value), datatype=XSD.decimal)), (MLKG.unit, Literal("%")),
                 (MLKG.resultMetric, metric), (MLKG.resultFor, entity)):
        graph.add((node, p, o))
    if dataset is not None:
        graph.add((node, MLKG.resultDataset, dataset))


def _add_evidence(graph: Graph, node: URIRef, paper: URIRef, predicate: URIRef, entity: URIRef, abstract: str,
                  rng: random.Random) -> None:
    start = rng.randrange(0, len(abstract) - 120)
    mention = start + rng.randrange(0, 60)
    for p, o in ((RDF.type, MLKG.Evidence), (RDF.subject, paper), (RDF.predicate, predicate), (RDF.object, entity),
                 (PROV.wasDerivedFrom, paper), (MLKG.sentence, Literal(abstract[start:start + 120])),
                 (MLKG.sentenceStart, Literal(start)), (MLKG.sentenceEnd, Literal(start + 120)),
                 (MLKG.mentionStart, Literal(mention)), (MLKG.mentionEnd, Literal(mention + 8)),
                 (MLKG.mentionText, Literal(abstract[mention:mention + 8])), (MLKG.rule, Literal("synthetic")),
                 (MLKG.confidence, Literal("0.8", datatype=XSD.decimal))):
        graph.add((node, p, o))


def median_ms(func) -> tuple[float, object]:
    """The median wall time of RUNS calls, in ms, and the last call's value: one slow run on a shared machine does
    not move it."""
    times, value = [], None
    for _ in range(RUNS):
        start = time.perf_counter()
        value = func()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, value


def _rdflib_runs(graph: Graph, text: str, bindings: dict, out: multiprocessing.Queue) -> None:
    """In the forked child: run the query RUNS times, reporting (seconds, row count) after each run."""
    for _ in range(RUNS):
        start = time.perf_counter()
        rows = len(list(graph.query(text, initNs=PREFIXES, initBindings=bindings)))
        out.put((time.perf_counter() - start, rows))


def time_rdflib(graph: Graph, text: str, bindings: dict, cap_s: float) -> tuple[float | None, int, int | None]:
    """(median ms of the runs that finished within the cap, how many finished, rows); None ms if none did."""
    results: multiprocessing.Queue = multiprocessing.Queue()
    child = multiprocessing.get_context("fork").Process(target=_rdflib_runs, args=(graph, text, bindings, results))
    deadline = time.monotonic() + cap_s
    child.start()
    times, rows = [], None
    try:
        while len(times) < RUNS:
            seconds, rows = results.get(timeout=max(0.0, deadline - time.monotonic()))
            times.append(seconds)
    except queue.Empty:
        pass
    finally:
        child.kill()
        child.join()
    return (statistics.median(times) * 1000 if times else None), len(times), rows


def _rdflib_term(term: ox.NamedNode | ox.Literal):
    """The rdflib twin of the Oxigraph term `run_query` would bind, so both engines get the same bindings."""
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    return Literal(term.value, datatype=URIRef(term.datatype.value))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", type=int, default=20000)
    parser.add_argument("--rdflib-cap", type=float, default=30.0, help="seconds rdflib gets per query in all")
    args = parser.parse_args()

    start = time.perf_counter()
    graph = synthetic_graph(args.papers)
    print(f"synthetic graph: {args.papers} papers, {len(graph)} triples, built in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    store = load_store(graph)
    print(f"load_store(rdflib Graph): {time.perf_counter() - start:.1f} s")
    with tempfile.TemporaryDirectory() as tmp:
        turtle = Path(tmp) / "kg.ttl"
        store.dump(turtle, format=ox.RdfFormat.TURTLE, from_graph=ox.DefaultGraph(), prefixes={k: str(v) for k, v in PREFIXES.items()})
        start = time.perf_counter()
        load_store(turtle)
        print(f"load_store(Turtle file, {turtle.stat().st_size / 1e6:.0f} MB): {time.perf_counter() - start:.1f} s")

    top = run_saved(store, "benchmarks-ranked").rows[0][0]  # the most used dataset: the heaviest parameter value
    paper = run_query(store, "SELECT ?p WHERE { ?p a mlkg:Paper } ORDER BY ?p LIMIT 1").rows[0][0]
    task = run_saved(store, "tasks-ranked").rows[0][0]  # the most studied task
    examples = {"paper": paper, "entity": top, "node": top, "task": task}
    gc.freeze()  # keep the forked children from copying the whole heap as the collector touches it
    print(f"\nmedian of {RUNS} runs; rdflib capped at {args.rdflib_cap:.0f} s per query; params: {examples}\n")
    print(f"| {'query':<22} | {'rows':>7} | {'rdflib ms':>12} | {'oxigraph ms':>11} | {'ratio':>7} |")
    print("|" + "|".join("-" * (width + 1) + ":" for width in (22, 7, 12, 11, 7)).replace("-:", "--", 1) + "|")
    for saved in saved_queries():
        params = {p.name: examples[p.name] if p.default is None else p.default
                  for p in saved.params if p.required or p.default is not None}
        ox_ms, result = median_ms(lambda: run_saved(store, saved.name, params))
        bindings = {name: _rdflib_term(param_term(name, value)) for name, value in params.items()}
        rd_ms, finished, rd_rows = time_rdflib(graph, saved.text, bindings, args.rdflib_cap)
        if rd_ms is None:
            rd_cell, ratio = f">{args.rdflib_cap * 1000:.0f}", f">{args.rdflib_cap * 1000 / ox_ms:.0f}x"
        else:
            rd_cell = f"{rd_ms:.0f}" + ("" if finished == RUNS else f" ({finished} run{'s' * (finished > 1)})")
            ratio = f"{rd_ms / ox_ms:.0f}x"
            if rd_rows != len(result.rows):
                rd_cell += f" [{rd_rows} rows!]"
        print(f"| {saved.name:<22} | {len(result.rows):>7} | {rd_cell:>12} | {ox_ms:>11.1f} | {ratio:>7} |", flush=True)


if __name__ == "__main__":
    main()
