"""`kg explore`, `kg related` and `kg show`: browse a built graph as one HTML page or in the terminal.

`register(cli)` adds them to the main group, so kg/cli.py stays a list of commands. They read the NetworkX
view of the Turtle (kg/view.py), the same data the explorer page shows. Text from the graph is printed with its
control characters removed, since an abstract could carry terminal escape sequences.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from .cli import UserError, _graph_path, graph_option

#: Where `kg explore` writes unless told: the working folder, so the build's own outputs/kg.html is left alone.
DEFAULT_PAGE = Path("explore.html")
#: Candidates listed when a name is ambiguous.
_CANDIDATES = 5
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _clean(text: str) -> str:
    """One line of data text, safe for a terminal: control characters and runs of whitespace become one space."""
    return " ".join(_CONTROL.sub(" ", str(text)).split())


def _load_view(path: Path):
    from rdflib import Graph

    from .view import to_networkx

    try:
        graph = Graph().parse(path, format="turtle")
    except Exception as err:  # rdflib raises many parser exception types
        raise UserError(f"cannot parse {path}: {err}") from err
    return to_networkx(graph)


def _short(iri: str) -> str:
    """`dataset:puzzle-1` for a minted IRI (the longest matching prefix), else the IRI itself."""
    from .vocab import PREFIXES

    matches = [(len(str(ns)), prefix) for prefix, ns in PREFIXES.items() if iri.startswith(str(ns))]
    if not matches:
        return iri
    size, prefix = max(matches)
    return f"{prefix}:{iri[size:]}"


def _expand(name: str) -> str:
    """The IRI a prefixed name (`paper:p1`) stands for; anything else unchanged."""
    from .vocab import PREFIXES

    prefix, sep, local = name.partition(":")
    return str(PREFIXES[prefix]) + local if sep and prefix in PREFIXES and not local.startswith("//") else name


def _describe(view, node: str) -> str:
    attrs = view.nodes[node]
    return f"{_clean(attrs['label'])} ({attrs['kind']}, {_short(node)})"


def _find(view, name: str, papers_only: bool) -> str:
    """The node NAME means: an IRI or prefixed name, else the first stage with matches (exact names before
    substrings; for `show`, entities before papers). Several matches in a stage is an error listing them."""
    from .view import PAPER

    query = name.strip()
    iri = _expand(query)
    if iri in view and (not papers_only or view.nodes[iri]["kind"] == PAPER):
        return iri
    wanted = query.casefold()

    def names(attrs: dict) -> list[str]:
        if attrs["kind"] == PAPER:
            return [attrs["label"], attrs["title"]]
        return [attrs["label"], *attrs["aliases"]]

    def stage(kind_is_paper: bool, exact: bool) -> list[str]:
        found = []
        for node, attrs in view.nodes(data=True):
            if (attrs["kind"] == PAPER) != kind_is_paper:
                continue
            texts = [t.casefold() for t in names(attrs) if t]
            hit = (wanted in texts or (kind_is_paper and attrs["identifier"] == query)) if exact else \
                any(wanted in t for t in texts)
            if hit:
                found.append(node)
        return sorted(found, key=lambda n: (view.nodes[n]["label"].casefold(), n))

    stages = [(True, True), (True, False)] if papers_only else [(False, True), (True, True), (False, False), (True, False)]
    for kind_is_paper, exact in stages:
        found = stage(kind_is_paper, exact)
        if len(found) == 1:
            return found[0]
        if found:
            shown = "; ".join(_describe(view, n) for n in found[:_CANDIDATES])
            more = f"; and {len(found) - _CANDIDATES} more" if len(found) > _CANDIDATES else ""
            raise UserError(f"{name!r} matches {len(found)} {'papers' if kind_is_paper else 'entities'}: "
                            f"{shown}{more} (give the IRI or more of the name)")
    raise UserError(f"no {'paper' if papers_only else 'paper or entity'} matches {name!r}")


def _marked_sentence(evidence: dict) -> str:
    """The evidence sentence with the mention in «», when its offsets fall inside the sentence."""
    sentence = evidence.get("sentence", "")
    start, end, base = evidence.get("start"), evidence.get("end"), evidence.get("sentenceStart")
    if all(isinstance(v, int) for v in (start, end, base)) and 0 <= start - base < end - base <= len(sentence):
        start, end = start - base, end - base
        sentence = f"{sentence[:start]}«{sentence[start:end]}»{sentence[end:]}"
    return _clean(sentence)


def _echo_links(view, node: str) -> None:
    """Each linked paper or entity with its relations and the evidence sentence for each."""
    from extract.facts import RELATIONS

    from .view import MEMBER_OF, PAPER

    is_paper = view.nodes[node]["kind"] == PAPER
    edges = view.out_edges(node, keys=True, data="evidence") if is_paper else \
        ((s, t, k, ev) for s, t, k, ev in view.in_edges(node, keys=True, data="evidence") if k != MEMBER_OF)
    by_other: dict[str, dict[str, list[dict]]] = {}
    for source, target, relation, evidence in edges:
        by_other.setdefault(target if is_paper else source, {})[relation] = evidence or []
    noun = ("entity", "entities") if is_paper else ("paper", "papers")
    click.echo(f"{len(by_other)} {noun[len(by_other) != 1]}:")
    for other in sorted(by_other, key=lambda n: (view.nodes[n]["label"].casefold(), n)):
        relations = [r for r in RELATIONS if r in by_other[other]]
        click.echo(f"  {_describe(view, other)}: {', '.join(relations)}")
        sentences = [(r, ev) for r in relations for ev in by_other[other][r]]
        for relation, ev in sentences:
            click.echo(f"    “{_marked_sentence(ev)}” ({relation}, {_clean(ev.get('rule', ''))}, {ev.get('confidence', '')})")
        if not sentences:
            click.echo("    (no evidence sentence)")


def _echo_results(view, paper: str) -> None:
    """A paper's results as an aligned table: entity, metric, dataset, value as written."""
    results = view.graph.get("results", {}).get(paper, [])
    if not results:
        return

    def name(iri: str) -> str:
        return _clean(view.nodes[iri]["label"]) if iri in view else (_short(iri) if iri else "-")

    rows = [("entity", "metric", "dataset", "value")]
    rows += [(name(r["entity"]), name(r["metric"]), name(r["dataset"]), _clean(r["value"])) for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    click.echo(f"{len(results)} result{'s' if len(results) != 1 else ''}:")
    for row in rows:
        click.echo("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[3])


@click.command()
@click.argument("graph_file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=DEFAULT_PAGE, show_default=True,
              help="The page to write (in the current folder unless a path is given; outputs/kg.html from "
                   "`kg build` is left alone).")
@click.option("--open", "open_page", is_flag=True, help="Open the page in the default browser afterwards.")
def explore(graph_file: Path | None, out: Path, open_page: bool) -> None:
    """Write the offline HTML explorer of GRAPH_FILE [default: outputs/kg.ttl] as one self-contained page."""
    from .explorer import write_explorer

    view = _load_view(_graph_path(graph_file))
    try:
        write_explorer(view, out)
    except OSError as err:
        raise UserError(f"cannot write {out}: {err}") from err
    click.echo(str(out))
    if open_page:
        click.launch(str(out))


@click.command()
@click.argument("paper")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True, help="How many papers to list.")
@graph_option
def related(paper: str, top: int, graph: Path | None) -> None:
    """Papers that share entities with PAPER, rarest shared entities counting most.

    PAPER is an IRI, a prefixed name (paper:...), an identifier, or part of the paper's label or title.
    """
    from .view import related_papers

    view = _load_view(_graph_path(graph))
    iri = _find(view, paper, papers_only=True)
    ranked = related_papers(view, iri, top)
    if not ranked:
        click.echo(f"no other paper shares an entity with {_describe(view, iri)}")
        return
    click.echo(f"related to {_describe(view, iri)}:")
    for rank, (other, score, shared) in enumerate(ranked, 1):
        click.echo(f"{rank:>3}. {score:6.3f}  {_describe(view, other)}  shared: {', '.join(map(_clean, shared))}")


@click.command()
@click.argument("name")
@graph_option
def show(name: str, graph: Path | None) -> None:
    """An entity or a paper with its names, links and the evidence sentence of each link.

    NAME is an entity's name (exact, ignoring case, else part of it), a paper's identifier, label or title,
    an IRI or a prefixed name (dataset:..., paper:...).
    """
    from .view import PAPER, family

    view = _load_view(_graph_path(graph))
    node = _find(view, name, papers_only=False)
    attrs = view.nodes[node]
    click.echo(f"{attrs['kind']}: {_clean(attrs['label'])}")
    click.echo(f"  IRI: {node} ({_short(node)})")
    if attrs["kind"] == PAPER:
        for key in ("identifier", "title", "url"):
            if attrs[key]:
                click.echo(f"  {key}: {_clean(attrs[key])}")
        for key, title in (("code", "code"), ("project", "project page")):
            for url in attrs[key]:
                click.echo(f"  {title}: {_clean(url)}")
        _echo_links(view, node)
        _echo_results(view, node)
        return
    click.echo(f"  names: {', '.join(_clean(n) for n in [attrs['label'], *attrs['aliases']])}")
    up, down = family(view, node)
    for title, group in (("member of", up), ("members", down)):
        if group:
            click.echo(f"  {title}: {'; '.join(_describe(view, n) for n in group)}")
    _echo_links(view, node)


def register(cli: click.Group) -> None:
    """Add the browsing commands to the `kg` group (adding them twice is harmless)."""
    for command in (explore, related, show):
        cli.add_command(command)
