"""Entity resolution across papers and the graph built from facts."""

from rdflib import Literal, URIRef
from rdflib.namespace import RDF, SKOS

from extract.facts import Entity, Evidence, Paper, PaperFacts, Relation
from kg.builder import build_graph
from kg.resolve import resolve
from kg.vocab import ID, MLKG


def facts(paper_id, *entities, abstract="An abstract of some length for offsets."):
    ev = Evidence(abstract, 0, len(abstract), 0, 2, "test", 0.5)
    rels = tuple(Relation("usesMethod" if e.type == "Method" else "usesModel" if e.type == "Model" else "evaluatedOn", e.key, ev) for e in entities)
    return PaperFacts(Paper(paper_id, abstract), paper_id, tuple(entities), rels)


def entity(key, etype, name, *aliases):
    return Entity(key, etype, name, tuple(aliases))


def test_same_name_in_two_papers_is_one_entity():
    res = resolve([facts("a", entity("k", "Dataset", "ARC-AGI-2")), facts("b", entity("k2", "Dataset", "ARC AGI 2"))])
    assert len(res.entities) == 1
    assert res.members[("a", "k")] is res.members[("b", "k2")]
    assert res.entities[0].label in ("ARC-AGI-2", "ARC AGI 2")


def test_bare_acronym_joins_its_unique_long_form():
    res = resolve([
        facts("a", entity("llm", "Model", "large language model", "LLMs")),
        facts("b", entity("llm", "Model", "LLM")),
    ])
    assert len(res.entities) == 1
    assert "LLM" in res.entities[0].alt_labels


def test_a_name_ending_in_an_acronym_joins_the_name_spelt_out():
    res = resolve([
        facts("a", entity("rl", "Method", "reinforcement learning", "RL")),
        facts("b", entity("orl", "Task", "offline reinforcement learning")),
        facts("c", entity("orl", "Task", "offline RL")),
        facts("d", entity("drl", "Method", "distributional RL")),
    ])
    assert res.members[("b", "orl")] is res.members[("c", "orl")]
    assert res.members[("d", "drl")] is not res.members[("a", "rl")] and len(res.entities) == 3


def test_ambiguous_acronym_stays_apart():
    res = resolve([
        facts("a", entity("x", "Method", "Sparse Optimal Learner", "SOL")),
        facts("b", entity("y", "Method", "Self-Organising Lattice", "SOL")),
        facts("c", entity("z", "Method", "SOL")),
        facts("d", entity("w", "Method", "fast SOL")),
        facts("e", entity("v", "Method", "fast Sparse Optimal Learner")),
    ])
    assert len(res.entities) == 5


def test_type_is_the_majority():
    res = resolve([
        facts("a", entity("k", "Dataset", "FooBench")),
        facts("b", entity("k", "Dataset", "FooBench")),
        facts("c", entity("k", "Method", "FooBench")),
    ])
    assert [e.type for e in res.entities] == ["Dataset"]


def test_graph_has_one_node_and_evidence_per_fact():
    graph = build_graph([facts("a", entity("k", "Dataset", "FooBench")), facts("b", entity("k", "Dataset", "FooBench"))])
    node = ID["dataset/foobench"]
    assert (node, RDF.type, MLKG.Dataset) in graph
    assert (node, SKOS.prefLabel, Literal("FooBench")) in graph
    papers = set(graph.subjects(MLKG.evaluatedOn, node))
    assert papers == {ID["paper/a"], ID["paper/b"]}
    evidence = list(graph.subjects(RDF.type, MLKG.Evidence))
    assert len(evidence) == 2
    for ev in evidence:
        assert graph.value(ev, MLKG.mentionText) == Literal("An")
        assert isinstance(graph.value(ev, RDF.subject), URIRef)


def test_versions_join_a_named_family():
    res = resolve([facts("a", entity("x", "Dataset", "ARC-AGI-1"), entity("y", "Dataset", "ARC-AGI-2")),
                   facts("b", entity("z", "Dataset", "ARC-AGI"))])
    pairs = {(m.label, f.label) for m, f in res.families}
    assert pairs == {("ARC-AGI-1", "ARC-AGI"), ("ARC-AGI-2", "ARC-AGI")}
    assert len(res.entities) == 3


def test_a_family_two_models_share_is_added():
    res = resolve([facts("a", entity("x", "Model", "Qwen3-VL-32B-Instruct")), facts("b", entity("y", "Model", "Qwen3-8B"))])
    family = {f.label for _, f in res.families}
    assert family == {"Qwen3"}
    assert any(e.label == "Qwen3" and e.type == "Model" for e in res.entities)


def test_a_lone_version_gets_no_invented_family():
    res = resolve([facts("a", entity("x", "Model", "GPT-5"), entity("y", "Dataset", "Sudoku"))])
    assert res.families == ()
    assert len(res.entities) == 2


def test_a_relation_that_restates_a_type_follows_the_resolved_type():
    """Two papers read FooBench as a dataset, one as a method: its node is a Dataset, so the third paper is
    evaluated on it too (not usesMethod a Dataset); what a paper proposes stays proposed."""
    ev = Evidence("An abstract.", 0, 12, 0, 2, "test", 0.5)
    third = PaperFacts(Paper("c", "An abstract."), "c", (entity("k", "Method", "FooBench"), entity("m", "Method", "BarNet")),
                       (Relation("usesMethod", "k", ev), Relation("proposes", "m", ev)))
    graph = build_graph([facts("a", entity("k", "Dataset", "FooBench")), facts("b", entity("k", "Dataset", "FooBench")),
                         third, facts("d", entity("m", "Dataset", "BarNet")), facts("e", entity("m", "Dataset", "BarNet"))])
    node = ID["dataset/foobench"]
    assert set(graph.subjects(MLKG.evaluatedOn, node)) == {ID["paper/a"], ID["paper/b"], ID["paper/c"]}
    assert not list(graph.triples((None, MLKG.usesMethod, None)))
    assert (ID["paper/c"], MLKG.proposes, ID["dataset/barnet"]) in graph
    evidence = {graph.value(ev_node, RDF.predicate) for ev_node in graph.subjects(RDF.subject, ID["paper/c"])}
    assert evidence == {MLKG.evaluatedOn, MLKG.proposes}
