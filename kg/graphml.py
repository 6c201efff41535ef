"""GraphML of the NetworkX view for Gephi and Cytoscape, which only take scalar attributes.

Lists become " | "-joined strings and an edge's evidence becomes its count and first sentence. The bytes are
the same for the same view, so outputs/kg.graphml only changes when the graph does.
"""

from __future__ import annotations

import io
import os
import re

import networkx as nx

from .atomic import atomic_write_bytes

#: Characters XML 1.0 cannot carry even escaped; a stray form feed in an abstract would make the file unreadable.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _scalar(value: object) -> object:
    if isinstance(value, list):
        value = " | ".join(map(str, value))
    return _NOT_XML.sub("", value) if isinstance(value, str) else value


def graphml_bytes(view: nx.MultiDiGraph) -> bytes:
    """The view as GraphML (UTF-8), scalar attributes only, edge ids = relation names."""
    flat = nx.MultiDiGraph()
    for node, attrs in view.nodes(data=True):
        flat.add_node(node, **{name: _scalar(value) for name, value in attrs.items()})
    for source, target, key, attrs in view.edges(keys=True, data=True):
        evidence = attrs.get("evidence", [])
        flat.add_edge(source, target, key=key, relation=key, evidence=len(evidence),
                      evidenceSentence=_scalar(evidence[0]["sentence"] if evidence else ""))
    buffer = io.BytesIO()
    nx.write_graphml_xml(flat, buffer, encoding="utf-8", named_key_ids=True)
    return buffer.getvalue()


def write_graphml(view: nx.MultiDiGraph, path: str | os.PathLike[str]) -> None:
    """Write the GraphML atomically: readers see the old file or the complete new one."""
    atomic_write_bytes(path, graphml_bytes(view))
