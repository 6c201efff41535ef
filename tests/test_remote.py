"""`kg push` and remote queries against a real Oxigraph server; failures as one-line RemoteErrors."""

from __future__ import annotations

import socket
import threading
import time
import urllib.parse
from pathlib import Path

import oxigraph_server
import pytest
from click.testing import CliRunner
from rdflib import Graph

from kg import remote
from kg.cli import cli
from kg.remote import (
    RemoteError,
    bind_values,
    push_graph,
    run_remote_query,
    run_remote_saved,
    with_prefixes,
)
from kg.sparql import QueryError, _cell, load_store, run_saved, saved_queries

oxigraph_url = oxigraph_server.oxigraph_url  # the fixture
free_port = oxigraph_server.free_port

SMALL = Path(__file__).parent / "fixtures" / "small_graph.ttl"
GRAPH = "https://w3id.org/mlkg/graph/test"
HOSTILE = 'x" } } ; DROP ALL ; SELECT * WHERE { { "\\u0022 # \n'


def _count(url: str, graph: str | None = None) -> int:
    where = f"GRAPH <{graph}>" if graph else "GRAPH ?g"
    return int(run_remote_query(url, f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} {{ ?s ?p ?o }} }}").rows[0][0])


def _canon(result):
    """Rows with GROUP_CONCAT cells sorted: the order of concatenated values is the engine's choice."""
    return result.variables, [tuple(" | ".join(sorted(c.split(" | "))) if c else c for c in row) for row in result.rows]


def _graphs(url: str) -> list[str]:
    return [row[0] for row in run_remote_query(url, "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }").rows]


@pytest.mark.parametrize("direct", [False, True])
def test_push_twice_replaces_instead_of_duplicating(oxigraph_url, tmp_path, direct):
    expected = len(Graph().parse(SMALL))
    assert push_graph(SMALL, oxigraph_url, GRAPH, direct=direct) == expected
    assert push_graph(SMALL, oxigraph_url, GRAPH, direct=direct) == expected
    assert _count(oxigraph_url) == expected and _graphs(oxigraph_url) == [GRAPH]
    smaller = tmp_path / "kg.ttl"
    smaller.write_text("<https://example.org/a> <https://example.org/b> <https://example.org/c> .\n")
    assert push_graph(smaller, oxigraph_url, GRAPH, direct=direct) == 1
    assert _count(oxigraph_url) == 1


@pytest.mark.parametrize("direct", [False, True])
def test_upload_failing_midway_leaves_previous_graph(oxigraph_url, tmp_path, direct):
    expected = push_graph(SMALL, oxigraph_url, GRAPH)
    broken = tmp_path / "kg.ttl"
    broken.write_text(SMALL.read_text(encoding="utf-8") + "\npaper:p9 mlkg:venue \"unterminated .\n", encoding="utf-8")
    with pytest.raises(RemoteError, match=r"server answered 400 to PUT") as caught:
        push_graph(broken, oxigraph_url, GRAPH, direct=direct)
    assert "\n" not in str(caught.value)
    assert _count(oxigraph_url, GRAPH) == expected and _graphs(oxigraph_url) == [GRAPH]


def test_client_killed_mid_upload_leaves_previous_graph(oxigraph_url):
    """The worst case, a direct PUT onto the graph whose client dies halfway through the body."""
    expected = push_graph(SMALL, oxigraph_url, GRAPH)
    body = SMALL.read_bytes()
    port = int(oxigraph_url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(f"PUT /store?graph={urllib.parse.quote(GRAPH, safe='')} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Content-Type: text/turtle\r\nContent-Length: {len(body)}\r\n\r\n".encode()
                     + body[:len(body) // 2])
    time.sleep(0.5)
    assert _count(oxigraph_url, GRAPH) == expected and _graphs(oxigraph_url) == [GRAPH]


def test_interrupted_push_keeps_previous_graph_and_drops_the_upload(oxigraph_url, tmp_path, monkeypatch):
    expected = push_graph(SMALL, oxigraph_url, GRAPH)
    other = tmp_path / "kg.ttl"
    other.write_text("<https://example.org/a> <https://example.org/b> <https://example.org/c> .\n")
    real_update = remote._update

    def interrupted(where, update, timeout):
        if "MOVE" in update:
            assert len(_graphs(oxigraph_url)) == 2  # the upload sits in its temporary graph
            raise KeyboardInterrupt
        real_update(where, update, timeout)

    monkeypatch.setattr(remote, "_update", interrupted)
    with pytest.raises(KeyboardInterrupt):
        push_graph(other, oxigraph_url, GRAPH)
    assert _count(oxigraph_url, GRAPH) == expected and _graphs(oxigraph_url) == [GRAPH]


def test_remote_saved_queries_match_local(oxigraph_url):
    push_graph(SMALL, oxigraph_url, GRAPH)
    store = load_store(SMALL)
    for name, params in [("shared-benchmarks", {"min_papers": "1"}), ("benchmark-pairs", {"min_shared": "1"}),
                         ("evidence", {"entity": "dataset:puzzle-2"}), ("stats-by-type", {})]:
        remote_result = run_remote_saved(oxigraph_url, name, params, graph_iri=GRAPH)
        assert _canon(remote_result) == _canon(run_saved(store, name, params)), name
    assert run_remote_saved(oxigraph_url, "shared-benchmarks", {"min_papers": "1"}, graph_iri=GRAPH).rows


def test_hostile_parameter_values_stay_values(oxigraph_url):
    push_graph(SMALL, oxigraph_url, GRAPH)
    before = _count(oxigraph_url, GRAPH)
    query = "SELECT ?thing WHERE { ?thing rdfs:label ?label }"
    assert run_remote_query(oxigraph_url, query, {"label": "Puzzle-2"}, graph_iri=GRAPH).rows == (
        ("https://w3id.org/mlkg/id/dataset/puzzle-2",),)
    assert run_remote_query(oxigraph_url, query, {"label": HOSTILE}, graph_iri=GRAPH).rows == ()
    assert run_remote_saved(oxigraph_url, "paper-entities", {"paper": HOSTILE}, graph_iri=GRAPH).rows == ()
    for iri_like in ("<https://x.org/a> } DROP ALL { <a:b>", "paper:p1> } DROP ALL {", "https://x.org/a>"):
        with pytest.raises(QueryError):
            run_remote_saved(oxigraph_url, "paper-entities", {"paper": iri_like}, graph_iri=GRAPH)
    with pytest.raises(QueryError, match="parameter name"):
        run_remote_query(oxigraph_url, query, {"label) } DROP ALL {": "x"}, graph_iri=GRAPH)
    assert _count(oxigraph_url, GRAPH) == before


def test_bound_saved_queries_mean_what_oxigraph_substitutions_mean():
    """The VALUES binding, run locally, gives run_saved's answers for every shipped query."""
    store = load_store(SMALL)
    given = {"shared-benchmarks": {"min_papers": "1"}, "benchmark-pairs": {"min_shared": "1"},
             "evidence": {"entity": "dataset:puzzle-2"}, "neighbourhood": {"node": "dataset:puzzle-1"},
             "paper-entities": {"paper": "paper:p3"}, "methods-for-task": {"task": "task:visual-question-answering"}}
    for saved in saved_queries():
        params = given.get(saved.name, {})
        bound = {p.name: params.get(p.name, p.default) for p in saved.params
                 if p.name in params or p.default is not None}
        answer = store.query(with_prefixes(bind_values(saved.text, bound)))
        keep = [i for i, var in enumerate(answer.variables) if var.value not in bound]
        rows = tuple(tuple(row[i] for i in keep) for row in (tuple(map(_cell, s)) for s in answer))
        assert rows == run_saved(store, saved.name, params).rows, saved.name


def test_unreachable_server_is_one_line():
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    with pytest.raises(RemoteError, match=r"cannot reach http://127\.0\.0\.1:\d+/query: connection refused") as caught:
        run_remote_query(url, "ASK {}", timeout=2)
    assert "\n" not in str(caught.value)


@pytest.fixture
def silent_url():
    """A server that accepts connections and never answers."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in accepted:
        conn.close()
    listener.close()


def test_timeout_is_one_line(silent_url):
    with pytest.raises(RemoteError, match=r"did not answer within 0\.5 s \(timeout\)"):
        run_remote_query(silent_url, "ASK {}", timeout=0.5)
    with pytest.raises(RemoteError, match="timeout"):
        push_graph(SMALL, silent_url, GRAPH, timeout=0.5)


def test_server_error_carries_its_first_line(oxigraph_url):
    expected = r"server answered 400 to POST http://127\.0\.0\.1:\d+/query: ."
    with pytest.raises(RemoteError, match=expected) as caught:
        run_remote_query(oxigraph_url, "SELECT nonsense {")
    assert "\n" not in str(caught.value)


def test_cli_push_and_query(oxigraph_url, tmp_path):
    out = tmp_path / "mycorpus"
    out.mkdir()
    (out / "kg.ttl").write_bytes(SMALL.read_bytes())
    result = CliRunner().invoke(cli, ["push", str(out / "kg.ttl"), "--endpoint", oxigraph_url])
    assert result.exit_code == 0, result.output
    assert "<https://w3id.org/mlkg/graph/mycorpus>" in result.output
    local = CliRunner().invoke(cli, ["query", "--saved", "evidence", "--param", "entity=dataset:puzzle-2",
                                     "--graph", str(SMALL), "--format", "csv"])
    for named in (["--graph", str(out / "kg.ttl")], ["--graph-iri", "https://w3id.org/mlkg/graph/mycorpus"]):
        found = CliRunner().invoke(cli, ["query", "--saved", "evidence", "--param", "entity=dataset:puzzle-2",
                                         "--endpoint", oxigraph_url, "--format", "csv", *named])
        assert found.exit_code == 0, found.output
        assert found.output == local.output and found.output.count("\n") > 1
    adhoc = CliRunner().invoke(cli, ["query", "ASK { ?p a mlkg:Paper }", "--endpoint", oxigraph_url,
                                     "--graph", str(out / "kg.ttl"), "--format", "json"])
    assert adhoc.exit_code == 0 and '"boolean": true' in adhoc.output.replace("\n", " ")


def test_cli_query_errors_exit_2_with_one_line(oxigraph_url):
    closed = f"http://127.0.0.1:{free_port()}"
    for url, sparql, message in [(closed, "ASK {}", "cannot reach"),
                                 (oxigraph_url, "SELECT nonsense {", "answered 400")]:
        result = CliRunner().invoke(cli, ["query", sparql, "--endpoint", url])
        assert result.exit_code == 2 and result.output.count("\n") == 1 and message in result.output, result.output


def test_cli_push_to_closed_port_exits_2_with_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["push", str(SMALL), "--endpoint", f"http://127.0.0.1:{free_port()}",
                                      "--timeout", "2"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "cannot reach" in result.output


def test_values_go_into_pattern_groups_only():
    query = ('CONSTRUCT { ?s rdfs:label "{" } WHERE { ?s ?p ?o # {\n VALUES ?o { 1 } '
             'MINUS { ?s a ?t } OPTIONAL { SELECT ?s WHERE { ?s ?q ?r } } }')
    bound = bind_values(query, {"r": "paper:p1"})
    block = "VALUES (?r) { (<https://w3id.org/mlkg/id/paper/p1>) }"
    assert bound.count(block) == 2  # WHERE and the subquery's WHERE (not the braces around the subquery)
    assert bound.replace(f" {block} ", "") == query
    assert 'CONSTRUCT { ?s rdfs:label "{" }' in bound and "MINUS { ?s a ?t }" in bound
    with pytest.raises(QueryError, match="WHERE"):
        bind_values("DESCRIBE paper:p1", {"x": "1"})
