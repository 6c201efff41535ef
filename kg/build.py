"""`kg build` as a library call: read the corpus, extract facts (reusing cached ones), build the graph, write
every output.

All outputs are rendered in memory first and then each is written atomically, so an interrupted build leaves
the previous outputs in place rather than a half-written file.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from extract.facts import Paper, PaperFacts
from extract.pipeline import (DEFAULT_MODEL, MAX_NLP_CHARS, extract_papers, facts_from_parts, fewer_collections,
                              load_pipeline, pipeline_info)

from .atomic import atomic_write_many
from . import __version__
from .builder import build_graph, paper_iris
from .cache import FactCache
from .explorer import render_explorer
from .export import dump_jsonld, dump_turtle
from .graphml import graphml_bytes
from .provenance import add_provenance, build_time, digest_inputs
from .readers import bundled_corpus_path, read_corpus
from .view import to_networkx

#: The files a build writes into its output folder.
OUTPUT_NAMES = ("kg.ttl", "kg.jsonld", "kg.graphml", "kg.html")
#: The fact cache, inside the output folder.
CACHE_NAME = ".cache/facts.sqlite"
_CACHE_BATCH = 256

#: Where spaCy runs: in this process (and its `workers` children), or on a Dask cluster.
ENGINES = ("local", "dask")

Progress = Callable[[int, int], None]
#: Runs spaCy over papers, yielding their facts in input order.
Extractor = Callable[[Sequence[Paper]], Iterable[PaperFacts]]


@dataclass(frozen=True)
class BuildReport:
    """What a build did, for the CLI to print."""

    papers: int
    triples: int
    extracted: int
    cached: int
    outputs: tuple[Path, ...]
    warnings: tuple[str, ...]


def extract_all(papers: Sequence[Paper], nlp, *, cache: FactCache | None = None, workers: int = 1,
                progress: Progress | None = None, extractor: Extractor | None = None) -> list[PaperFacts]:
    """Facts for every paper, in input order: cache hits are reused, the rest go through spaCy.

    `extractor` runs spaCy on the cache misses (default: here, in `workers` processes); kg.distributed's
    DaskExtractor runs it on a cluster instead, so both engines share this cache logic.
    """
    results: list[PaperFacts | None] = [None] * len(papers)
    todo = []
    for index, paper in enumerate(papers):
        cached = cache.get(paper) if cache else None
        if cached is None:
            todo.append(index)
        else:
            results[index] = facts_from_parts(nlp, paper, *cached)
    done = len(papers) - len(todo)
    pending: list[tuple[Paper, tuple]] = []
    run = extractor or (lambda todo_papers: extract_papers(todo_papers, nlp, workers=workers))
    for index, facts in zip(todo, run([papers[i] for i in todo]), strict=True):
        results[index] = facts
        done += 1
        if cache:
            pending.append((facts.paper, (facts.entities, facts.relations, facts.links, facts.results)))
            if len(pending) >= _CACHE_BATCH:
                cache.put_many(pending)
                pending = []
        if progress:
            progress(done, len(papers))
    if cache and pending:
        cache.put_many(pending)
    return [facts for facts in results if facts is not None]


def _long_abstract_warnings(papers: Sequence[Paper]) -> tuple[str, ...]:
    """Say which abstracts were too long to read in full (they are kept verbatim in the graph all the same)."""
    long = [p for p in papers if len(p.abstract) > MAX_NLP_CHARS]
    if not long:
        return ()
    named = ", ".join(f"{p.id} ({len(p.abstract):,} characters)" for p in long[:5]) + (" …" if len(long) > 5 else "")
    return (f"{len(long)} abstract(s) longer than {MAX_NLP_CHARS:,} characters, entities read from the start only: {named}",)


_WORD = re.compile(r"[^\W\d_]+")


def _other_language_warnings(papers: Sequence[Paper], nlp) -> tuple[str, ...]:
    """Say which abstracts seem not to be in the pipeline's language (few of its stop words): they are kept,
    but an English pipeline finds little in French or Chinese text, and the user should know why."""
    stop_words = nlp.Defaults.stop_words
    if not stop_words:
        return ()
    foreign = []
    for paper in papers:
        words = _WORD.findall(paper.abstract[:5000].lower())
        if len(words) >= 5 and sum(w in stop_words for w in words) < 0.15 * len(words):
            foreign.append(paper.id)
    if not foreign:
        return ()
    named = ", ".join(foreign[:5]) + (" …" if len(foreign) > 5 else "")
    return (f"{len(foreign)} abstract(s) do not look like '{nlp.lang}' text, few entities will be found: {named}",)


def build(
    inputs: Sequence[str | Path] = (),
    out_dir: str | Path = "outputs",
    *,
    model: str = DEFAULT_MODEL,
    skip_invalid: bool = False,
    use_cache: bool = True,
    workers: int = 1,
    progress: Progress | None = None,
    engine: str = "local",
    scheduler: str | None = None,
) -> BuildReport:
    """Build the knowledge graph of `inputs` (the bundled ICML 2026 list when empty) into `out_dir`.

    `engine="dask"` runs spaCy on the Dask scheduler at `scheduler` (a LocalCluster of `workers` processes when
    None); the outputs are the same as the local engine's.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
    sources = list(inputs) or [bundled_corpus_path()]
    stdin_bytes = sys.stdin.buffer.read() if "-" in map(str, sources) else None
    corpus = read_corpus(sources, stdin=io.BytesIO(stdin_bytes or b""), skip_invalid=skip_invalid)
    nlp = load_pipeline(model)
    info = pipeline_info(nlp)
    out = Path(out_dir)
    cache = None
    if use_cache:
        cache = FactCache(out / CACHE_NAME, extractor_version=info.extractor_version, model=info.model,
                          model_version=info.model_version)
    extractor = None
    if engine == "dask":
        from .distributed import DaskExtractor  # imports dask, which the local engine does not need

        extractor = DaskExtractor(model, scheduler, expected=info, local_workers=workers)
    try:
        facts = extract_all(corpus.papers, nlp, cache=cache, workers=workers, progress=progress, extractor=extractor)
    finally:
        if cache:
            cache.close()
        if extractor is not None:
            extractor.close()
    # The graph and its outputs make millions of terms and containers, few of them ever garbage: the collector
    # runs as seldom as during extraction.
    with fewer_collections():
        graph = build_graph(facts)
        add_provenance(graph, tool_version=__version__, info=info, inputs=digest_inputs(sources, stdin_bytes),
                       papers=sorted(paper_iris(facts).values()), when=build_time())
        paper_count, triples = len(facts), len(graph)
        del facts  # the graph holds what is needed from here; large builds peak while rendering the outputs
        # Outputs are rendered one at a time into temporary files, in OUTPUT_NAMES order: Turtle and JSON-LD from
        # the graph, then GraphML and HTML from the NetworkX view, built once, after which the graph is let go: the
        # view and the graph are never both held with an output being rendered (at 20,000 papers each is over a GB).
        held: dict[str, object] = {"graph": graph}
        del graph

        def view():
            if "view" not in held:
                held["view"] = to_networkx(held.pop("graph"))
            return held["view"]

        renderers = {
            "kg.ttl": lambda stream: dump_turtle(held["graph"], stream),
            "kg.jsonld": lambda stream: dump_jsonld(held["graph"], stream),
            "kg.graphml": lambda stream: stream.write(graphml_bytes(view())),
            "kg.html": lambda stream: stream.write(render_explorer(view()).encode("utf-8")),
        }
        atomic_write_many({out / name: renderers[name] for name in OUTPUT_NAMES})
    written = [out / name for name in OUTPUT_NAMES]
    return BuildReport(
        papers=paper_count,
        triples=triples,
        extracted=cache.misses if cache else paper_count,
        cached=cache.hits if cache else 0,
        outputs=tuple(written),
        warnings=corpus.warnings + _long_abstract_warnings(corpus.papers) + _other_language_warnings(corpus.papers, nlp),
    )
