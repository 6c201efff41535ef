"""SHACL validation of a built graph against ontology/shapes.ttl, with violations a person can read and diff.

The ontology is mixed in (no inference) so that sh:class mlkg:Entity accepts Method, Dataset, ...; RDFS or
OWL inference would only slow large graphs down without catching anything the shapes do not already say.
Advanced mode is on for the shapes' SPARQL targets, which pick the few suspect nodes in one query each.
pySHACL then runs each SPARQL constraint once per focus node and rdflib would re-parse the query text every
time (~75 ms each, minutes for a graph with thousands of bad offsets), so validation runs on a copy of the
graph that parses each distinct query text once; the copy also keeps the ontology out of the caller's graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pyshacl import validate as shacl_validate
from rdflib import Graph, Node, URIRef
from rdflib.namespace import RDF, SH
from rdflib.plugins.sparql import prepareQuery
from rdflib.plugins.sparql.sparql import Query

from ontology import ontology_path, shapes_path

from .vocab import PREFIXES


@dataclass(frozen=True)
class Violation:
    """One SHACL result: focus node and path as prefixed names, the shape's message, the severity's name."""

    focus: str
    path: str
    message: str
    severity: str


@lru_cache(maxsize=64)
def _prepared(text: str) -> Query:
    """The parsed query; the shapes hold a handful of distinct texts."""
    return prepareQuery(text)


class _PreparedQueryGraph(Graph):
    """A Graph whose string queries are parsed once per distinct text (pySHACL binds $this via initBindings)."""

    def query(self, query_object, *args, **kwargs):
        if isinstance(query_object, str):
            query_object = _prepared(query_object)
        return super().query(query_object, *args, **kwargs)


@lru_cache(maxsize=1)
def _shapes_and_ontology() -> tuple[Graph, Graph]:
    """Parsed once per process: `kg validate` and the tests validate several graphs."""
    return Graph().parse(shapes_path(), format="turtle"), Graph().parse(ontology_path(), format="turtle")


def _short(node: Node | None) -> str:
    """A prefixed name (`dataset:arc-agi-2`) when a project prefix fits, else the IRI or literal as is."""
    if node is None:
        return ""
    if isinstance(node, URIRef):
        for prefix, namespace in PREFIXES.items():
            local = str(node)[len(str(namespace)):]
            if str(node).startswith(str(namespace)) and local and "/" not in local and "#" not in local:
                return f"{prefix}:{local}"
        return f"<{node}>"
    return str(node)


def validate(graph: Graph) -> list[Violation]:
    """Every violation of the shapes in `graph`, sorted by focus, path and message (empty when it conforms)."""
    shapes, ontology = _shapes_and_ontology()
    data = _PreparedQueryGraph()
    data += graph
    _conforms, report, _text = shacl_validate(data, shacl_graph=shapes, ont_graph=ontology, inference="none",
                                              advanced=True, inplace=True)
    violations = {
        Violation(
            focus=_short(report.value(result, SH.focusNode)),
            path=_short(report.value(result, SH.resultPath)),
            message="; ".join(sorted(str(m) for m in report.objects(result, SH.resultMessage))),
            severity=str(report.value(result, SH.resultSeverity)).rpartition("#")[2],
        )
        for result in report.subjects(RDF.type, SH.ValidationResult)
    }
    return sorted(violations, key=lambda v: (v.focus, v.path, v.message, v.severity))


def format_violations(violations: list[Violation]) -> str:
    """One line per violation, `{focus} {path}: {message}` (no path for whole-node constraints)."""
    return "\n".join(f"{v.focus} {v.path}: {v.message}" if v.path else f"{v.focus}: {v.message}" for v in violations)
