"""A shared SPARQL 1.1 server as the graph's home: push a built graph into one named graph per corpus, and run
saved or ad-hoc queries there.

Any server speaking the SPARQL 1.1 Protocol and Graph Store Protocol works (Oxigraph, Fuseki, GraphDB, QLever);
the standard library's urllib is all the HTTP this needs. Every failure (unreachable, timeout, an HTTP error)
becomes a one-line `RemoteError`.

Query parameters cannot use Oxigraph's substitutions on other servers, so they are bound with a `VALUES` block
built from validated IRIs and escaped literals, never from the user's text as given (see `bind_values`).
"""

from __future__ import annotations

import http.client
import re
import secrets
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

from .sparql import QueryError, QueryResult, _cell, bind_saved, param_term, without_bound_columns
from .vocab import BASE, PREFIXES

#: Named graphs get `GRAPH_BASE + <corpus name>` unless the user picks an IRI.
GRAPH_BASE = BASE + "graph/"
#: Result formats pyoxigraph can parse, best first (CSV cannot be parsed back: it drops term types).
_ACCEPT = ("application/sparql-results+json, application/sparql-results+xml;q=0.9, "
           "application/n-triples;q=0.8, text/turtle;q=0.7")
_XSD_STRING = ox.NamedNode("http://www.w3.org/2001/XMLSchema#string")
#: SPARQL's IRIREF: what may stand between `<` and `>` (pyoxigraph checks the IRI itself first).
_IRIREF = re.compile(r'[^<>"{}|^`\\\x00-\x20]*')
_ECHAR = {"\\": "\\\\", '"': '\\"', "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_TOKEN = re.compile(
    r"""(?P<skip>\#[^\n]*                                  # comment
        |'''(?:[^'\\]|\\.|'(?!''))*'''|\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
        |'(?:[^'\\\n\r]|\\.)*'|"(?:[^"\\\n\r]|\\.)*"        # strings
        |<[^<>"{}|^`\\\x00-\x20]*>)                          # IRIs (a bare `<` is less-than)
      |(?P<var>[?$]\w+)
      |(?P<word>[\w:][\w.:\-]*)                              # keywords, prefixed names, numbers
      |(?P<punct>\S)""",
    re.VERBOSE | re.DOTALL,
)
#: First keywords of SPARQL Update operations.
UPDATE_KEYWORDS = frozenset({"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD", "WITH"})


class RemoteError(Exception):
    """The server could not be reached, timed out or answered with an error; the message is one line."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


@dataclass(frozen=True)
class Endpoint:
    """The three URLs of a SPARQL server: queries, updates and the Graph Store Protocol."""

    query: str
    update: str
    store: str

    @classmethod
    def at(cls, base: str, *, query: str | None = None, update: str | None = None,
           store: str | None = None) -> Endpoint:
        """Oxigraph's layout under `base` (`/query`, `/update`, `/store`); other servers override some URLs."""
        for url in (base, query, update, store):
            if url is not None and urllib.parse.urlsplit(url).scheme not in ("http", "https"):
                raise RemoteError(f"not an http(s) URL: {url!r}")
        root = base.rstrip("/")
        return cls(query or root + "/query", update or root + "/update", store or root + "/store")


def default_graph_iri(ttl_path: Path) -> str:
    """`GRAPH_BASE` + the corpus name: the output folder of a `kg.ttl`, else the file's stem."""
    path = Path(ttl_path).resolve()
    name = path.parent.name if path.name == "kg.ttl" else path.stem
    slug = re.sub(r"[^a-z0-9._-]+", "-", name.lower()).strip("-") or "default"
    return GRAPH_BASE + slug


def push_graph(ttl_path: Path, endpoint: str | Endpoint, graph_iri: str, *, direct: bool = False,
               timeout: float = 60) -> int:
    """Replace the named graph `graph_iri` with the Turtle file's triples; the number of triples it then holds.

    By default the file goes to a fresh temporary graph first (a Graph Store PUT) and only a complete upload is
    moved over the target, in one SPARQL Update request, which servers run atomically. So readers never see a
    half-loaded graph, a re-push replaces rather than duplicates, and a failed or interrupted upload leaves the
    previous graph as it was (the temporary graph is dropped again; a killed process may leave it behind, under
    `<graph IRI>#upload-<hex>`). `direct` PUTs straight onto the target instead, for servers without MOVE
    (QLever): as safe where the server parses the whole body before it replaces the graph, as Oxigraph does.
    """
    where = _endpoint(endpoint)
    target = _iri_ref(graph_iri, "graph IRI")
    path = Path(ttl_path)
    if direct:
        _put(where, graph_iri, path, timeout)
    else:
        temp = f"{graph_iri}{'-' if '#' in graph_iri else '#'}upload-{secrets.token_hex(8)}"
        try:
            _put(where, temp, path, timeout)
            # DROP first so that an empty upload (no temp graph to move) still empties the target.
            _update(where, f"DROP SILENT GRAPH {target} ;\nMOVE SILENT GRAPH <{temp}> TO GRAPH {target}", timeout)
        except BaseException:  # KeyboardInterrupt included: the temporary graph must not linger
            try:
                _update(where, f"DROP SILENT GRAPH <{temp}>", timeout)
            except RemoteError:
                pass  # the original failure is the one to report
            raise
    count = run_remote_query(where, f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH {target} {{ ?s ?p ?o }} }}",
                             timeout=timeout)
    return int(count.rows[0][0])


def _put(where: Endpoint, graph_iri: str, path: Path, timeout: float) -> None:
    """A Graph Store Protocol PUT: the Turtle file replaces the named graph."""
    with path.open("rb") as body:
        _http("PUT", _with_params(where.store, graph=graph_iri), body,
              {"Content-Type": "text/turtle", "Content-Length": str(path.stat().st_size)}, timeout)


def run_remote_query(endpoint: str | Endpoint, query: str, params: Mapping[str, str] | None = None, *,
                     graph_iri: str | None = None, timeout: float = 60) -> QueryResult:
    """Run a query on the server, parameters bound by `bind_values` and our PREFIXES declared when missing.

    With `graph_iri` the named graph is the query's default graph (the protocol's `default-graph-uri`);
    without it the server's default graph is queried.
    """
    where = _endpoint(endpoint)
    text = with_prefixes(bind_values(query, params or {}))
    url = where.query if graph_iri is None else _with_params(where.query, **{"default-graph-uri": graph_iri})
    body, media = _http("POST", url, text.encode("utf-8"),
                        {"Content-Type": "application/sparql-query; charset=utf-8", "Accept": _ACCEPT}, timeout)
    return _parse_result(body, media, _shown(where.query))


def run_remote_saved(endpoint: str | Endpoint, name: str, params: Mapping[str, str] | None = None, *,
                     graph_iri: str | None = None, timeout: float = 60) -> QueryResult:
    """A saved query run on the server, with the same parameter checks and output columns as `run_saved`."""
    saved, bound = bind_saved(name, params)
    return without_bound_columns(run_remote_query(endpoint, saved.text, bound, graph_iri=graph_iri, timeout=timeout),
                                 bound)


def bind_values(query: str, params: Mapping[str, str]) -> str:
    """`query` with `VALUES (?a ?b) { (term term) }` opening each group pattern it can bind into.

    Terms come from `param_term` (validated IRIs, integers, escaped strings), never from the raw value. The block
    goes into every group (subqueries and OPTIONAL groups included) rather than once at the end, because SPARQL
    evaluates subqueries first: a trailing VALUES could not reach a HAVING or FILTER inside one, which is where
    saved queries such as shared-benchmarks use their parameters. Skipped: CONSTRUCT templates, VALUES data,
    MINUS groups (the extra shared variable would change what MINUS removes) and the braces around a subquery.
    """
    if not params:
        return query
    names = []
    for name in params:
        bare = name.lstrip("?$")
        if not re.fullmatch(r"\w+", bare):
            raise QueryError(f"bad parameter name {name!r}: want a SPARQL variable name such as paper")
        names.append(bare)
    terms = [sparql_term(name, value) for name, value in params.items()]
    block = f" VALUES ({' '.join('?' + n for n in names)}) {{ ({' '.join(terms)}) }} "
    tokens = list(sparql_tokens(query))
    cuts = []
    in_values = False
    for index, (kind, text, end) in enumerate(tokens):
        if kind == "word" and text.upper() == "VALUES":
            in_values = True
        elif text == "{":
            before = [t[1].upper() for t in tokens[max(index - 2, 0):index]]
            after = tokens[index + 1][1].upper() if index + 1 < len(tokens) else ""
            if in_values:
                in_values = False
            elif not (before[-1:] in (["CONSTRUCT"], ["MINUS"]) or before == ["CONSTRUCT", "WHERE"]
                      or after == "SELECT"):
                cuts.append(end)
    if not cuts:
        raise QueryError("parameters need a WHERE { ... } pattern to bind into")
    pieces = [query[start:stop] for start, stop in zip([0, *cuts], [*cuts, len(query)], strict=True)]
    return block.join(pieces)


def sparql_term(name: str, value: str) -> str:
    """A parameter value as SPARQL syntax: `<iri>`, or a string or integer literal with SPARQL string escapes.

    Backslashes are doubled, so even a server that decodes `\\uXXXX` before parsing (as SPARQL 1.1 allowed)
    only ever turns one into an escaped character inside the literal, never into a closing quote.
    """
    term = param_term(name, value)
    if isinstance(term, ox.NamedNode):
        if not _IRIREF.fullmatch(term.value):
            raise QueryError(f"parameter {name}: {value!r} is not a valid IRI")
        return f"<{term.value}>"
    text = "".join(_ECHAR.get(char, char) for char in term.value)
    return f'"{text}"' if term.datatype == _XSD_STRING else f'"{text}"^^<{term.datatype.value}>'


def with_prefixes(query: str) -> str:
    """Our PREFIXES declared in front of the query, except those it declares itself; all on the query's first
    line, so the line numbers in a server's syntax errors still match the user's query."""
    tokens = list(sparql_tokens(query))
    declared = {tokens[i + 1][1].rstrip(":") for i, (kind, text, _) in enumerate(tokens[:-1])
                if kind == "word" and text.upper() == "PREFIX"}
    lines = [f"PREFIX {name}: <{namespace}>" for name, namespace in PREFIXES.items() if name not in declared]
    return " ".join([*lines, query])


def query_form(query: str) -> str:
    """The query's first keyword after its prologue: SELECT, ASK, CONSTRUCT, DESCRIBE, or an update's INSERT etc."""
    tokens = [text for kind, text, _ in sparql_tokens(query) if kind == "word"]
    index = 0
    while index < len(tokens) and tokens[index].upper() in ("BASE", "PREFIX"):
        index += 2 if tokens[index].upper() == "PREFIX" else 1  # PREFIX's name; BASE's IRI is no word token
    return tokens[index].upper() if index < len(tokens) else ""


def sparql_tokens(query: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, end offset) of each token outside comments, strings and IRIs: just enough lexing to find
    keywords and braces without being fooled by a `{` or `#` inside a literal."""
    for match in _TOKEN.finditer(query):
        if match.lastgroup != "skip":
            yield match.lastgroup, match.group(), match.end()


def _endpoint(endpoint: str | Endpoint) -> Endpoint:
    return endpoint if isinstance(endpoint, Endpoint) else Endpoint.at(endpoint)


def _iri_ref(iri: str, what: str) -> str:
    try:
        node = ox.NamedNode(iri)
    except ValueError as err:
        raise RemoteError(f"{what} {iri!r} is not a valid IRI ({err})") from err
    if not _IRIREF.fullmatch(node.value):
        raise RemoteError(f"{what} {iri!r} is not a valid IRI")
    return f"<{node.value}>"


def _update(where: Endpoint, update: str, timeout: float) -> None:
    _http("POST", where.update, update.encode("utf-8"),
          {"Content-Type": "application/sparql-update; charset=utf-8"}, timeout)


def _with_params(url: str, **params: str) -> str:
    """`url` with query parameters added (it may already carry some, e.g. an access token)."""
    return url + ("&" if urllib.parse.urlsplit(url).query else "?") + urllib.parse.urlencode(params)


def _shown(url: str) -> str:
    """A URL for messages: without its query string, which may hold a token."""
    return urllib.parse.urlsplit(url)._replace(query="", fragment="").geturl()


def _http(method: str, url: str, data, headers: dict[str, str], timeout: float) -> tuple[bytes, str]:
    """The response body and media type; every failure as a one-line RemoteError."""
    shown = _shown(url)
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.read(), response.headers.get_content_type()
    except urllib.error.HTTPError as err:
        raise RemoteError(f"server answered {err.code} to {method} {shown}{_error_text(err)}") from None
    except urllib.error.URLError as err:
        if isinstance(err.reason, TimeoutError):
            raise RemoteError(f"{shown} did not answer within {timeout:g} s (timeout)") from None
        reason = str(getattr(err.reason, "strerror", None) or err.reason)
        raise RemoteError(f"cannot reach {shown}: {reason[:1].lower()}{reason[1:]}") from None
    except TimeoutError:  # socket.timeout while reading the answer
        raise RemoteError(f"{shown} did not answer within {timeout:g} s (timeout)") from None
    except (OSError, http.client.HTTPException) as err:  # a reset connection, a malformed answer
        raise RemoteError(f"connection to {shown} failed: {err}") from None


def _error_text(err: urllib.error.HTTPError) -> str:
    """": " + the first non-empty line of the server's error body, if any."""
    try:
        text = err.read(4096).decode("utf-8", "replace")
    except OSError:
        return ""
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return f": {line[:300]}" if line else ""


def _parse_result(body: bytes, media: str, shown: str) -> QueryResult:
    results_format = ox.QueryResultsFormat.from_media_type(media)
    rdf_format = None if results_format else ox.RdfFormat.from_media_type(media)
    try:
        if results_format:
            answer = ox.parse_query_results(body, format=results_format)
            if isinstance(answer, ox.QueryBoolean):
                return QueryResult(variables=(), ask=bool(answer))
            return QueryResult(tuple(v.value for v in answer.variables),
                               tuple(tuple(map(_cell, solution)) for solution in answer))
        if rdf_format:
            return QueryResult(("subject", "predicate", "object"),
                               tuple((_cell(t.subject), _cell(t.predicate), _cell(t.object))
                                     for t in ox.parse(body, format=rdf_format)))
    except SyntaxError as err:
        raise RemoteError(f"{shown} answered with malformed {media}: {err}") from None
    raise RemoteError(f"{shown} answered with {media}, not SPARQL results")
