"""README's vocabulary table, generated from ontology/mlkg.ttl so the two cannot drift apart.

    python -m kg.vocabulary_table           # print the table
    python -m kg.vocabulary_table --write   # replace the table between the README markers
    python -m kg.vocabulary_table --check   # exit 1 if README's table is out of date
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rdflib import Graph, Node, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from ontology import ontology_path

from .vocab import LPWC, MLKG, MLS, PREFIXES

README = Path(__file__).resolve().parents[1] / "README.md"
START, END = "<!-- vocabulary:start -->", "<!-- vocabulary:end -->"

#: Row order: classes, then relations between resources, then literal-valued properties.
KINDS = ((OWL.Class, "class"), (OWL.ObjectProperty, "object property"), (OWL.DatatypeProperty, "datatype property"))

_PREFIXES = {**PREFIXES, "mls": MLS, "lpwc": LPWC}


def _curie(node: Node) -> str:
    """`mlkg:Paper`, `schema:Dataset`, ... for the namespaces the project knows, else `<iri>`."""
    for prefix, namespace in sorted(_PREFIXES.items(), key=lambda item: -len(str(item[1]))):
        if str(node).startswith(str(namespace)):
            return f"{prefix}:{str(node)[len(str(namespace)):]}"
    return f"<{node}>"


def _cell(text: str) -> str:
    """Table-safe text: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _names(graph: Graph, term: URIRef, predicate: URIRef) -> str:
    return ", ".join(sorted(_curie(o) for o in graph.objects(term, predicate)))


def vocabulary_markdown() -> str:
    """One row per mlkg term: kind, domain → range, what it is aligned with, and its rdfs:comment."""
    graph = Graph().parse(ontology_path(), format="turtle")
    rows = ["| term | kind | domain → range | aligned with | meaning |", "|---|---|---|---|---|"]
    for kind, name in KINDS:
        terms = sorted(t for t in graph.subjects(RDF.type, kind) if isinstance(t, URIRef) and t.startswith(str(MLKG)))
        for term in terms:
            if kind == OWL.Class:
                signature = ""
                aligned = ", ".join(filter(None, (_names(graph, term, RDFS.subClassOf),
                                                  _names(graph, term, OWL.equivalentClass))))
            else:
                signature = f"{_names(graph, term, RDFS.domain)} → {_names(graph, term, RDFS.range)}"
                aligned = _names(graph, term, RDFS.subPropertyOf)
            comment = graph.value(term, RDFS.comment)
            rows.append(f"| `{_curie(term)}` | {name} | {signature} | {aligned} | {_cell(str(comment or ''))} |")
    return "\n".join(rows) + "\n"


def _with_table(readme: str, table: str) -> str:
    """README text with the table between the markers replaced."""
    head, start, rest = readme.partition(START)
    _old, end, tail = rest.partition(END)
    if not start or not end:
        raise SystemExit(f"README.md lacks the markers {START} and {END}")
    return f"{head}{START}\n{table}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="replace README's table")
    action.add_argument("--check", action="store_true", help="exit 1 if README's table is out of date")
    args = parser.parse_args(argv)
    table = vocabulary_markdown()
    if not (args.write or args.check):
        print(table, end="")
        return 0
    readme = README.read_text(encoding="utf-8")
    wanted = _with_table(readme, table)
    if args.check:
        if readme != wanted:
            print("README.md's vocabulary table is out of date: run python -m kg.vocabulary_table --write",
                  file=sys.stderr)
            return 1
        return 0
    if readme != wanted:
        README.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
