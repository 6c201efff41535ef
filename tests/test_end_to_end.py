"""The bundled ICML 2026 corpus built end to end, checked against facts a reader can verify in the abstracts."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from rdflib import Graph, Literal
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS

from kg.vocab import ID, MLKG

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def built(tmp_path_factory, monkeypatch_session=None):
    from kg.build import build

    out = tmp_path_factory.mktemp("outputs")
    report = build((), out)
    graph = Graph().parse(out / "kg.ttl", format="turtle")
    return out, report, graph


def paper_with_label(graph: Graph, fragment: str):
    matches = [p for p in graph.subjects(RDF.type, MLKG.Paper) if fragment in str(graph.value(p, RDFS.label))]
    assert len(matches) == 1, f"expected one paper labelled with {fragment!r}, got {matches}"
    return matches[0]


def test_bundled_corpus_gives_19_papers(built):
    _, report, graph = built
    assert report.papers == 19
    assert len(set(graph.subjects(RDF.type, MLKG.Paper))) == 19


def test_se_rrm_is_evaluated_on_arc_agi_and_sudoku(built):
    _, _, graph = built
    paper = paper_with_label(graph, "SE-RRM")
    evaluated = {str(graph.value(o, RDFS.label)) for o in graph.objects(paper, MLKG.evaluatedOn)}
    assert {"ARC-AGI-1", "ARC-AGI-2", "Sudoku"} <= evaluated


def test_g2_reader_is_evaluated_on_visdombench(built):
    _, _, graph = built
    paper = paper_with_label(graph, "G²-Reader")
    assert (paper, MLKG.evaluatedOn, ID["dataset/visdombench"]) in graph
    assert (paper, MLKG.usesModel, ID["model/qwen3-vl-32b-instruct"]) in graph
    assert (paper, MLKG.codeRepository, None) in graph


def test_arc_agi_2_is_one_node(built):
    _, _, graph = built
    nodes = [s for s, _, o in graph.triples((None, SKOS.prefLabel, None)) if re.sub(r"\W", "", str(o)).lower() == "arcagi2"]
    assert nodes == [ID["dataset/arc-agi-2"]]
    assert (ID["dataset/arc-agi-2"], RDF.type, MLKG.Dataset) in graph


def test_every_entity_has_one_type_and_label(built):
    _, _, graph = built
    types = {MLKG.Method, MLKG.Dataset, MLKG.Model, MLKG.Metric, MLKG.Task}
    entities = {s for t in types for s in graph.subjects(RDF.type, t)}
    assert entities
    for entity in entities:
        assert len(set(graph.objects(entity, RDF.type)) & types) == 1
        assert len(list(graph.objects(entity, SKOS.prefLabel))) == 1


def test_every_evidence_span_is_the_original_substring(built):
    _, _, graph = built
    count = 0
    for ev in graph.subjects(RDF.type, MLKG.Evidence):
        paper = graph.value(ev, RDF.subject)
        abstract = str(graph.value(paper, DCTERMS.abstract))
        start, end = int(graph.value(ev, MLKG.mentionStart)), int(graph.value(ev, MLKG.mentionEnd))
        s_start, s_end = int(graph.value(ev, MLKG.sentenceStart)), int(graph.value(ev, MLKG.sentenceEnd))
        assert abstract[start:end] == str(graph.value(ev, MLKG.mentionText))
        assert abstract[s_start:s_end] == str(graph.value(ev, MLKG.sentence))
        assert s_start <= start < end <= s_end
        count += 1
    assert count > 100


def test_abstract_is_kept_verbatim(built):
    _, _, graph = built
    source = (REPO / "kg" / "corpus" / "icml2026_abstracts.txt").read_text(encoding="utf-8")
    for abstract in graph.objects(None, DCTERMS.abstract):
        assert str(abstract) in source


def test_broken_url_is_repaired(built):
    _, _, graph = built
    repos = {str(o) for o in graph.objects(None, MLKG.codeRepository)}
    assert "https://github.com/CraftJarvis/OpenHA" in repos
    assert "https://github.com/BoYuanVisionary/Pro-CAD" in repos


def test_outputs_reparse(built):
    out, _, graph = built
    again = Graph().parse(out / "kg.jsonld", format="json-ld")
    assert len(again) == len(graph)
    import networkx as nx

    view = nx.read_graphml(out / "kg.graphml")
    assert view.number_of_nodes() > 19


def test_html_is_offline(built):
    out, _, _ = built
    html = (out / "kg.html").read_text(encoding="utf-8")
    assert not re.search(r"""<(?:script|link|img|iframe)[^>]+(?:src|href)\s*=\s*["']?(?:https?:)?//""", html, re.I)
    assert "@import" not in html


def test_committed_outputs_are_reproduced_byte_for_byte(built):
    out, _, _ = built
    committed = REPO / "outputs"
    for name in ("kg.ttl", "kg.jsonld", "kg.graphml", "kg.html"):
        assert (out / name).read_bytes() == (committed / name).read_bytes(), f"outputs/{name} is stale: run `make demo`"


def test_rebuild_from_cache_is_identical(built, tmp_path):
    from kg.build import build

    out, _, _ = built
    report = build((), out)
    assert report.cached == 19 and report.extracted == 0
    fresh = tmp_path / "fresh"
    build((), fresh, use_cache=False)
    for name in ("kg.ttl", "kg.html"):
        assert (out / name).read_bytes() == (fresh / name).read_bytes()


def test_wheel_carries_the_corpus_and_ontology(tmp_path):
    """A non-editable install finds its data: build the wheel, import from it alone, build the bundled corpus."""
    wheel_dir = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheel_dir), str(REPO)],
                   check=True, capture_output=True)
    wheel = next(wheel_dir.glob("mlkg-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("kg/corpus/icml2026_abstracts.txt", "ontology/mlkg.ttl", "ontology/shapes.ttl",
                   "extract/patterns/lexicon.json", "kg/templates/explorer.html"):
        assert needed in names, f"{needed} missing from the wheel"
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    code = (
        "import kg, ontology; from kg.readers import bundled_corpus_path; "
        "assert kg.__file__.startswith(%r), kg.__file__; "
        "assert ontology.ontology_path().is_file(); print(len(bundled_corpus_path().read_text()))"
    ) % str(unpacked)
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(unpacked), "PATH": "/usr/bin:/bin"},
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 20000


def test_build_collects_garbage_seldom_while_it_makes_the_graph_and_outputs(tmp_path, monkeypatch):
    """The graph and its outputs are made under the extraction's raised collector threshold; it is restored after."""
    import gc

    import kg.build
    from extract.pipeline import GC_YOUNG_THRESHOLD

    seen = {}

    def recording(name, make):
        def wrapper(*args, **kwargs):
            seen[name] = gc.get_threshold()[0]
            return make(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(kg.build, "build_graph", recording("graph", kg.build.build_graph))
    monkeypatch.setattr(kg.build, "render_explorer", recording("html", kg.build.render_explorer))
    (tmp_path / "c.txt").write_text("We evaluate BERT on SQuAD.\n")
    original = gc.get_threshold()
    try:
        gc.set_threshold(700, *original[1:])
        kg.build.build([tmp_path / "c.txt"], tmp_path / "out", use_cache=False)
        assert seen == {"graph": GC_YOUNG_THRESHOLD, "html": GC_YOUNG_THRESHOLD}
        assert gc.get_threshold() == (700, *original[1:])
    finally:
        gc.set_threshold(*original)
