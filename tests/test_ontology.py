"""The ontology file, kg/vocab.py and README's vocabulary table say the same thing, and say it fully."""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL, PROV, RDF, RDFS, SKOS

from kg.vocab import LPWC, MLKG, MLS, SCHEMA
from kg.vocabulary_table import END, START, vocabulary_markdown
from ontology import ontology_path

REPO = Path(__file__).resolve().parents[1]
ONTOLOGY_IRI = URIRef("https://w3id.org/mlkg/ontology")
KINDS = (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty)


@pytest.fixture(scope="module")
def onto() -> Graph:
    return Graph().parse(ontology_path(), format="turtle")


def defined_terms(graph: Graph) -> set[URIRef]:
    """Classes and properties in the mlkg namespace (not `in MLKG`: that only knows the terms vocab.py lists)."""
    return {s for kind in KINDS for s in graph.subjects(RDF.type, kind)
            if isinstance(s, URIRef) and s.startswith(str(MLKG))}


def english(graph: Graph, term: URIRef, predicate: URIRef) -> list[Literal]:
    return [o for o in graph.objects(term, predicate) if isinstance(o, Literal) and o.language == "en" and str(o).strip()]


def test_ontology_header(onto):
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in onto
    assert onto.value(ONTOLOGY_IRI, OWL.versionInfo) == Literal("0.1.0")


def test_vocab_and_ontology_define_the_same_terms(onto):
    assert defined_terms(onto) == {MLKG[name] for name in dir(MLKG)}


def test_every_term_is_documented(onto):
    for term in defined_terms(onto):
        assert len(english(onto, term, RDFS.label)) == 1, term
        assert len(english(onto, term, RDFS.comment)) == 1, term
        if (term, RDF.type, OWL.Class) not in onto:
            assert onto.value(term, RDFS.domain) is not None, term
            assert onto.value(term, RDFS.range) is not None, term


def test_each_term_has_one_kind(onto):
    for term in defined_terms(onto):
        assert sum((term, RDF.type, kind) in onto for kind in KINDS) == 1, term


@pytest.mark.parametrize(("term", "predicate", "target"), [
    (MLKG.Paper, RDFS.subClassOf, SCHEMA.ScholarlyArticle),
    (MLKG.Paper, RDFS.subClassOf, PROV.Entity),
    (MLKG.Entity, RDFS.subClassOf, SKOS.Concept),
    (MLKG.Dataset, RDFS.subClassOf, SCHEMA.Dataset),
    (MLKG.Dataset, RDFS.subClassOf, MLS.Data),
    (MLKG.Dataset, RDFS.subClassOf, LPWC.Dataset),
    (MLKG.Model, RDFS.subClassOf, MLS.Model),
    (MLKG.Method, RDFS.subClassOf, MLS.Algorithm),
    (MLKG.Method, RDFS.subClassOf, LPWC.Method),
    (MLKG.Metric, RDFS.subClassOf, MLS.EvaluationMeasure),
    (MLKG.Metric, RDFS.subClassOf, LPWC.Metric),
    (MLKG.Task, RDFS.subClassOf, MLS.Task),
    (MLKG.Task, RDFS.subClassOf, LPWC.Task),
    (MLKG.Evidence, RDFS.subClassOf, RDF.Statement),
    (MLKG.Evidence, RDFS.subClassOf, PROV.Entity),
    (MLKG.Build, RDFS.subClassOf, PROV.Activity),
    (MLKG.codeRepository, RDFS.subPropertyOf, SCHEMA.codeRepository),
    (MLKG.outperforms, RDFS.subPropertyOf, MLKG.comparesWith),
])
def test_alignments(onto, term, predicate, target):
    assert (term, predicate, target) in onto


@pytest.mark.parametrize(("term", "domain", "range_"), [
    (MLKG.reportsResult, MLKG.Paper, MLKG.Result),
    (MLKG.resultFor, MLKG.Result, MLKG.Entity),
    (MLKG.resultMetric, MLKG.Result, MLKG.Metric),
    (MLKG.resultDataset, MLKG.Result, MLKG.Dataset),
    (MLKG.memberOf, MLKG.Entity, MLKG.Entity),
    (MLKG.spacyVersion, MLKG.Build, None),
    (MLKG.sha256, PROV.Entity, None),
])
def test_domains_and_ranges(onto, term, domain, range_):
    assert onto.value(term, RDFS.domain) == domain
    if range_ is not None:
        assert onto.value(term, RDFS.range) == range_


def test_readme_table_is_generated_from_the_ontology():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    between = readme.split(START, 1)[1].split(END, 1)[0]
    assert between == "\n" + vocabulary_markdown(), "run python -m kg.vocabulary_table --write"


def test_table_lists_every_term():
    table = vocabulary_markdown()
    for name in dir(MLKG):
        assert f"| `mlkg:{name}` |" in table
