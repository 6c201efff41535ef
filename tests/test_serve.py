"""`kg serve`: the page and read-only SPARQL; every kind of write refused with an HTTP error."""

from __future__ import annotations

import json
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from click.testing import CliRunner
from rdflib import Graph

from kg.cli import cli
from kg.serve import make_server

SMALL = Path(__file__).parent / "fixtures" / "small_graph.ttl"
COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"


@pytest.fixture(scope="module")
def base_url():
    server = make_server(SMALL)
    assert server.server_address[0] == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


def _call(url: str, method: str = "GET", data: bytes | None = None, media: str | None = None,
          accept: str | None = None) -> tuple[int, str, bytes]:
    headers = {k: v for k, v in (("Content-Type", media), ("Accept", accept)) if v}
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers.get_content_type(), response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get_content_type(), err.read()


def _count(base_url: str) -> int:
    status, _, body = _call(f"{base_url}/sparql?query={urllib.parse.quote(COUNT)}")
    assert status == 200
    return int(json.loads(body)["results"]["bindings"][0]["n"]["value"])


def test_page(base_url):
    status, media, body = _call(base_url + "/")
    assert status == 200 and media == "text/html"
    assert b"Grid Reasoner" in body and b"<script>alert(1)</script>" not in body


def test_select_get_and_post(base_url):
    query = "SELECT ?label WHERE { dataset:puzzle-2 rdfs:label ?label }"  # project prefixes are predeclared
    status, media, body = _call(f"{base_url}/sparql?query={urllib.parse.quote(query)}")
    assert (status, media) == (200, "application/sparql-results+json")
    assert json.loads(body)["results"]["bindings"] == [{"label": {"type": "literal", "value": "Puzzle-2"}}]
    status, _, posted = _call(base_url + "/sparql", "POST", query.encode(), "application/sparql-query")
    assert status == 200 and posted == body
    form = urllib.parse.urlencode({"query": query}).encode()
    assert _call(base_url + "/sparql", "POST", form, "application/x-www-form-urlencoded")[2] == body
    status, media, csv = _call(f"{base_url}/sparql?query={urllib.parse.quote(query)}", accept="text/csv")
    assert (status, media, csv) == (200, "text/csv", b"label\r\nPuzzle-2\r\n")


def test_ask_and_construct(base_url):
    ask = urllib.parse.quote("ASK { ?p a mlkg:Paper }")
    assert json.loads(_call(f"{base_url}/sparql?query={ask}")[2])["boolean"] is True
    construct = urllib.parse.quote("CONSTRUCT { ?s rdfs:label ?l } WHERE { ?s a mlkg:Dataset ; rdfs:label ?l }")
    status, media, body = _call(f"{base_url}/sparql?query={construct}")
    assert (status, media) == (200, "application/n-triples") and body.count(b"\n") == 2


@pytest.mark.parametrize("how", ["sparql-update", "form", "query-text", "get-update"])
def test_updates_are_forbidden_and_change_nothing(base_url, how):
    before = _count(base_url)
    update = "DELETE WHERE { ?s ?p ?o }"
    if how == "sparql-update":
        status, _, body = _call(base_url + "/sparql", "POST", update.encode(), "application/sparql-update")
    elif how == "form":
        form = urllib.parse.urlencode({"update": update}).encode()
        status, _, body = _call(base_url + "/sparql", "POST", form, "application/x-www-form-urlencoded")
    elif how == "query-text":
        sneaky = f"# a comment first\n{update}".encode()
        status, _, body = _call(base_url + "/sparql", "POST", sneaky, "application/sparql-query")
    else:
        status, _, body = _call(f"{base_url}/sparql?update={urllib.parse.quote(update)}")
    assert status == 403 and body.decode().count("\n") == 1 and b"read-only" in body
    assert _count(base_url) == before > 0


@pytest.mark.parametrize("method", ["PUT", "POST", "DELETE", "PATCH"])
def test_graph_store_writes_are_forbidden(base_url, method):
    before = _count(base_url)
    for path in ("/store?default", "/data?graph=https%3A%2F%2Fx.org%2Fg", "/"):
        status, media, body = _call(base_url + path, method, b"<a:b> <a:b> <a:b> .", "application/n-triples")
        assert (status, media) == (403, "text/plain") and body.decode().count("\n") == 1 and b"read-only" in body
    if method != "POST":
        assert _call(base_url + "/sparql", method, b"x", "text/plain")[0] == 403
    assert _count(base_url) == before


def test_page_built_next_to_the_graph_is_served(tmp_path):
    (tmp_path / "kg.ttl").write_bytes(SMALL.read_bytes())
    (tmp_path / "kg.html").write_text("<!doctype html><title>built page</title>")
    server = make_server(tmp_path / "kg.ttl")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        assert _call(url + "/")[2] == b"<!doctype html><title>built page</title>"
        assert _count(url) == _count_file(SMALL)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _count_file(path: Path) -> int:
    return len(Graph().parse(path))


def test_bad_queries_get_client_errors(base_url):
    assert _call(f"{base_url}/sparql?query={urllib.parse.quote('SELECT nonsense {')}")[0] == 400
    assert _call(base_url + "/sparql")[0] == 400
    service = urllib.parse.quote("SELECT * WHERE { SERVICE <http://127.0.0.1:9/> { ?s ?p ?o } }")
    assert _call(f"{base_url}/sparql?query={service}")[0] == 403
    assert _call(base_url + "/nowhere")[0] == 404


def test_cli_serve_errors_exit_2_with_one_line(tmp_path):
    missing = CliRunner().invoke(cli, ["serve", str(tmp_path / "kg.ttl")])
    assert missing.exit_code == 2 and missing.output.count("\n") == 1 and "no graph file" in missing.output
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = CliRunner().invoke(cli, ["serve", str(SMALL), "--port", str(taken.getsockname()[1])])
    assert busy.exit_code == 2 and busy.output.count("\n") == 1 and "cannot listen on 127.0.0.1:" in busy.output
