"""One scale measurement, run in its own process: `python -m bench.scale --papers N`.

Prints one JSON object. `python -m bench` runs it for several sizes, runs `kg build` end to end over the same
papers, and prints the table.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from extract.facts import Paper
from extract.pipeline import DEFAULT_MODEL, EXTRACTION_COMPONENTS, fewer_collections, load_pipeline

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "abstracts"
#: Abstracts per round of the bare-spaCy / our-extraction alternation: short rounds, so a burst of load from
#: another job on the machine falls on both sides.
ROUND = 100
#: Abstracts each pipeline reads before timing starts. The first few hundred texts a process reads are slower
#: (memory pools, vocabulary growth); a warm-up of 8 put that cost on whichever side ran first.
WARM_UP = 200
#: A corpus smaller than this is timed over several passes (its facts come from the first), so that even the
#: bundled 19 abstracts give a ratio resting on this many abstracts a side; times are reported per pass.
MIN_TIMED = 200


def corpus_papers(limit: int) -> list[Paper]:
    """The first `limit` abstracts of the shared corpus (files in name order), or fewer if it has fewer."""
    from kg.readers import read_corpus

    papers: list[Paper] = []
    for path in sorted(CORPUS.glob("*.jsonl")):
        papers.extend(read_corpus([path]).papers)
        if len(papers) >= limit:
            break
    return papers[:limit]


def bundled_papers() -> list[Paper]:
    from kg.readers import bundled_corpus_path, read_corpus

    return list(read_corpus([bundled_corpus_path()]).papers)


def _timed(func):
    start = time.perf_counter()
    value = func()
    return value, time.perf_counter() - start


def write_corpus(papers: list[Paper], path: Path) -> None:
    """The papers as the JSONL a user would give `kg build`, for the end-to-end run `python -m bench` makes."""
    with path.open("w", encoding="utf-8") as out:
        for paper in papers:
            record = {"id": paper.id, "title": paper.title, "abstract": paper.abstract, "url": paper.url,
                      "venue": paper.venue, "year": paper.year}
            out.write(json.dumps({k: v for k, v in record.items() if v is not None}) + "\n")


def measure(papers: list[Paper], model: str, workers: int) -> dict:
    """Bare spaCy vs our extraction on the same texts, then graph, Turtle, HTML and saved queries."""
    from extract.normalise import normalise
    from kg.build import extract_all
    from kg.builder import build_graph
    from kg.explorer import render_explorer
    from kg.export import write_turtle
    from kg.sparql import load_store, run_saved, saved_queries
    from kg.view import to_networkx

    from .queries import median_ms

    texts = [normalise(p.abstract).text for p in papers]
    words = sum(len(t.split()) for t in texts)
    # One loaded model serves both sides, bare with our components switched off: a second load of the same model
    # ran 1.4% to 5.3% slower than the first in three runs, a bias of the size being measured.
    ours = load_pipeline(model)

    def bare_pipe(batch: list[str]) -> int:
        with ours.select_pipes(disable=list(EXTRACTION_COMPONENTS)):
            return sum(1 for _ in ours.pipe(batch, batch_size=32, n_process=workers))

    bare_pipe(texts[:WARM_UP])
    extract_all(papers[:WARM_UP], ours)
    bare_s = ours_s = 0.0
    facts = []
    rounds = [(start, start + ROUND) for start in range(0, len(papers), ROUND)]
    passes = -(-MIN_TIMED // len(papers))  # ceiling division
    for number, (start, end) in enumerate(rounds * passes):
        # alternate which side goes first, so neither always runs on the other's warm caches
        for side in ("bare", "ours") if number % 2 == 0 else ("ours", "bare"):
            if side == "bare":
                _, seconds = _timed(lambda: bare_pipe(texts[start:end]))
                bare_s += seconds
            else:
                part, seconds = _timed(lambda: extract_all(papers[start:end], ours, workers=workers))
                ours_s += seconds
                if number < len(rounds):
                    facts.extend(part)
    bare_s, ours_s = bare_s / passes, ours_s / passes  # the time of one pass over the papers
    with tempfile.TemporaryDirectory() as tmp:
        ttl = Path(tmp) / "kg.ttl"
        with fewer_collections():  # as `kg build` makes the graph and its outputs
            graph, graph_s = _timed(lambda: build_graph(facts))
            _, turtle_s = _timed(lambda: write_turtle(graph, ttl))
            html, html_s = _timed(lambda: render_explorer(to_networkx(graph)))
        turtle_mb = ttl.stat().st_size / 1e6
        store, load_s = _timed(lambda: load_store(ttl))
        query_ms = {}
        for saved in saved_queries():
            params = {p.name: p.default or _example_param(p.name, graph) for p in saved.params}
            run_saved(store, saved.name, params)  # the first run parses; the median of the next five is reported
            query_ms[saved.name] = round(median_ms(lambda: run_saved(store, saved.name, params))[0], 1)
    return {
        "papers": len(papers),
        "words": words,
        "workers": workers,
        "bare_spacy_s": round(bare_s, 2),
        "extraction_s": round(ours_s, 2),
        "ratio": round(ours_s / bare_s, 3) if bare_s else None,
        "abstracts_per_s": round(len(papers) / ours_s, 1),
        "words_per_s": round(words / ours_s),
        "graph_s": round(graph_s, 2),
        "triples": len(graph),
        "turtle_s": round(turtle_s, 2),
        "turtle_mb": round(turtle_mb, 2),
        "html_s": round(html_s, 2),
        "html_mb": round(len(html.encode()) / 1e6, 2),
        "store_load_s": round(load_s, 2),
        "query_ms": query_ms,
        "measure_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def _example_param(name: str, graph) -> str:
    """A real IRI from the graph for a query's required parameter: the most studied task for a task, else the
    first dataset evaluated on, or the first paper."""
    from collections import Counter

    from kg.vocab import MLKG

    if name == "paper":
        return str(next(iter(sorted(graph.subjects(predicate=None, object=MLKG.Paper)))))
    if name == "task":
        counts = Counter(graph.objects(predicate=MLKG.addresses))
        return str(min(counts, key=lambda task: (-counts[task], task))) if counts else ""
    datasets = sorted(set(graph.objects(predicate=MLKG.evaluatedOn)))
    return str(datasets[0]) if datasets else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--papers", type=int, default=19, help="number of abstracts; 19 means the bundled corpus")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument("--write-corpus", type=Path, metavar="PATH", help="also write the papers there as JSONL")
    args = parser.parse_args()
    papers = bundled_papers() if args.papers == 19 else corpus_papers(args.papers)
    if len(papers) < args.papers:
        print(json.dumps({"papers": args.papers, "skipped": f"the corpus has only {len(papers)} abstracts"}))
        return
    if args.write_corpus:
        write_corpus(papers, args.write_corpus)
    print(json.dumps(measure(papers, args.model, args.workers)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
