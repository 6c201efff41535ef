"""Serialisations of the graph, byte-identical for the same graph: Turtle (rdflib sorts subjects, predicates
and objects) and JSON-LD (re-ordered here, since rdflib's JSON-LD follows the store's hash order)."""

from __future__ import annotations

import json
from pathlib import Path

from rdflib import Graph

from .atomic import atomic_write_text
from .vocab import PREFIXES


def turtle_text(graph: Graph) -> str:
    """Turtle grouped by subject, prefixed, sorted."""
    return graph.serialize(format="turtle")


def _sort_value(value: object) -> object:
    if isinstance(value, dict):
        return {key: _sort_value(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        items = [_sort_value(item) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True, ensure_ascii=False))
    return value


def jsonld_text(graph: Graph) -> str:
    """Compact JSON-LD with the project's prefixes as its context, nodes sorted by @id."""
    context = {prefix: str(namespace) for prefix, namespace in sorted(PREFIXES.items())}
    data = json.loads(graph.serialize(format="json-ld", context=context, auto_compact=True))
    return json.dumps(_sort_value(data), ensure_ascii=False, indent=1) + "\n"


def write_turtle(graph: Graph, path: str | Path) -> None:
    atomic_write_text(path, turtle_text(graph))


def write_jsonld(graph: Graph, path: str | Path) -> None:
    atomic_write_text(path, jsonld_text(graph))
