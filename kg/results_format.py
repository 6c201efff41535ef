"""Query results as text: an aligned table for reading, CSV for spreadsheets, SPARQL 1.1 Query Results JSON for tools."""

from __future__ import annotations

import csv
import io
import json

from .sparql import IRI, BNode, QueryResult
from .vocab import PREFIXES

MAX_CELL = 60
#: Longest namespace first, so the most specific prefix wins.
_NAMESPACES = sorted(((str(ns), name) for name, ns in PREFIXES.items()), key=lambda item: -len(item[0]))


def format_result(result: QueryResult, fmt: str) -> str:
    """`result` as `table`, `csv` or `json` text, ending in a newline."""
    formatters = {"table": _table, "csv": _csv, "json": _json}
    if fmt not in formatters:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(formatters)}")
    return formatters[fmt](result)


def shorten(iri: str) -> str:
    """A prefixed name for an IRI in one of our namespaces, else the IRI in angle brackets."""
    for namespace, name in _NAMESPACES:
        if iri.startswith(namespace):
            return f"{name}:{iri[len(namespace):]}"
    return f"<{iri}>"


def _table(result: QueryResult) -> str:
    if result.ask is not None:
        return "yes\n" if result.ask else "no\n"
    rows = [[_table_cell(value) for value in row] for row in result.rows]
    widths = [max([len(var)] + [len(row[i]) for row in rows]) for i, var in enumerate(result.variables)]

    def line(cells) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths)).rstrip()

    lines = [line(result.variables), line("-" * width for width in widths), *map(line, rows)]
    lines.append(f"({len(rows)} row{'' if len(rows) == 1 else 's'})")
    return "\n".join(lines) + "\n"


def _table_cell(value: str | None) -> str:
    if value is None:
        return ""
    text = shorten(value) if isinstance(value, IRI) else _plain(value)
    text = " ".join(text.split())  # newlines and tabs would break the columns
    return text if len(text) <= MAX_CELL else text[: MAX_CELL - 1] + "…"


def _plain(value: str) -> str:
    """A cell's full text: blank nodes get their `_:` back, everything else is as is."""
    return f"_:{value}" if isinstance(value, BNode) else value


def _csv(result: QueryResult) -> str:
    out = io.StringIO()
    writer = csv.writer(out)  # RFC 4180: CRLF line ends, quotes only where needed
    if result.ask is not None:
        writer.writerows([["boolean"], ["true" if result.ask else "false"]])
    else:
        writer.writerow(result.variables)
        writer.writerows(["" if value is None else _plain(value) for value in row] for row in result.rows)
    return out.getvalue()


def _json(result: QueryResult) -> str:
    if result.ask is not None:
        document: dict = {"head": {}, "boolean": result.ask}
    else:
        document = {
            "head": {"vars": list(result.variables)},
            "results": {"bindings": [
                {var: _json_term(value) for var, value in zip(result.variables, row) if value is not None}
                for row in result.rows
            ]},
        }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _json_term(value: str) -> dict[str, str]:
    if isinstance(value, IRI):
        return {"type": "uri", "value": value}
    if isinstance(value, BNode):
        return {"type": "bnode", "value": value}
    return {"type": "literal", "value": value}
