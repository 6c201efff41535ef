"""SHACL validation: the valid fixture conforms, each kind of defect is reported once and readably, CLI exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from rdflib import Graph

from kg.cli import cli
from kg.validate import Violation, format_violations, validate

FIXTURES = Path(__file__).resolve().parent / "fixtures"
VALID = FIXTURES / "small_graph.ttl"
INVALID = FIXTURES / "invalid_graph.ttl"

#: (focus, path, words the message must contain), one per defect planted in invalid_graph.ttl, in sorted order.
EXPECTED = [
    ("dataset:tiny-model", "rdf:type", ("exactly one of the types", "both Dataset and Method")),
    ("evidence:past-end", "mlkg:mentionEnd", ("mentionEnd 58", "paper p1's abstract (38 characters)")),
    ("evidence:wrong-text", "mlkg:mentionText", ("'Puzzle-2'", "[29, 37)", "reads 'Puzzle-1'")),
    ("metric:accuracy", "skos:prefLabel", ("exactly one skos:prefLabel", "skos:altLabel")),
    ("paper:no-abstract", "dcterms:abstract", ("exactly one dcterms:abstract",)),
    ("paper:uses-a-dataset", "mlkg:usesMethod", ("usesMethod points at methods only",)),
    ("result:r1", "mlkg:resultMetric", ("exactly one mlkg:resultMetric",)),
    ("result:r2", "mlkg:value", ("below its mlkg:valueMax",)),
]


def load(path: Path) -> Graph:
    return Graph().parse(path, format="turtle")


def test_small_graph_conforms():
    assert validate(load(VALID)) == []


@pytest.fixture(scope="module")
def violations() -> list[Violation]:
    return validate(load(INVALID))


def test_each_planted_defect_is_reported_once(violations):
    assert [(v.focus, v.path) for v in violations] == [(focus, path) for focus, path, _ in EXPECTED]
    for violation, (_, _, words) in zip(violations, EXPECTED):
        assert violation.severity == "Violation"
        for word in words:
            assert word in violation.message, violation


def test_format_is_one_line_per_violation(violations):
    lines = format_violations(violations).splitlines()
    assert len(lines) == len(EXPECTED)
    assert lines[-2] == "result:r1 mlkg:resultMetric: a result needs exactly one mlkg:resultMetric, an mlkg:Metric"


def test_validation_leaves_the_graph_alone():
    graph = load(VALID)
    before = set(graph)
    validate(graph)
    assert set(graph) == before


def test_cli_exit_codes(tmp_path):
    runner = CliRunner()
    valid = runner.invoke(cli, ["validate", str(VALID)])
    assert valid.exit_code == 0, valid.output
    assert "conforms" in valid.output
    invalid = runner.invoke(cli, ["validate", str(INVALID)])
    assert invalid.exit_code == 1, invalid.output
    assert "paper:no-abstract dcterms:abstract: a paper needs exactly one dcterms:abstract" in invalid.output
    missing = runner.invoke(cli, ["validate", str(tmp_path / "missing.ttl")])
    assert missing.exit_code == 2, missing.output
    assert "no graph file" in missing.output


def test_title_evidence_is_checked_against_the_title(extract_one):
    """A name only the title gives has the title as its evidence: valid as built, and checked against the title."""
    from rdflib import Literal

    from kg.builder import build_graph
    from kg.vocab import MLKG

    title = "SMART-Rain: A Degradation Evaluation Dataset for Autonomous Driving in Rain"
    facts = extract_one("We record rainfall with cameras and evaluate detectors under rain.", title=title)
    graph = build_graph([facts])
    in_title = {str(graph.value(node, MLKG.mentionText)): node for node in graph.subjects(MLKG.inTitle, Literal(True))}
    assert set(in_title) == {"SMART-Rain", "Autonomous Driving"}
    assert validate(graph) == []
    node = in_title["SMART-Rain"]
    graph.set((node, MLKG.mentionEnd, Literal(99)))
    found = validate(graph)
    assert {v.path for v in found} == {"mlkg:mentionEnd"}  # past the sentence's end, and past the title's
    assert any("paper t1's title (75 characters)" in v.message for v in found)


def test_a_range_result_has_both_ends_and_conforms(extract_one):
    from decimal import Decimal

    from kg.builder import build_graph
    from kg.vocab import MLKG

    graph = build_graph([extract_one("We propose ZetaNet. ZetaNet reaches 90%-94% accuracy on FooBench.")])
    (node,) = graph.subjects(MLKG.valueText, None)
    assert (graph.value(node, MLKG.value).toPython(), graph.value(node, MLKG.valueMax).toPython()) == (
        Decimal("90"), Decimal("94"))
    assert validate(graph) == []
