"""`kg explore`, `kg related` and `kg show` on the fixture graph, through click's test runner."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kg.cli_browse import register

FIXTURE = Path(__file__).parent / "fixtures" / "small_graph.ttl"


@pytest.fixture(scope="module")
def kg():
    """A group like `kg.cli.cli` with the browsing commands registered (twice: harmless)."""
    group = click.Group("kg")
    register(group)
    register(group)
    return group


def run(kg, *args: str):
    return CliRunner().invoke(kg, [str(a) for a in args])


def test_explore_writes_the_page(kg, tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(click, "launch", lambda url: opened.append(url))
    out = tmp_path / "page.html"
    result = run(kg, "explore", FIXTURE, "--out", out, "--open")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == str(out)
    assert opened == [str(out)]
    assert 'id="mlkg-data"' in out.read_text(encoding="utf-8") and "Grid Reasoner" in out.read_text(encoding="utf-8")


def test_explore_defaults_to_explore_html_here(kg, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "outputs").mkdir()
    (tmp_path / "outputs" / "kg.ttl").write_bytes(FIXTURE.read_bytes())
    result = run(kg, "explore")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "explore.html").is_file() and not (tmp_path / "outputs" / "kg.html").exists()


def test_missing_or_broken_graph_is_a_user_error(kg, tmp_path):
    result = run(kg, "explore", tmp_path / "none.ttl")
    assert result.exit_code == 2 and "no graph file at" in result.output
    broken = tmp_path / "broken.ttl"
    broken.write_text("this is not turtle <", encoding="utf-8")
    result = run(kg, "related", "p1", "--graph", broken)
    assert result.exit_code == 2 and "cannot parse" in result.output


@pytest.mark.parametrize("name", ["p1", "paper:p1", "https://w3id.org/mlkg/id/paper/p1", "grid reas"])
def test_related_finds_the_paper_every_way(kg, name):
    result = run(kg, "related", name, "--graph", FIXTURE)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "related to Grid Reasoner (Paper, paper:p1):"
    assert lines[1] == "  1.  0.811  Puzzle study (Paper, paper:p2)  shared: Puzzle-2, accuracy"
    assert lines[2].startswith("  2.  0.405  We study <script>alert(1)</script> markup (Paper, paper:p3)")
    assert lines[2].endswith("shared: Puzzle-1") and len(lines) == 3


def test_related_top_and_errors(kg):
    assert len(run(kg, "related", "p1", "--top", "1", "--graph", FIXTURE).output.splitlines()) == 2
    ambiguous = run(kg, "related", "study", "--graph", FIXTURE)
    assert ambiguous.exit_code == 2
    assert "'study' matches 2 papers: Puzzle study (Paper, paper:p2); We study" in ambiguous.output
    assert len(ambiguous.output.strip().splitlines()) == 1
    missing = run(kg, "related", "no such paper", "--graph", FIXTURE)
    assert missing.exit_code == 2 and "no paper matches 'no such paper'" in missing.output
    # an entity's IRI is not a paper
    assert run(kg, "related", "dataset:puzzle-1", "--graph", FIXTURE).exit_code == 2


def test_show_entity_with_evidence(kg):
    result = run(kg, "show", "puzzle-1", "--graph", FIXTURE)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Dataset: Puzzle-1",
        "  IRI: https://w3id.org/mlkg/id/dataset/puzzle-1 (dataset:puzzle-1)",
        "  names: Puzzle-1",
        "2 papers:",
        "  Grid Reasoner (Paper, paper:p1): evaluatedOn",
        "    “On «Puzzle-1» and Puzzle-2 it beats the Tiny Model (TM) in accuracy.” (evaluatedOn, dataset:prep-on, 0.8)",
        "  We study <script>alert(1)</script> markup (Paper, paper:p3): evaluatedOn",
        "    (no evidence sentence)",
    ]


def test_show_finds_aliases_exact_before_substrings(kg):
    assert run(kg, "show", "tm", "--graph", FIXTURE).output.startswith("Method: Tiny Model\n")
    # "Grid Reasoner" names both the method and the paper: the entity wins, the paper is one IRI away
    assert run(kg, "show", "Grid Reasoner", "--graph", FIXTURE).output.startswith("Method: Grid Reasoner\n")
    assert run(kg, "show", "llama", "--graph", FIXTURE).output.startswith("Model: LlamaX 7B\n")
    ambiguous = run(kg, "show", "puzzle", "--graph", FIXTURE)
    assert ambiguous.exit_code == 2 and "'puzzle' matches 2 entities: Puzzle-1 (Dataset" in ambiguous.output
    assert run(kg, "show", "nothing like it", "--graph", FIXTURE).exit_code == 2


def test_show_paper(kg):
    result = run(kg, "show", "paper:p1", "--graph", FIXTURE)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == ["Paper: Grid Reasoner", "  IRI: https://w3id.org/mlkg/id/paper/p1 (paper:p1)",
                         "  identifier: p1", "  code: https://github.com/example/grid-reasoner"]
    assert "5 entities:" in lines
    assert "  Tiny Model (Method, method:tiny-model): comparesWith, outperforms" in lines


def test_show_family_and_results(kg, tmp_path):
    from test_view import rich_graph

    path = tmp_path / "rich.ttl"
    rich_graph().serialize(path, format="turtle")
    family = run(kg, "show", "dataset:puzzle", "--graph", path)
    assert family.exit_code == 0, family.output
    assert "  members: Puzzle-1 (Dataset, dataset:puzzle-1); Puzzle-2 (Dataset, dataset:puzzle-2)" in family.output
    assert "0 papers:" in family.output
    member = run(kg, "show", "Puzzle-2", "--graph", path).output
    assert "  member of: Puzzle (Dataset, dataset:puzzle)" in member
    assert "Grid Reasoner. On «Puzzle-1 and Puzzle-2» it beats" in member
    paper = run(kg, "show", "p1", "--graph", path).output.splitlines()
    start = paper.index("1 result:")
    assert paper[start + 1:] == ["  entity         metric    dataset   value",
                                 "  Grid Reasoner  accuracy  Puzzle-1  91.5\\%"]
