"""`kg build` as a library call: read the corpus, extract facts, build the graph, write every output.

All outputs are rendered in memory first and then each is written atomically, so an interrupted build leaves
the previous outputs in place rather than a half-written file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from extract.pipeline import DEFAULT_MODEL, extract_papers, load_pipeline

from .atomic import atomic_write_bytes
from .builder import build_graph
from .explorer import render_explorer
from .export import jsonld_text, turtle_text
from .graphml import graphml_bytes
from .readers import bundled_corpus_path, read_corpus
from .view import to_networkx

#: The files a build writes into its output folder.
OUTPUT_NAMES = ("kg.ttl", "kg.jsonld", "kg.graphml", "kg.html")


@dataclass(frozen=True)
class BuildReport:
    """What a build did, for the CLI to print."""

    papers: int
    triples: int
    outputs: tuple[Path, ...]
    warnings: tuple[str, ...]


def build(
    inputs: Sequence[str | Path] = (),
    out_dir: str | Path = "outputs",
    *,
    model: str = DEFAULT_MODEL,
    skip_invalid: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> BuildReport:
    """Build the knowledge graph of `inputs` (the bundled ICML 2026 list when empty) into `out_dir`."""
    corpus = read_corpus(list(inputs) or [bundled_corpus_path()], skip_invalid=skip_invalid)
    nlp = load_pipeline(model)
    total = len(corpus.papers)
    facts = []
    for done, paper_facts in enumerate(extract_papers(corpus.papers, nlp), start=1):
        facts.append(paper_facts)
        if progress:
            progress(done, total)
    graph = build_graph(facts)
    view = to_networkx(graph)
    rendered = {
        "kg.ttl": turtle_text(graph).encode("utf-8"),
        "kg.jsonld": jsonld_text(graph).encode("utf-8"),
        "kg.graphml": graphml_bytes(view),
        "kg.html": render_explorer(view).encode("utf-8"),
    }
    out = Path(out_dir)
    written = []
    for name in OUTPUT_NAMES:
        atomic_write_bytes(out / name, rendered[name])
        written.append(out / name)
    return BuildReport(papers=total, triples=len(graph), outputs=tuple(written), warnings=corpus.warnings)
