"""Saved queries, parameter binding, errors and output formats, checked by hand against tests/fixtures/small_graph.ttl."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from rdflib import Graph, URIRef

from kg.results_format import format_result
from kg.sparql import QueryError, QueryResult, load_store, run_query, run_saved, saved_queries, stats
from kg.vocab import MLKG, PREFIXES

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "small_graph.ttl"
P = {name: str(ns) for name, ns in PREFIXES.items()}


def iri(prefixed: str) -> str:
    prefix, _, local = prefixed.partition(":")
    return P[prefix] + local


def ref(prefixed: str) -> URIRef:
    return URIRef(iri(prefixed))


@pytest.fixture(scope="module")
def store():
    return load_store(FIXTURE)


def records(result: QueryResult) -> list[dict]:
    return [dict(zip(result.variables, row)) for row in result.rows]


def test_shared_benchmarks(store):
    rows = records(run_saved(store, "shared-benchmarks"))
    assert [(r["dataset"], r["label"], r["papers"]) for r in rows] == [
        (iri("dataset:puzzle-1"), "Puzzle-1", "2"), (iri("dataset:puzzle-2"), "Puzzle-2", "2")]
    assert set(rows[0]["paper_labels"].split(" | ")) == {"Grid Reasoner", "We study <script>alert(1)</script> markup"}
    assert set(rows[1]["paper_labels"].split(" | ")) == {"Grid Reasoner", "Puzzle study"}
    assert run_saved(store, "shared-benchmarks", {"min_papers": "3"}).rows == ()
    assert len(run_saved(store, "shared-benchmarks", {"min_papers": "1"}).rows) == 2


def test_benchmark_pairs(store):
    assert run_saved(store, "benchmark-pairs").rows == ()  # no two papers share two datasets
    rows = records(run_saved(store, "benchmark-pairs", {"min_shared": "1"}))
    assert [(r["paper1"], r["paper2"], r["shared"], r["datasets"]) for r in rows] == [
        (iri("paper:p1"), iri("paper:p2"), "1", "Puzzle-2"), (iri("paper:p1"), iri("paper:p3"), "1", "Puzzle-1")]
    assert rows[0]["label1"] == "Grid Reasoner" and rows[0]["label2"] == "Puzzle study"
    assert run_saved(store, "benchmark-pairs", {"min_shared": "1", "max_papers": "1"}).rows == ()


def test_rankings(store):
    ranked = run_saved(store, "benchmarks-ranked")
    assert ranked.variables == ("dataset", "label", "papers", "evaluated_by", "proposed_by")
    assert ranked.rows == ((iri("dataset:puzzle-1"), "Puzzle-1", "2", "2", "0"),
                           (iri("dataset:puzzle-2"), "Puzzle-2", "2", "2", "0"))
    assert run_saved(store, "models-across-papers").rows == ((iri("model:llamax-7b"), "LlamaX 7B", "1"),)


def test_tasks_ranked(store):
    assert run_saved(store, "tasks-ranked").rows == ()  # one paper addresses the only task; the default is 2
    ranked = run_saved(store, "tasks-ranked", {"min_papers": "1"})
    assert ranked.variables == ("task", "label", "papers", "addressed_by", "proposed_by")
    assert ranked.rows == ((iri("task:visual-question-answering"), "visual question answering", "1", "1", "0"),)
    graph = Graph().parse(FIXTURE)
    graph.add((ref("paper:p1"), MLKG.addresses, ref("task:visual-question-answering")))
    graph.add((ref("paper:p3"), MLKG.proposes, ref("task:visual-question-answering")))
    graph.add((ref("paper:p3"), MLKG.proposes, ref("dataset:puzzle-1")))  # not a task: not ranked
    assert run_saved(load_store(graph), "tasks-ranked", {"min_papers": "3"}).rows == (
        (iri("task:visual-question-answering"), "visual question answering", "3", "2", "1"),)


def test_methods_for_task():
    task = {"task": "task:visual-question-answering"}
    assert run_saved(load_store(FIXTURE), "methods-for-task", task).rows == ()  # p2 addresses it, names no method
    graph = Graph().parse(FIXTURE)
    graph.add((ref("paper:p2"), MLKG.usesMethod, ref("method:tiny-model")))
    graph.add((ref("paper:p1"), MLKG.addresses, ref("task:visual-question-answering")))
    graph.add((ref("paper:p1"), MLKG.usesMethod, ref("method:tiny-model")))
    graph.add((ref("paper:p1"), MLKG.usesMethod, ref("dataset:puzzle-1")))  # not a method: left out
    result = run_saved(load_store(graph), "methods-for-task", task)
    assert result.variables == ("method", "label", "papers", "used_by", "proposed_by")  # the bound task is dropped
    assert result.rows == ((iri("method:tiny-model"), "Tiny Model", "2", "2", "0"),
                           (iri("method:grid-reasoner"), "Grid Reasoner", "1", "0", "1"))
    assert run_saved(load_store(graph), "methods-for-task", {"task": "method:tiny-model"}).rows == ()


def test_paper_entities(store):
    result = run_saved(store, "paper-entities", {"paper": "paper:p2"})
    assert result.variables == ("relation", "target", "type", "label")  # the bound paper column is dropped
    got = {(row[0], row[1]) for row in result.rows}
    assert got == {
        (iri("mlkg:evaluatedOn"), iri("dataset:puzzle-2")), (iri("mlkg:usesModel"), iri("model:llamax-7b")),
        (iri("mlkg:usesMetric"), iri("metric:accuracy")), (iri("mlkg:addresses"), iri("task:visual-question-answering")),
        (iri("schema:url"), "https://openreview.net/forum?id=p2"),
    }
    by_target = {row[1]: row for row in result.rows}
    assert by_target[iri("model:llamax-7b")][2:] == (iri("mlkg:Model"), "LlamaX 7B")
    assert by_target["https://openreview.net/forum?id=p2"][2:] == (None, None)


def test_evidence(store):
    rows = records(run_saved(store, "evidence", {"entity": "dataset:puzzle-1"}))
    assert rows == [{
        "paper": iri("paper:p1"), "relation": iri("mlkg:evaluatedOn"),
        "sentence": "On Puzzle-1 and Puzzle-2 it beats the Tiny Model (TM) in accuracy.",
        "sentence_start": "26", "sentence_end": "93", "mention_start": "29", "mention_end": "37",
        "mention_text": "Puzzle-1", "rule": "dataset:prep-on", "confidence": "0.8", "in_title": None,
        "evidence": iri("evidence:e1"),
    }]
    narrowed = run_saved(store, "evidence", {"entity": "dataset:puzzle-2", "paper": "paper:p2"})
    assert "paper" not in narrowed.variables and [r[-1] for r in narrowed.rows] == [iri("evidence:e2")]
    assert run_saved(store, "evidence", {"entity": "dataset:puzzle-2", "paper": "paper:p3"}).rows == ()


def test_neighbourhood(store):
    rows = run_saved(store, "neighbourhood", {"node": "dataset:puzzle-2"}).rows
    assert {(r[0], r[1], r[2]) for r in rows} == {
        ("in", iri("mlkg:evaluatedOn"), iri("paper:p1")), ("in", iri("mlkg:evaluatedOn"), iri("paper:p2"))}
    out = {(r[0], r[1], r[2]) for r in run_saved(store, "neighbourhood", {"node": "paper:p3"}).rows}
    assert out == {("out", iri("mlkg:evaluatedOn"), iri("dataset:puzzle-1"))}  # no rdf:type, no evidence nodes


def test_stats(store):
    assert stats(store) == {
        "by_type": {"Paper": 3, "Dataset": 2, "Evidence": 2, "Method": 2, "Metric": 1, "Model": 1, "Task": 1},
        "by_relation": {"evaluatedOn": 4, "usesMetric": 2, "addresses": 1, "comparesWith": 1, "outperforms": 1,
                        "proposes": 1, "usesModel": 1, "usesMethod": 0},
    }


def test_saved_queries_are_documented(store):
    shipped = sorted(p.stem for p in (REPO / "kg" / "queries").glob("*.rq"))
    listed = saved_queries()
    assert [q.name for q in listed] == shipped
    assert {"shared-benchmarks", "benchmark-pairs", "benchmarks-ranked", "models-across-papers", "methods-for-task",
            "tasks-ranked", "paper-entities", "evidence", "neighbourhood", "stats-by-type", "stats-by-relation"
            } <= set(shipped)
    examples = {"paper": "paper:p1", "entity": "dataset:puzzle-1", "node": "paper:p1",
                "task": "task:visual-question-answering"}
    for saved in listed:
        assert saved.description and not saved.description.startswith("param:"), saved.name
        comments = [line for line in saved.text.splitlines() if line.startswith("# param:")]
        assert len(comments) == len(saved.params), f"{saved.name}: a # param: line did not parse"
        for param in saved.params:
            assert param.description and re.search(rf"\?{param.name}\b", saved.text), (saved.name, param.name)
        run_saved(store, saved.name, {p.name: examples[p.name] for p in saved.params if p.required})


def test_params_are_bound_not_pasted(store):
    query = "SELECT ?label ?s WHERE { ?s rdfs:label ?label }"
    assert run_query(store, query, {"label": 'x" } DROP ALL {'}).rows == ()
    assert run_query(store, query, {"label": "Puzzle-1"}).rows == (("Puzzle-1", iri("dataset:puzzle-1")),)
    assert len(store) == 79  # nothing dropped
    assert run_saved(store, "paper-entities", {"paper": '"> } ; DROP ALL ; SELECT * { <x'}).rows == ()


def test_param_kinds(store):
    query = "SELECT ?p ?d WHERE { ?p mlkg:evaluatedOn ?d }"
    full = {iri("dataset:puzzle-1"), iri("dataset:puzzle-2")}
    for value in ("paper:p1", iri("paper:p1"), f"<{iri('paper:p1')}>"):
        assert {row[1] for row in run_query(store, query, {"p": value}).rows} == full
    assert run_query(store, query, {"p": "p1"}).rows == ()  # a plain literal, not an IRI
    assert run_query(store, "SELECT ?y ?p WHERE { ?p mlkg:year ?y }", {"y": "2026"}).rows == ((
        "2026", iri("paper:p2")),)  # digits bind as xsd:integer


def test_predeclared_prefixes_yield_to_the_query(store):
    assert len(run_query(store, "SELECT ?d WHERE { paper:p1 mlkg:evaluatedOn ?d }").rows) == 2
    assert run_query(store, "PREFIX mlkg: <http://example.org/> SELECT ?d WHERE { ?p mlkg:evaluatedOn ?d }").rows == ()


def test_ask_and_construct(store):
    assert run_query(store, "ASK { paper:p1 mlkg:proposes ?m }").ask is True
    assert run_query(store, "ASK { ?p mlkg:proposes ?m }", {"p": "paper:p2"}).ask is False
    built = run_query(store, "CONSTRUCT { ?d rdfs:label ?l } WHERE { paper:p2 mlkg:evaluatedOn ?d . ?d rdfs:label ?l }")
    assert built.variables == ("subject", "predicate", "object")
    assert built.rows == ((iri("dataset:puzzle-2"), iri("rdfs:label"), "Puzzle-2"),)


@pytest.mark.parametrize(("call", "fragment"), [
    (lambda s: run_query(s, "SELEKT nonsense"), "syntax"),
    (lambda s: run_query(s, "SELECT ?x WHERE {\n ?x ?y \n}"), "syntax"),
    (lambda s: run_saved(s, "no-such-query"), "no-such-query"),
    (lambda s: run_saved(s, "paper-entities", {"paper": "paper:p1", "papr": "x"}), "papr"),
    (lambda s: run_saved(s, "paper-entities"), "missing parameter paper"),
    (lambda s: run_query(s, "SELECT ?x WHERE { ?x ?y ?z }", {"y": "rdfs:label"}), "?y"),
    (lambda s: run_query(s, "SELECT ?x WHERE { ?x ?y ?z }", {"not a name": "1"}), "not a name"),
    (lambda s: run_query(s, "SELECT ?x WHERE { ?x ?y ?z }", {"x": "https://bad iri"}), "not a valid IRI"),
])
def test_errors_are_one_line(store, call, fragment):
    with pytest.raises(QueryError) as caught:
        call(store)
    message = str(caught.value)
    assert "\n" not in message and fragment in message


def test_unknown_param_lists_valid_ones(store):
    with pytest.raises(QueryError, match=r"min_papers \(default 2\)"):
        run_saved(store, "shared-benchmarks", {"min": "2"})


def test_load_store_from_graph_and_bad_file(tmp_path):
    assert len(load_store(Graph().parse(FIXTURE))) == 79
    broken = tmp_path / "broken.ttl"
    broken.write_text("this is not turtle")
    with pytest.raises(QueryError):
        load_store(broken)


def test_table(store):
    text = format_result(run_saved(store, "shared-benchmarks"), "table")
    lines = text.splitlines()
    assert lines[0].split() == ["dataset", "label", "papers", "paper_labels"]
    assert set(lines[1].replace(" ", "")) == {"-"}
    assert lines[2].startswith("dataset:puzzle-1 ") and lines[-1] == "(2 rows)"
    assert all(line.index("Puzzle-") == lines[0].index("label") for line in lines[2:4])  # aligned columns
    long = format_result(QueryResult(("x",), (("y" * 100,),)), "table").splitlines()
    assert long[2] == "y" * 59 + "…" and long[-1] == "(1 row)"
    assert format_result(QueryResult((), ask=True), "table") == "yes\n"
    assert format_result(QueryResult((), ask=False), "table") == "no\n"


def test_csv(store):
    result = run_saved(store, "evidence", {"entity": "dataset:puzzle-1"})
    text = format_result(result, "csv")
    assert text.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == result.variables
    assert rows[1][0] == iri("paper:p1") and rows[1][2].startswith("On Puzzle-1")  # full IRIs, full text
    unbound = format_result(QueryResult(("a", "b"), (("x,\"y\"", None),)), "csv")
    assert list(csv.reader(io.StringIO(unbound))) == [["a", "b"], ['x,"y"', ""]]


def test_json(store):
    result = run_saved(store, "paper-entities", {"paper": "paper:p1"})
    document = json.loads(format_result(result, "json"))
    assert list(document) == ["head", "results"] and document["head"]["vars"] == list(result.variables)
    bindings = document["results"]["bindings"]
    assert len(bindings) == len(result.rows)
    code = next(b for b in bindings if b["relation"]["value"] == iri("mlkg:codeRepository"))
    assert code["target"] == {"type": "uri", "value": "https://github.com/example/grid-reasoner"}
    assert "type" not in code and "label" not in code  # unbound variables are left out
    assert any(b.get("label") == {"type": "literal", "value": "Grid Reasoner"} for b in bindings)
    assert json.loads(format_result(QueryResult((), ask=True), "json")) == {"head": {}, "boolean": True}
    assert format_result(result, "json") == format_result(result, "json")
