"""The explorer page as text: offline, deterministic, and hostile data only ever inside escaped JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rdflib import Graph

from kg.explorer import LARGE, build_network, render_explorer, write_explorer
from kg.view import to_networkx

FIXTURE = Path(__file__).parent / "fixtures" / "small_graph.ttl"
DATA_LINKS = {"https://github.com/example/grid-reasoner", "https://openreview.net/forum?id=p2"}
DATA_BLOCK = re.compile(r'<script type="application/json" id="mlkg-data">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def view():
    return to_networkx(Graph().parse(FIXTURE))


@pytest.fixture(scope="module")
def html(view):
    return render_explorer(view)


def test_nothing_is_fetched_from_outside(html):
    attributes = re.findall(r"""\b(?:src|href)\s*=\s*["']?([^"'\s>]+)""", html, re.I)
    assert [url for url in attributes if re.match(r"(?:https?:)?//", url, re.I) and url not in DATA_LINKS] == []
    links = re.findall(r"""<link\b[^>]*\bhref\s*=\s*["']?([^"'\s>]*)""", html, re.I)
    assert links and all(href.startswith("data:") for href in links)
    assert not re.search(r"<script\b[^>]*\bsrc\s*=", html, re.I)
    assert "@import" not in html
    assert re.findall(r"""url\(\s*(?!["']?data:)""", html) == []


def test_page_is_deterministic(view, html, tmp_path):
    write_explorer(view, tmp_path / "a.html")
    write_explorer(to_networkx(Graph().parse(FIXTURE)), tmp_path / "b.html")
    assert (tmp_path / "a.html").read_text(encoding="utf-8") == html
    assert (tmp_path / "b.html").read_bytes() == (tmp_path / "a.html").read_bytes()


def test_hostile_text_never_appears_raw(html):
    assert "<script>alert(1)</script>" not in html
    assert "<img src=x onerror" not in html
    assert "innerHTML" not in html.split("<script>")[-1]
    # the only </script> sequences close the three script blocks
    assert html.count("</script>") == 3


def test_data_block_round_trips(view, html):
    data = json.loads(DATA_BLOCK.search(html).group(1))
    assert len(data["nodes"]) == view.number_of_nodes()
    abstracts = {n["id"]: n["info"].get("abstract") for n in data["nodes"]}
    assert abstracts["https://w3id.org/mlkg/id/paper/p3"] == view.nodes["https://w3id.org/mlkg/id/paper/p3"]["abstract"]
    assert [k["name"] for k in data["kinds"]] == ["Paper", "Method", "Dataset", "Model", "Metric", "Task"]


def test_parallel_edges_are_merged(view):
    net = build_network(view)
    assert len(net.edges) == 10
    tiny = next(e for e in net.edges if e["to"].endswith("/tiny-model"))
    assert tiny["relations"] == ["comparesWith", "outperforms"]
    assert tiny["label"] == "comparesWith, outperforms"


def test_small_graph_stabilises_then_stops(view):
    physics = build_network(view).options.physics
    assert physics.enabled and physics.stabilization.iterations == 200


def test_large_graph_gets_fixed_positions():
    from rdflib import Literal, URIRef
    from rdflib.namespace import RDF, RDFS

    from kg.vocab import MLKG

    graph = Graph()
    papers = LARGE // 2 + 1
    for i in range(papers):
        paper = URIRef(f"https://w3id.org/mlkg/id/paper/p{i}")
        entity = URIRef(f"https://w3id.org/mlkg/id/dataset/d{i % 700}")
        graph.add((paper, RDF.type, MLKG.Paper))
        graph.add((paper, RDFS.label, Literal(f"paper {i}")))
        graph.add((entity, RDF.type, MLKG.Dataset))
        graph.add((entity, RDFS.label, Literal(f"dataset {i % 700}")))
        graph.add((paper, MLKG.evaluatedOn, entity))
        graph.add((paper, MLKG.evaluatedOn, URIRef("https://w3id.org/mlkg/id/dataset/d0")))
    view = to_networkx(graph)
    assert view.number_of_nodes() > LARGE
    net = build_network(view)
    assert net.options.physics.enabled is False
    assert all(isinstance(node["x"], float) and isinstance(node["y"], float) for node in net.nodes)
    assert build_network(view).nodes == net.nodes


@pytest.fixture(scope="module")
def rich_data():
    from test_view import rich_graph

    html = render_explorer(to_networkx(rich_graph()))
    assert html == render_explorer(to_networkx(rich_graph()))
    data = json.loads(DATA_BLOCK.search(html).group(1))
    return {n["id"]: n for n in data["nodes"]}, data["edges"]


ID = "https://w3id.org/mlkg/id/"


def test_abstract_marks_settle_overlaps_longest_then_earliest(rich_data):
    nodes, _ = rich_data
    info = nodes[ID + "paper/p1"]["info"]
    assert [(info["abstract"][s:e], kind, entity) for s, e, kind, entity in info["marks"]] == [
        ("Grid Reasoner", "Method", ID + "method/grid-reasoner"),
        ("Puzzle-1 and Puzzle-2", "Dataset", ID + "dataset/puzzle-2"),
        ("Tiny Model", "Method", ID + "method/tiny-model")]
    p4 = nodes[ID + "paper/p4"]["info"]
    (start, end, _, _), = p4["marks"]
    assert p4["abstract"][start:end] == "Puzzle-1"  # code points, not UTF-16 units


def test_fixture_marks_come_from_evidence_offsets(html):
    nodes = {n["id"]: n for n in json.loads(DATA_BLOCK.search(html).group(1))["nodes"]}
    assert nodes[ID + "paper/p1"]["info"]["marks"] == [[29, 37, "Dataset", ID + "dataset/puzzle-1"]]
    assert nodes[ID + "paper/p3"]["info"]["marks"] == []


def test_paper_info_has_related_papers_and_results(rich_data):
    nodes, _ = rich_data
    info = nodes[ID + "paper/p1"]["info"]
    assert [(r["id"], r["shared"]) for r in info["related"]] == [
        (ID + "paper/p2", ["Puzzle-2", "accuracy"]), (ID + "paper/p3", ["Puzzle-1"]), (ID + "paper/p4", ["Puzzle-1"])]
    assert all(isinstance(r["score"], float) for r in info["related"])
    assert info["results"] == [{"entity": ID + "method/grid-reasoner", "metric": ID + "metric/accuracy",
                                "dataset": ID + "dataset/puzzle-1", "value": "91.5\\%"}]
    assert "related" not in nodes[ID + "dataset/puzzle-1"]["info"]


def test_family_links_are_dashed_edges(rich_data):
    _, edges = rich_data
    family = [e for e in edges if e.get("family")]
    assert [(e["from"], e["to"], e["label"], e["dashes"]) for e in family] == [
        (ID + "dataset/puzzle-1", ID + "dataset/puzzle", "member of", True),
        (ID + "dataset/puzzle-2", ID + "dataset/puzzle", "member of", True)]
    assert all(not e.get("dashes") for e in edges if not e.get("family"))


def test_evidence_marks_the_mention_in_its_sentence(view):
    edge = next(e for e in build_network(view).edges if e["to"].endswith("/puzzle-1") and e["from"].endswith("/p1"))
    (evidence,) = edge["evidence"]
    assert evidence["sentence"][slice(*evidence["mark"])] == "Puzzle-1"
