"""Serialisations of the graph, byte-identical for the same graph: Turtle (rdflib sorts subjects, predicates
and objects) and JSON-LD (re-ordered here, since rdflib's JSON-LD follows the store's hash order)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import BinaryIO

from rdflib import Graph
from rdflib.plugins.serializers.jsonld import from_rdf

from .atomic import atomic_write_many
from .vocab import PREFIXES


def dump_turtle(graph: Graph, stream: BinaryIO) -> None:
    """Turtle grouped by subject, prefixed, sorted, written to `stream` in UTF-8 as it is serialised."""
    graph.serialize(destination=stream, format="turtle", encoding="utf-8")


def _sort_lists(value: object) -> None:
    """Sort every JSON array in place by its items' sorted-key JSON text (innermost first)."""
    if isinstance(value, dict):
        for item in value.values():
            _sort_lists(item)
    elif isinstance(value, list):
        for item in value:
            _sort_lists(item)
        value.sort(key=lambda item: json.dumps(item, sort_keys=True, ensure_ascii=False))


def dump_jsonld(graph: Graph, stream: BinaryIO) -> None:
    """Compact JSON-LD with the project's prefixes as its context, nodes sorted by @id, written to `stream`.

    rdflib's converter gives the JSON-LD object, sorted in place and encoded straight into the stream: going
    through text (serialise, parse back, dump) held three copies of a large graph's JSON in memory at once."""
    context = {prefix: str(namespace) for prefix, namespace in sorted(PREFIXES.items())}
    data = from_rdf(graph, context, auto_compact=True)
    _sort_lists(data)
    text = io.TextIOWrapper(stream, encoding="utf-8", newline="\n")
    json.dump(data, text, ensure_ascii=False, indent=1, sort_keys=True)
    text.write("\n")
    text.detach()  # flushed; the stream stays open for its owner


def write_turtle(graph: Graph, path: str | Path) -> None:
    """Write the Turtle atomically."""
    atomic_write_many({path: lambda stream: dump_turtle(graph, stream)})
