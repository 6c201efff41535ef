"""`kg build` as a library call: read the corpus, extract facts (reusing cached ones), build the graph, write
every output.

All outputs are rendered in memory first and then each is written atomically, so an interrupted build leaves
the previous outputs in place rather than a half-written file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from extract.facts import Paper, PaperFacts
from extract.pipeline import DEFAULT_MODEL, extract_papers, facts_from_parts, load_pipeline, pipeline_info

from .atomic import atomic_write_bytes
from .builder import build_graph
from .cache import FactCache
from .explorer import render_explorer
from .export import jsonld_text, turtle_text
from .graphml import graphml_bytes
from .readers import bundled_corpus_path, read_corpus
from .view import to_networkx

#: The files a build writes into its output folder.
OUTPUT_NAMES = ("kg.ttl", "kg.jsonld", "kg.graphml", "kg.html")
#: The fact cache, inside the output folder.
CACHE_NAME = ".cache/facts.sqlite"
_CACHE_BATCH = 256

Progress = Callable[[int, int], None]


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
                progress: Progress | None = None) -> list[PaperFacts]:
    """Facts for every paper, in input order: cache hits are reused, the rest go through spaCy."""
    results: list[PaperFacts | None] = [None] * len(papers)
    todo = []
    for index, paper in enumerate(papers):
        cached = cache.get(paper.abstract) if cache else None
        if cached is None:
            todo.append(index)
        else:
            results[index] = facts_from_parts(paper, *cached)
    done = len(papers) - len(todo)
    pending: list[tuple[str, tuple]] = []
    for index, facts in zip(todo, extract_papers((papers[i] for i in todo), nlp, workers=workers)):
        results[index] = facts
        done += 1
        if cache:
            pending.append((facts.paper.abstract, (facts.entities, facts.relations, facts.links)))
            if len(pending) >= _CACHE_BATCH:
                cache.put_many(pending)
                pending = []
        if progress:
            progress(done, len(papers))
    if cache and pending:
        cache.put_many(pending)
    return [facts for facts in results if facts is not None]


def build(
    inputs: Sequence[str | Path] = (),
    out_dir: str | Path = "outputs",
    *,
    model: str = DEFAULT_MODEL,
    skip_invalid: bool = False,
    use_cache: bool = True,
    workers: int = 1,
    progress: Progress | None = None,
) -> BuildReport:
    """Build the knowledge graph of `inputs` (the bundled ICML 2026 list when empty) into `out_dir`."""
    corpus = read_corpus(list(inputs) or [bundled_corpus_path()], skip_invalid=skip_invalid)
    nlp = load_pipeline(model)
    out = Path(out_dir)
    cache = None
    if use_cache:
        info = pipeline_info(nlp)
        cache = FactCache(out / CACHE_NAME, extractor_version=info.extractor_version, model=info.model,
                          model_version=info.model_version)
    try:
        facts = extract_all(corpus.papers, nlp, cache=cache, workers=workers, progress=progress)
    finally:
        if cache:
            cache.close()
    graph = build_graph(facts)
    view = to_networkx(graph)
    rendered = {
        "kg.ttl": turtle_text(graph).encode("utf-8"),
        "kg.jsonld": jsonld_text(graph).encode("utf-8"),
        "kg.graphml": graphml_bytes(view),
        "kg.html": render_explorer(view).encode("utf-8"),
    }
    written = []
    for name in OUTPUT_NAMES:
        atomic_write_bytes(out / name, rendered[name])
        written.append(out / name)
    return BuildReport(
        papers=len(facts),
        triples=len(graph),
        extracted=cache.misses if cache else len(facts),
        cached=cache.hits if cache else 0,
        outputs=tuple(written),
        warnings=corpus.warnings,
    )
