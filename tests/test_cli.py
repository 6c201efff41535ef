"""The `kg` command line through click's CliRunner: commands, formats and one-line errors with exit code 2."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import cli

REPO = Path(__file__).resolve().parents[1]

FIXTURE = REPO / "tests" / "fixtures" / "small_graph.ttl"


@pytest.fixture()
def runner():
    return CliRunner()


def one_line_error(result, fragment):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and fragment in lines[0], result.output
    assert "Traceback" not in result.output


def test_help_teaches(runner):
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0
    for command in ("build", "query", "shared-benchmarks", "stats", "validate"):
        assert command in result.output


def test_the_module_runs_as_the_command():
    """`python -m kg.cli` is the `kg` script: every command registered, user errors one line with exit code 2."""
    run = [sys.executable, "-m", "kg.cli"]
    shown = subprocess.run([*run, "--help"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "explore" in shown.stdout and "push" in shown.stdout  # kg/cli_browse.py's and kg/cli_remote.py's too
    wrong = subprocess.run([*run, "stats", "--graph", "no-such.ttl"], capture_output=True, text=True, cwd=REPO,
                           timeout=120)
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr, wrong.stderr


def test_shared_benchmarks(runner):
    result = runner.invoke(cli, ["shared-benchmarks", "--graph", str(FIXTURE), "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert {row[0] for row in rows[1:]} >= {"https://w3id.org/mlkg/id/dataset/puzzle-1", "https://w3id.org/mlkg/id/dataset/puzzle-2"} or \
        any("Puzzle-1" in " ".join(row) for row in rows[1:])
    none = runner.invoke(cli, ["shared-benchmarks", "--graph", str(FIXTURE), "--min-papers", "3", "--format", "json"])
    assert json.loads(none.output)["results"]["bindings"] == []


def test_query_string_file_and_saved(runner, tmp_path):
    text = "SELECT ?p WHERE { ?p mlkg:evaluatedOn dataset:puzzle-2 } ORDER BY ?p"
    result = runner.invoke(cli, ["query", text, "--graph", str(FIXTURE), "--format", "json"])
    assert result.exit_code == 0, result.output
    values = [b["p"]["value"] for b in json.loads(result.output)["results"]["bindings"]]
    assert values == ["https://w3id.org/mlkg/id/paper/p1", "https://w3id.org/mlkg/id/paper/p2"]
    rq = tmp_path / "q.rq"
    rq.write_text(text)
    assert runner.invoke(cli, ["query", "--file", str(rq), "--graph", str(FIXTURE)]).exit_code == 0
    saved = runner.invoke(cli, ["query", "--saved", "paper-entities", "--param", "paper=paper:p2", "--graph", str(FIXTURE)])
    assert saved.exit_code == 0 and "llamax" in saved.output.lower()
    listing = runner.invoke(cli, ["query", "--list"])
    assert "shared-benchmarks" in listing.output


def test_query_errors_are_one_line(runner, tmp_path):
    one_line_error(runner.invoke(cli, ["query", "SELEKT nonsense", "--graph", str(FIXTURE)]), "")
    one_line_error(runner.invoke(cli, ["query", "--saved", "no-such-query", "--graph", str(FIXTURE)]), "no-such-query")
    one_line_error(runner.invoke(cli, ["query", "SELECT * {}", "--graph", str(tmp_path / "missing.ttl")]), "missing.ttl")
    one_line_error(runner.invoke(cli, ["query", "SELECT * {}", "--graph", str(FIXTURE), "--param", "novalue"]), "key=value")
    one_line_error(runner.invoke(cli, ["query", "--graph", str(FIXTURE)]), "exactly one")


def test_stats(runner):
    result = runner.invoke(cli, ["stats", "--graph", str(FIXTURE), "--json"])
    assert result.exit_code == 0, result.output
    counts = json.loads(result.output)
    assert counts["by_type"]["Paper"] == 3
    assert counts["by_type"]["Dataset"] == 2
    assert counts["by_relation"]["evaluatedOn"] == 4


def test_validate(runner, tmp_path):
    assert runner.invoke(cli, ["validate", str(FIXTURE)]).exit_code == 0
    broken = tmp_path / "broken.ttl"
    broken.write_text("this is not turtle")
    one_line_error(runner.invoke(cli, ["validate", str(broken)]), "cannot parse")


@pytest.mark.slow
def test_build_errors(runner, tmp_path):
    one_line_error(runner.invoke(cli, ["build", str(tmp_path / "nope.txt"), "--out", str(tmp_path / "o")]), "nope.txt")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    one_line_error(runner.invoke(cli, ["build", str(empty), "--out", str(tmp_path / "o")]), "empty.txt")
    assert not (tmp_path / "o" / "kg.ttl").exists()
    one_line_error(runner.invoke(cli, ["build", "--model", "no_such_pipeline", "--out", str(tmp_path / "o")]), "no_such_pipeline")


@pytest.mark.slow
def test_build_from_stdin_and_query_it(runner, tmp_path):
    text = "We propose FooNet, a model for graph matching. On the PairBench benchmark FooNet beats BarNet.\n"
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", "-", "--out", str(out), "--quiet"], input=text)
    assert result.exit_code == 0, result.output
    assert (out / "kg.ttl").is_file() and (out / "kg.html").is_file()
    answer = runner.invoke(cli, ["query", "SELECT ?d WHERE { ?p mlkg:evaluatedOn ?d }", "--graph", str(out / "kg.ttl"), "--format", "csv"])
    assert "pairbench" in answer.output


def test_a_result_the_abstract_leaves_unattributed_is_the_papers(runner, tmp_path):
    """No proposal is named, so the Result node has no mlkg:resultFor; the graph still validates against the
    shapes and the saved results table lists the number, its metric and its dataset."""
    text = ("Detectors are slow on aerial images. The proposed method improves the detector by 30.5% mAP on "
            "PairBench.\n")
    out = tmp_path / "out"
    assert runner.invoke(cli, ["build", "-", "--out", str(out), "--quiet"], input=text).exit_code == 0
    graph = str(out / "kg.ttl")
    assert runner.invoke(cli, ["validate", graph]).exit_code == 0
    unattributed = runner.invoke(cli, ["query", "ASK { ?r a mlkg:Result FILTER NOT EXISTS { ?r mlkg:resultFor ?e } }",
                                       "--graph", graph])
    assert unattributed.output.strip() == "yes"
    table = runner.invoke(cli, ["query", "--saved", "results", "--graph", graph, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(table.output)))
    assert [(r["value_text"], r["metric_label"], r["dataset_label"], r["entity_label"]) for r in rows] == [
        ("30.5%", "mAP", "PairBench", "")]
