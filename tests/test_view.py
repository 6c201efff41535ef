"""The NetworkX view and its GraphML, derived from the fixture graph."""

from __future__ import annotations

import math
from pathlib import Path

import networkx as nx
import pytest
from rdflib import Graph

from extract.facts import RELATIONS
from kg.graphml import graphml_bytes, write_graphml
from kg.view import entity_ranking, family, papers_of, related_index, related_papers, to_networkx

FIXTURE = Path(__file__).parent / "fixtures" / "small_graph.ttl"
ID = "https://w3id.org/mlkg/id/"


@pytest.fixture(scope="module")
def view():
    return to_networkx(Graph().parse(FIXTURE))


def test_nodes_are_papers_and_entities(view):
    kinds = dict(view.nodes(data="kind"))
    assert len(kinds) == 3 + 7
    assert [n for n, k in kinds.items() if k == "Paper"] == [ID + "paper/p1", ID + "paper/p2", ID + "paper/p3"]
    assert kinds[ID + "method/tiny-model"] == "Method"
    assert kinds[ID + "task/visual-question-answering"] == "Task"
    assert list(view.nodes) == sorted(view.nodes)


def test_node_attributes(view):
    tiny = view.nodes[ID + "method/tiny-model"]
    assert (tiny["label"], tiny["aliases"], tiny["papers"]) == ("Tiny Model", ["TM"], 1)
    p2 = view.nodes[ID + "paper/p2"]
    assert p2["title"] == "A Study of Puzzle Benchmarks"
    assert p2["url"] == "https://openreview.net/forum?id=p2"
    assert p2["identifier"] == "p2"
    assert view.nodes[ID + "paper/p1"]["code"] == ["https://github.com/example/grid-reasoner"]
    assert view.nodes[ID + "paper/p3"]["abstract"].startswith("We study <script>alert(1)</script>")
    assert {n: d["papers"] for n, d in view.nodes(data=True) if d["kind"] == "Dataset"} == {
        ID + "dataset/puzzle-1": 2, ID + "dataset/puzzle-2": 2}


def test_edges_are_relations_with_evidence(view):
    edges = list(view.edges(keys=True))
    assert len(edges) == 11
    assert {key for _, _, key in edges} <= set(RELATIONS)
    p1 = ID + "paper/p1"
    assert set(view[p1][ID + "method/tiny-model"]) == {"comparesWith", "outperforms"}
    evidence = view.edges[p1, ID + "dataset/puzzle-1", "evaluatedOn"]["evidence"]
    assert evidence == [{"sentence": "On Puzzle-1 and Puzzle-2 it beats the Tiny Model (TM) in accuracy.",
                         "start": 29, "end": 37, "sentenceStart": 26, "sentenceEnd": 93,
                         "rule": "dataset:prep-on", "confidence": 0.8}]
    assert view.edges[p1, ID + "dataset/puzzle-2", "evaluatedOn"]["evidence"] == []


def test_view_is_deterministic(view):
    again = to_networkx(Graph().parse(FIXTURE))
    assert list(again.nodes(data=True)) == list(view.nodes(data=True))
    assert list(again.edges(keys=True, data=True)) == list(view.edges(keys=True, data=True))


def test_related_papers_weigh_rare_entities(view):
    related = related_papers(view, ID + "paper/p1")
    assert [(iri, labels) for iri, _, labels in related] == [
        (ID + "paper/p2", ["Puzzle-2", "accuracy"]), (ID + "paper/p3", ["Puzzle-1"])]
    assert related[0][1] == pytest.approx(2 * math.log(3 / 2))
    assert related[1][1] == pytest.approx(math.log(3 / 2))
    assert related_papers(view, ID + "paper/p1", top=1) == related[:1]
    assert [iri for iri, _, _ in related_papers(view, ID + "paper/p3")] == [ID + "paper/p1"]


def test_entity_ranking(view):
    assert entity_ranking(view) == [ID + "metric/accuracy", ID + "dataset/puzzle-1", ID + "dataset/puzzle-2",
                                    ID + "method/grid-reasoner", ID + "model/llamax-7b", ID + "method/tiny-model",
                                    ID + "task/visual-question-answering"]


def test_graphml_round_trip(view, tmp_path):
    path = tmp_path / "kg.graphml"
    write_graphml(view, path)
    again = nx.read_graphml(path, force_multigraph=True)
    assert again.number_of_nodes() == view.number_of_nodes()
    assert again.number_of_edges() == view.number_of_edges()
    for _, attrs in again.nodes(data=True):
        assert all(isinstance(value, (str, int, float)) for value in attrs.values())
    assert again.nodes[ID + "method/tiny-model"]["aliases"] == "TM"
    assert again.nodes[ID + "paper/p1"]["code"] == "https://github.com/example/grid-reasoner"
    edge = again.edges[ID + "paper/p1", ID + "dataset/puzzle-1", "evaluatedOn"]
    assert edge == {"relation": "evaluatedOn", "evidence": 1,
                    "evidenceSentence": "On Puzzle-1 and Puzzle-2 it beats the Tiny Model (TM) in accuracy."}


def test_graphml_bytes_are_stable(view, tmp_path):
    first, second = tmp_path / "a.graphml", tmp_path / "b.graphml"
    write_graphml(view, first)
    write_graphml(to_networkx(Graph().parse(FIXTURE)), second)
    assert first.read_bytes() == second.read_bytes() == graphml_bytes(view)


def rich_graph() -> Graph:
    """The fixture plus what newer builds add: a family, a result, overlapping mentions, a paper whose abstract
    has characters outside the BMP, and evidence for the hostile paper. Other test modules import it."""
    from decimal import Decimal

    from rdflib import Literal, URIRef
    from rdflib.namespace import RDF, RDFS, XSD

    graph = Graph().parse(FIXTURE)
    mlkg = "https://w3id.org/mlkg/ontology#"
    term = lambda name: URIRef(mlkg + name)  # noqa: E731
    iri = lambda path: URIRef(ID + path)  # noqa: E731
    family = iri("dataset/puzzle")
    graph.add((family, RDF.type, term("Dataset")))
    graph.add((family, RDFS.label, Literal("Puzzle")))
    for member in ("dataset/puzzle-1", "dataset/puzzle-2", "paper/p2"):  # a paper can never be a member
        graph.add((iri(member), term("memberOf"), family))
    p4 = iri("paper/p4")
    graph.add((p4, RDF.type, term("Paper")))
    graph.add((p4, RDFS.label, Literal("Script net")))
    graph.add((p4, URIRef("http://purl.org/dc/terms/identifier"), Literal("p4")))
    graph.add((p4, URIRef("http://purl.org/dc/terms/abstract"), Literal(RICH_P4)))
    graph.add((p4, term("evaluatedOn"), iri("dataset/puzzle-1")))
    abstracts = {"p1": graph.value(iri("paper/p1"), URIRef("http://purl.org/dc/terms/abstract")).toPython(),
                 "p3": graph.value(iri("paper/p3"), URIRef("http://purl.org/dc/terms/abstract")).toPython(),
                 "p4": RICH_P4}
    for number, (paper, relation, entity, text, occurrence) in enumerate(RICH_MENTIONS):
        start = abstracts[paper].index(text, abstracts[paper].index(occurrence))
        node = iri(f"evidence/x{number}")
        for predicate, value in ((RDF.type, term("Evidence")), (RDF.subject, iri("paper/" + paper)),
                                 (RDF.predicate, term(relation)), (RDF.object, iri(entity)),
                                 (term("sentence"), Literal(abstracts[paper])), (term("sentenceStart"), Literal(0)),
                                 (term("sentenceEnd"), Literal(len(abstracts[paper]))),
                                 (term("mentionStart"), Literal(start)), (term("mentionEnd"), Literal(start + len(text))),
                                 (term("rule"), Literal("test")),
                                 (term("confidence"), Literal(Decimal("0.5"), datatype=XSD.decimal))):
            graph.add((node, predicate, value))
    result = iri("result/r1")
    graph.add((iri("paper/p1"), term("reportsResult"), result))
    for predicate, value in ((RDF.type, term("Result")), (term("valueText"), Literal("91.5\\%")),
                             (term("value"), Literal(Decimal("91.5"), datatype=XSD.decimal)),
                             (term("unit"), Literal("%")), (term("resultMetric"), iri("metric/accuracy")),
                             (term("resultFor"), iri("method/grid-reasoner")),
                             (term("resultDataset"), iri("dataset/puzzle-1"))):
        graph.add((result, predicate, value))
    return graph


RICH_P4 = "\U0001d4b3-Net \U0001f600 is tested on Puzzle-1 only."
#: (paper, relation, entity, mention text, text it is found from): overlaps settle longest first, then earliest.
RICH_MENTIONS = (
    ("p1", "proposes", "method/grid-reasoner", "Grid Reasoner", "Grid"),
    ("p1", "evaluatedOn", "dataset/puzzle-2", "Puzzle-1 and Puzzle-2", "Puzzle-1"),  # swallows Puzzle-1
    ("p1", "comparesWith", "method/tiny-model", "Tiny Model", "Tiny"),
    ("p1", "usesMetric", "metric/accuracy", "Model (TM)", "Model"),  # as long as "Tiny Model", later: dropped
    ("p3", "evaluatedOn", "dataset/puzzle-1", "Puzzle-1", "Puzzle-1"),
    ("p4", "evaluatedOn", "dataset/puzzle-1", "Puzzle-1", "Puzzle-1"),
)


@pytest.fixture(scope="module")
def rich():
    return to_networkx(rich_graph())


def test_family_links_are_entity_edges_but_not_facts(rich, view):
    families = sorted((s, t) for s, t, k in rich.edges(keys=True) if k == "memberOf")
    assert families == [(ID + "dataset/puzzle-1", ID + "dataset/puzzle"), (ID + "dataset/puzzle-2", ID + "dataset/puzzle")]
    assert family(rich, ID + "dataset/puzzle") == ([], [ID + "dataset/puzzle-1", ID + "dataset/puzzle-2"])
    assert family(rich, ID + "dataset/puzzle-1") == ([ID + "dataset/puzzle"], [])
    assert rich.nodes[ID + "dataset/puzzle"]["papers"] == 0
    assert papers_of(rich, ID + "dataset/puzzle") == []
    assert papers_of(rich, ID + "dataset/puzzle-1") == [ID + "paper/p1", ID + "paper/p3", ID + "paper/p4"]
    assert [iri for iri, _, _ in related_papers(rich, ID + "paper/p1")] == [ID + "paper/p2", ID + "paper/p3", ID + "paper/p4"]
    assert ID + "dataset/puzzle" not in entity_ranking(rich)[:7]


def test_results_are_kept_off_the_nodes(rich):
    assert rich.graph["results"] == {ID + "paper/p1": [{
        "iri": ID + "result/r1", "entity": ID + "method/grid-reasoner", "metric": ID + "metric/accuracy",
        "dataset": ID + "dataset/puzzle-1", "value": "91.5\\%", "number": 91.5, "unit": "%", "start": -1}]}
    assert not any(node.startswith(ID + "result/") for node in rich)


def test_graphml_keeps_family_links_apart(rich, tmp_path):
    write_graphml(rich, tmp_path / "rich.graphml")
    again = nx.read_graphml(tmp_path / "rich.graphml", force_multigraph=True)
    assert again.number_of_edges() == rich.number_of_edges()
    assert again.edges[ID + "dataset/puzzle-1", ID + "dataset/puzzle", "memberOf"] == {
        "relation": "memberOf", "evidence": 0, "evidenceSentence": ""}
    assert again.nodes[ID + "dataset/puzzle"]["papers"] == 0


def _brute_force_related(view, paper, top):
    """The definition of related_papers, walking every paper of every shared entity."""
    total = len([n for n, k in view.nodes(data="kind") if k == "Paper"])
    weight = lambda e: math.log(total / view.nodes[e]["papers"])  # noqa: E731
    scores, shared = {}, {}
    for entity in sorted(view.successors(paper), key=lambda e: (-weight(e), e)):
        for other in papers_of(view, entity):
            if other != paper:
                scores[other] = scores.get(other, 0.0) + weight(entity)
                shared.setdefault(other, []).append(view.nodes[entity]["label"])
    ranked = sorted(scores, key=lambda o: (-scores[o], o))[:top]
    return [(o, scores[o], shared[o]) for o in ranked]


def test_related_papers_pruning_is_exact():
    import random

    chance = random.Random(5)
    view = nx.MultiDiGraph()
    names = [f"{ID}dataset/d{i:03d}" for i in range(120)]
    linked = {f"{ID}paper/q{i:03d}": {names[0]} if chance.random() < 0.6 else set() for i in range(400)}
    for entities in linked.values():
        entities.update(chance.choices(names, [1 / (i + 1) for i in range(len(names))], k=chance.randint(1, 6)))
    for paper in sorted(linked):
        view.add_node(paper, kind="Paper", label=paper)
    for entity in names:
        view.add_node(entity, kind="Dataset", label=entity[-4:], papers=sum(entity in e for e in linked.values()))
    for paper, entities in sorted(linked.items()):
        for entity in sorted(entities):
            view.add_edge(paper, entity, key="evaluatedOn", evidence=[])
    index = related_index(view)
    for paper in sorted(linked)[:150]:
        for top in (1, 3, 5, 20):
            assert related_papers(view, paper, top, index) == _brute_force_related(view, paper, top)
