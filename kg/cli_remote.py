"""`kg push`, `kg serve` and the remote branch of `kg query`: the commands that talk HTTP.

kg/cli.py imports this module at its end and calls `register(cli)`; kg.cli is imported only inside functions here
(a top-level import would be circular), and kg.remote and kg.serve too, to keep `kg --help` fast. Server and
network problems are user errors: one line, exit code 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from .remote import Endpoint
    from .sparql import QueryResult


def register(group: click.Group) -> None:
    """Add this module's commands to the `kg` group."""
    group.add_command(push)
    group.add_command(serve)


def _user_error(message: str) -> click.ClickException:
    from .cli import UserError

    return UserError(message)


def _graph_file(path: Path | None) -> Path:
    from .cli import _graph_path

    return _graph_path(path)


def _endpoint(url: str, *, query_url: str | None = None, update_url: str | None = None,
              store_url: str | None = None) -> Endpoint:
    from .remote import Endpoint, RemoteError

    try:
        return Endpoint.at(url, query=query_url, update=update_url, store=store_url)
    except RemoteError as err:
        raise _user_error(str(err)) from err


@click.command()
@click.argument("graph_file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--endpoint", required=True, metavar="URL",
              help="Base URL of the SPARQL server, e.g. http://localhost:7878 for Oxigraph.")
@click.option("--graph", "graph_iri", metavar="IRI",
              help="Named graph to replace [default: https://w3id.org/mlkg/graph/<folder of kg.ttl>].")
@click.option("--store-url", metavar="URL", help="Graph Store Protocol URL [default: ENDPOINT/store].")
@click.option("--update-url", metavar="URL", help="SPARQL Update URL [default: ENDPOINT/update].")
@click.option("--query-url", metavar="URL", help="SPARQL Query URL [default: ENDPOINT/query].")
@click.option("--direct", is_flag=True,
              help="PUT straight onto the graph, not via a temporary graph and MOVE (for servers without MOVE).")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=60, show_default=True,
              help="Seconds to wait for each answer.")
def push(graph_file: Path | None, endpoint: str, graph_iri: str | None, store_url: str | None,
         update_url: str | None, query_url: str | None, direct: bool, timeout: float) -> None:
    """Upload a built graph (default outputs/kg.ttl) to a SPARQL server as one named graph.

    A re-push replaces that graph; a failed or interrupted push leaves the previous one intact.
    """
    from .remote import RemoteError, default_graph_iri, push_graph

    path = _graph_file(graph_file)
    where = _endpoint(endpoint, query_url=query_url, update_url=update_url, store_url=store_url)
    iri = graph_iri or default_graph_iri(path)
    try:
        count = push_graph(path, where, iri, direct=direct, timeout=timeout)
    except RemoteError as err:
        raise _user_error(str(err)) from err
    click.echo(f"{count} triples in graph <{iri}>")


def query_remote(endpoint: str, *, sparql: str | None, saved: str | None, params: Mapping[str, str],
                 graph: Path, graph_iri: str | None = None, query_url: str | None = None,
                 timeout: float = 60) -> QueryResult:
    """The remote branch of `kg query`: a saved query (by name) or a SPARQL string, run on the server over the
    named graph `graph_iri`, by default the one `kg push` would give the graph file `graph`."""
    from .remote import RemoteError, default_graph_iri, run_remote_query, run_remote_saved
    from .sparql import QueryError

    where = _endpoint(endpoint, query_url=query_url)
    iri = graph_iri or default_graph_iri(graph)
    try:
        if saved:
            return run_remote_saved(where, saved, params, graph_iri=iri, timeout=timeout)
        return run_remote_query(where, sparql or "", params, graph_iri=iri, timeout=timeout)
    except (RemoteError, QueryError) as err:
        raise _user_error(str(err)) from err


@click.command()
@click.argument("graph_file", required=False, type=click.Path(path_type=Path, dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on; anything but loopback exposes the graph to the network.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="0 picks a free port.")
def serve(graph_file: Path | None, host: str, port: int) -> None:
    """Serve the explorer page (/) and a read-only SPARQL endpoint (/sparql) for a built graph, until Ctrl-C."""
    from .serve import make_server
    from .sparql import QueryError

    path = _graph_file(graph_file)
    try:
        server = make_server(path, host, port)
    except OSError as err:
        raise _user_error(f"cannot listen on {host}:{port}: {err.strerror or err}") from err
    except (QueryError, SyntaxError, ValueError) as err:  # rdflib raises several parser errors
        raise _user_error(f"cannot read {path}: {err}") from err
    bound_host, bound_port = server.server_address[:2]
    url = f"http://{bound_host}:{bound_port}/"
    click.echo(f"serving {path} at {url} (SPARQL at {url}sparql); Ctrl-C to stop", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped", err=True)
    finally:
        server.server_close()
