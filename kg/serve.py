"""`kg serve`: the explorer page and a read-only SPARQL endpoint over one built graph, from the standard library's
HTTP server.

Read-only by construction and by refusal: the graph lives in an in-memory Oxigraph store that only ever gets
`query()` calls, and anything that asks for a change gets 403 Forbidden with a plain-text reason instead of a
silent no-op: SPARQL Update (as `application/sparql-update`, an `update=` form field, or update text sent as a
query), and PUT, DELETE, PATCH or POST to any other path (Graph Store Protocol writes). Federated queries
(SERVICE) are refused too, so the server cannot be used to make requests to other hosts. It binds 127.0.0.1
unless told otherwise.
"""

from __future__ import annotations

import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph

from .explorer import render_explorer
from .remote import UPDATE_KEYWORDS, query_form, sparql_tokens
from .sparql import load_store
from .view import to_networkx
from .vocab import PREFIXES

#: Largest request body accepted (queries are text; nothing bigger is needed).
MAX_BODY = 1 << 20
_PREFIX_IRIS = {name: str(namespace) for name, namespace in PREFIXES.items()}
#: Answer formats by media type, the first of each list the default.
_RESULT_FORMATS = [("application/sparql-results+json", ox.QueryResultsFormat.JSON),
                   ("application/sparql-results+xml", ox.QueryResultsFormat.XML),
                   ("text/csv", ox.QueryResultsFormat.CSV),
                   ("text/tab-separated-values", ox.QueryResultsFormat.TSV)]
_GRAPH_FORMATS = [("application/n-triples", ox.RdfFormat.N_TRIPLES), ("text/turtle", ox.RdfFormat.TURTLE)]


class GraphServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer holding the graph's store and its rendered explorer page."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], store: ox.Store, page: bytes):
        self.store = store
        self.page = page
        super().__init__(address, _Handler)


def make_server(ttl_path: str | Path, host: str = "127.0.0.1", port: int = 0) -> GraphServer:
    """A server (not yet serving: call `serve_forever`) for the graph in `ttl_path`; port 0 picks a free one.

    The page is the `kg.html` that `kg build` wrote next to the graph, else rendered from the graph now.
    """
    path = Path(ttl_path)
    built_page = path.with_name("kg.html")
    if built_page.is_file():
        return GraphServer((host, port), load_store(path), built_page.read_bytes())
    graph = Graph().parse(path, format="turtle")
    return GraphServer((host, port), load_store(graph), render_explorer(to_networkx(graph)).encode("utf-8"))


class _Refused(Exception):
    def __init__(self, status: HTTPStatus, message: str):
        super().__init__(message)
        self.status = status


class _Handler(BaseHTTPRequestHandler):
    server: GraphServer
    server_version = "mlkg"

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        if url.path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", self.server.page)
        elif url.path == "/sparql":
            self._sparql(urllib.parse.parse_qs(url.query))
        else:
            self._error(HTTPStatus.NOT_FOUND, f"nothing at {url.path}; the page is at / and SPARQL at /sparql")

    def do_POST(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        if url.path != "/sparql":
            self._refuse_writes()
            return
        body = self._body()
        if body is None:
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request body over {MAX_BODY} bytes")
            return
        media = self.headers.get_content_type()
        if media == "application/sparql-update":
            self._error(HTTPStatus.FORBIDDEN, "this endpoint is read-only: SPARQL Update is refused")
        elif media == "application/sparql-query":
            self._sparql({**urllib.parse.parse_qs(url.query), "query": [body]})
        elif media == "application/x-www-form-urlencoded":
            self._sparql(urllib.parse.parse_qs(body))
        else:
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                        "send application/sparql-query or a form with query=")

    def _refuse_writes(self) -> None:
        self._body()  # read what the client sent, so that it gets the answer rather than a reset connection
        path = urllib.parse.urlsplit(self.path).path
        self._error(HTTPStatus.FORBIDDEN, f"this server is read-only: {self.command} {path} is refused")

    def _body(self) -> str | None:
        """The request body as text; None (and nothing read) when it is over MAX_BODY or its length is invalid."""
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return None
        if not 0 <= length <= MAX_BODY:
            return None
        return self.rfile.read(length).decode("utf-8", "replace")

    do_PUT = do_DELETE = do_PATCH = _refuse_writes

    def _sparql(self, fields: dict[str, list[str]]) -> None:
        try:
            if "update" in fields:
                raise _Refused(HTTPStatus.FORBIDDEN, "this endpoint is read-only: SPARQL Update is refused")
            queries = fields.get("query", [])
            if len(queries) != 1:
                raise _Refused(HTTPStatus.BAD_REQUEST, "give exactly one query (GET ?query=... or POST)")
            media, body = self._answer(queries[0])
        except _Refused as refused:
            self._error(refused.status, str(refused))
            return
        self._send(HTTPStatus.OK, media, body)

    def _answer(self, query: str) -> tuple[str, bytes]:
        if query_form(query) in UPDATE_KEYWORDS:
            raise _Refused(HTTPStatus.FORBIDDEN, "this endpoint is read-only: SPARQL Update is refused")
        if any(kind == "word" and text.upper() == "SERVICE" for kind, text, _ in sparql_tokens(query)):
            raise _Refused(HTTPStatus.FORBIDDEN, "federated queries (SERVICE) are refused")
        try:
            answer = self.server.store.query(query, prefixes=_PREFIX_IRIS)
        except SyntaxError as err:
            raise _Refused(HTTPStatus.BAD_REQUEST, f"SPARQL syntax {err}") from err
        except (OSError, RuntimeError) as err:
            raise _Refused(HTTPStatus.INTERNAL_SERVER_ERROR, f"query failed: {err}") from err
        formats = _GRAPH_FORMATS if isinstance(answer, ox.QueryTriples) else _RESULT_FORMATS
        accept = self.headers.get("Accept", "")
        media, fmt = next(((m, f) for m, f in formats if m in accept), formats[0])
        return media + "; charset=utf-8", answer.serialize(format=fmt)

    def _error(self, status: HTTPStatus, message: str) -> None:
        self._send(status, "text/plain; charset=utf-8", (" ".join(message.split()) + "\n").encode("utf-8"))

    def _send(self, status: HTTPStatus, media: str, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
