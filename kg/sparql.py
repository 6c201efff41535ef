"""SPARQL over the graph, run by Oxigraph: rdflib builds the graph, but its own query engine is far too slow at scale.

Parameters are bound with Oxigraph's `substitutions` (SEP-0007), never pasted into the query text, so a value
cannot change what a query does. Oxigraph binds only variables the query returns, so every saved query lists its
parameters in its SELECT clause; `run_saved` drops those columns again, since they only repeat what was asked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pyoxigraph as ox
from rdflib import Graph

from .vocab import MLKG, PREFIXES


class QueryError(Exception):
    """A problem with a query or its parameters that the user can fix; the message is one line."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


class IRI(str):
    """A result cell holding an IRI: a plain str for comparisons, typed so formats can tell it from a literal."""


class BNode(str):
    """A result cell holding a blank node's label (without "_:")."""


@dataclass(frozen=True)
class QueryResult:
    """Rows of plain strings (None where unbound); `ask` is set, and rows empty, for ASK queries."""

    variables: tuple[str, ...]
    rows: tuple[tuple[str | None, ...], ...] = ()
    ask: bool | None = None


@dataclass(frozen=True)
class QueryParam:
    """A saved query's parameter, from its `# param:` line; required unless it ends "(default: X)" or "(optional)"."""

    name: str
    description: str
    default: str | None = None
    required: bool = True


@dataclass(frozen=True)
class SavedQuery:
    """A shipped `.rq` file: its name, the question it answers, its parameters and its SPARQL text."""

    name: str
    description: str
    params: tuple[QueryParam, ...]
    text: str


_PREFIX_IRIS = {name: str(namespace) for name, namespace in PREFIXES.items()}
_INTEGER = ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer")
_PARAM_LINE = re.compile(r"#\s*param:\s*(\w+)\s+(?:—|--|-)\s+(.*?)(?:\s*\((?:default:\s*(.*)|(optional))\))?\s*$")


def load_store(source: Path | str | Graph) -> ox.Store:
    """An in-memory Oxigraph store holding a graph file (Turtle unless the extension says otherwise) or an rdflib Graph.

    An rdflib Graph goes over as N-Triples text: on bench/queries.py's 2.7M-triple graph, serialising (16 s) plus
    Oxigraph's parser (10 s) beat converting the triples one by one to pyoxigraph terms (27 s), with less code.
    """
    store = ox.Store()
    try:
        if isinstance(source, Graph):
            store.load(source.serialize(format="nt", encoding="utf-8"), format=ox.RdfFormat.N_TRIPLES)
        else:
            path = Path(source)
            store.load(path=path, format=ox.RdfFormat.from_extension(path.suffix[1:]) or ox.RdfFormat.TURTLE)
    except SyntaxError as err:
        raise QueryError(f"not valid RDF: {err}") from err
    return store


def run_query(store: ox.Store, query: str, params: Mapping[str, str] | None = None) -> QueryResult:
    """Run SELECT, ASK, CONSTRUCT or DESCRIBE; our PREFIXES are predeclared (a PREFIX in the query wins)."""
    substitutions = {_variable(name): param_term(name, value) for name, value in (params or {}).items()}
    try:
        answer = store.query(query, prefixes=_PREFIX_IRIS, substitutions=substitutions or None)
        if isinstance(answer, ox.QueryBoolean):
            return QueryResult(variables=(), ask=bool(answer))
        if isinstance(answer, ox.QueryTriples):
            return QueryResult(("subject", "predicate", "object"),
                               tuple((_cell(t.subject), _cell(t.predicate), _cell(t.object)) for t in answer))
        variables = tuple(v.value for v in answer.variables)
        return QueryResult(variables, tuple(tuple(map(_cell, solution)) for solution in answer))
    except SyntaxError as err:
        raise QueryError(f"SPARQL syntax {err}") from err
    except (RuntimeError, OSError) as err:
        hint = " (parameters can bind only variables the query SELECTs)" if substitutions else ""
        raise QueryError(f"query failed: {err}{hint}") from err


def saved_queries() -> list[SavedQuery]:
    """The `.rq` files shipped in kg/queries, sorted by name."""
    folder = resources.files("kg") / "queries"
    found = [_parse_saved(entry.name[: -len(".rq")], entry.read_text(encoding="utf-8"))
             for entry in folder.iterdir() if entry.name.endswith(".rq")]
    return sorted(found, key=lambda saved: saved.name)


def run_saved(store: ox.Store, name: str, params: Mapping[str, str] | None = None) -> QueryResult:
    """Run a saved query with its defaults filled in; the bound parameters' constant columns are left out."""
    saved, bound = bind_saved(name, params)
    return without_bound_columns(run_query(store, saved.text, bound), bound)


def bind_saved(name: str, params: Mapping[str, str] | None = None) -> tuple[SavedQuery, dict[str, str]]:
    """The saved query `name` and its parameter values (given ones, else defaults); a QueryError names unknown
    or missing parameters and lists the valid ones."""
    by_name = {saved.name: saved for saved in saved_queries()}
    if name not in by_name:
        raise QueryError(f"no saved query {name!r}; saved queries: {', '.join(by_name)}")
    saved = by_name[name]
    given = dict(params or {})
    valid = ", ".join(p.name + _param_note(p) for p in saved.params) or "none"
    unknown = sorted(set(given) - {p.name for p in saved.params})
    missing = [p.name for p in saved.params if p.required and p.name not in given]
    if unknown or missing:
        problem = f"unknown parameter {', '.join(unknown)}" if unknown else f"missing parameter {', '.join(missing)}"
        raise QueryError(f"{name}: {problem}; its parameters: {valid}")
    return saved, {p.name: given.get(p.name, p.default) for p in saved.params if p.name in given or p.default is not None}


def without_bound_columns(result: QueryResult, bound: Mapping[str, str]) -> QueryResult:
    """The result minus the columns of bound parameters (the same value on every row)."""
    keep = [i for i, var in enumerate(result.variables) if var not in bound]
    if len(keep) == len(result.variables):
        return result
    return QueryResult(tuple(result.variables[i] for i in keep),
                       tuple(tuple(row[i] for i in keep) for row in result.rows), result.ask)


def stats(store: ox.Store) -> dict[str, dict[str, int]]:
    """Instances per class and triples per paper-to-entity relation, largest first; keyed by local name for our
    own terms ("Dataset") and by prefixed name for the others ("prov:Entity", not to be read as our Entity)."""
    def counts(query: str) -> dict[str, int]:
        return {_term_name(key): int(count) for key, count in run_saved(store, query).rows}

    return {"by_type": counts("stats-by-type"), "by_relation": counts("stats-by-relation")}


def _term_name(iri: str) -> str:
    if iri.startswith(str(MLKG)):
        return iri[len(str(MLKG)):]
    for prefix, namespace in PREFIXES.items():
        if iri.startswith(str(namespace)):
            return f"{prefix}:{iri[len(str(namespace)):]}"
    return local_name(iri)


def local_name(iri: str) -> str:
    """The part of an IRI after its last '#' or '/'."""
    return re.split(r"[#/]", iri)[-1]


def _parse_saved(name: str, text: str) -> SavedQuery:
    header = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        header.append(line)
    if not header:
        raise QueryError(f"saved query {name} has no '# description' line")
    params = []
    for line in header[1:]:
        match = _PARAM_LINE.match(line)
        if match:
            params.append(QueryParam(match[1], match[2], match[3], required=not (match[3] or match[4])))
    return SavedQuery(name, header[0].lstrip("#").strip(), tuple(params), text)


def _param_note(param: QueryParam) -> str:
    if param.default is not None:
        return f" (default {param.default})"
    return " (required)" if param.required else " (optional)"


def _variable(name: str) -> ox.Variable:
    try:
        return ox.Variable(name.lstrip("?$"))
    except ValueError as err:
        raise QueryError(f"bad parameter name {name!r}: want a SPARQL variable name such as paper") from err


def param_term(name: str, value: str) -> ox.NamedNode | ox.Literal:
    """An IRI for <...>, http(s):// or one of our prefixed names; xsd:integer for digits; else a plain string."""
    iri = None
    if value.startswith("<") and value.endswith(">"):
        iri = value[1:-1]
    elif value.startswith(("http://", "https://")):
        iri = value
    else:
        prefix, colon, local = value.partition(":")
        if colon and prefix in _PREFIX_IRIS:
            iri = _PREFIX_IRIS[prefix] + local
    if iri is None:
        return ox.Literal(value, datatype=_INTEGER) if re.fullmatch(r"[+-]?\d+", value) else ox.Literal(value)
    try:
        return ox.NamedNode(iri)
    except ValueError as err:
        raise QueryError(f"parameter {name}: {value!r} is not a valid IRI ({err})") from err


def _cell(term) -> str | None:
    """A literal's lexical form as a plain str; IRIs and blank nodes as the marked str subclasses."""
    kind = type(term)  # exact type tests, most frequent first: this runs for every cell of every row
    if kind is ox.Literal:
        return term.value
    if kind is ox.NamedNode:
        return IRI(term.value)
    if term is None:
        return None
    if kind is ox.BlankNode:
        return BNode(term.value)
    return str(term)  # an RDF-star quoted triple, in N-Triples syntax
