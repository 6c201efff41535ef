"""Turtle and JSON-LD writers: every triple comes back exactly (lexical forms included), whatever order the
graph was filled in gives the same bytes."""

from __future__ import annotations

import io
import random

from rdflib import RDF, RDFS, Graph, Literal, URIRef, namespace

from kg.export import dump_jsonld, dump_turtle
from kg.vocab import MLKG, PREFIXES

PAPER = PREFIXES["paper"]
TRIPLES = [
    (PAPER["p1"], RDF.type, MLKG.Paper),
    (PAPER["p1"], RDFS.label, Literal('say "hi"\nnew line\ttab \\ back')),
    (PAPER["p1"], RDFS.comment, Literal("Modèle", lang="fr")),
    (PAPER["p1"], MLKG.value, Literal("80", datatype=namespace.XSD.decimal)),  # no "80.0": the lexical form is kept
    (PAPER["p1"], MLKG.mentionStart, Literal(7)),
    (PAPER["p1"], MLKG.inTitle, Literal(True)),
    (PAPER["p1"], MLKG.proposes, URIRef("http://example.org/outside/the-prefixes")),
    (PAPER["p1"], MLKG.proposes, PAPER["//looks-absolute"]),
    (PAPER["p1"], MLKG.proposes, PAPER["p2"]),
    (PAPER["p2"], RDF.type, MLKG.Paper),
    (PAPER["p2"], RDF.type, MLKG.Method),
    (PAPER["p2"], RDFS.label, Literal("second")),
]


def graph_of(triples) -> Graph:
    graph = Graph()
    for triple in triples:
        graph.add(triple)
    return graph


def written(dump, graph: Graph) -> bytes:
    stream = io.BytesIO()
    dump(graph, stream)
    return stream.getvalue()


def test_turtle_and_jsonld_give_back_exactly_the_triples_written():
    graph = graph_of(TRIPLES)
    for dump, fmt in ((dump_turtle, "turtle"), (dump_jsonld, "json-ld")):
        again = Graph().parse(data=written(dump, graph), format=fmt)
        assert set(again) == set(graph), fmt


def test_the_order_a_graph_was_filled_in_does_not_change_the_bytes():
    shuffled = TRIPLES[:]
    random.Random(5).shuffle(shuffled)
    for dump in (dump_turtle, dump_jsonld):
        assert written(dump, graph_of(TRIPLES)) == written(dump, graph_of(shuffled)), dump.__name__


def test_turtle_opens_each_subject_with_its_types():
    text = written(dump_turtle, graph_of(TRIPLES)).decode("utf-8")
    blocks = [line for line in text.splitlines() if line.startswith("paper:")]
    assert blocks == ["paper:p1 a mlkg:Paper ;", "paper:p2 a mlkg:Method , mlkg:Paper ;"]
