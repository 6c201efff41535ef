"""`kg eval`: matching (strict/lenient, alternatives, one-to-one, plurals), categories, named vs all, results,
gold loading and the command. All gold and texts here are invented."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from extract.facts import Entity, Evidence, Paper, PaperFacts, Relation, Result
from kg.cli import cli
from kg.evaluate import (
    CATEGORIES,
    GoldEntity,
    GoldError,
    GoldPaper,
    GoldResult,
    PredEntity,
    PredResult,
    Score,
    evaluate,
    format_report,
    load_gold,
    looks_named,
    match,
    predictions_from_facts,
    predictions_from_graph,
    results_from_facts,
    results_from_graph,
    score_predictions,
    similarity,
    strict_key,
)

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "abstracts"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"corpus not present at {CORPUS}")


def model_installed() -> bool:
    import spacy

    from extract.pipeline import DEFAULT_MODEL

    return spacy.util.is_package(DEFAULT_MODEL)


needs_model = pytest.mark.skipif(not model_installed(), reason="the default spaCy model is not installed")


def gold(*names: str) -> list[GoldEntity]:
    return [GoldEntity(tuple(n.split("|"))) for n in names]


def pred(*names: str) -> list[PredEntity]:
    return [PredEntity(n.split("|")[0], tuple(n.split("|")[1:])) for n in names]


def gold_paper(paper_id: str = "p1", results: tuple[GoldResult, ...] = (), **categories: list[str]) -> GoldPaper:
    return GoldPaper(Paper(id=paper_id, abstract="text"),
                     {c: gold(*categories.get(c, [])) for c in CATEGORIES}, results)


def predicted(results: list[PredResult] | None = None, **categories: list[str]):
    return {c: pred(*categories.get(c, [])) for c in CATEGORIES}, results or []


# --- matching -------------------------------------------------------------------------------------------


def test_strict_normalises_case_markup_dashes_and_plurals():
    assert strict_key("Graph Neural Networks") == strict_key("graph neural network")
    assert strict_key("GNNs") == strict_key("GNN")
    assert strict_key("$D^3$-Net") == strict_key("D3-Net") == strict_key("D3 Net")
    assert strict_key("Transformers") == strict_key("the Transformer")
    assert strict_key("\\emph{OrbitNet}") == strict_key("orbitnet")
    assert strict_key("ResNet-50") != strict_key("ResNet-101")


def test_strict_versus_lenient():
    g, p = gold("lattice attention"), pred("lattice attention layer")
    assert match(g, p, "strict") == []
    assert match(g, p, "lenient") == [(0, 0)]
    # overlap below one half with neither name inside the other is no match, even leniently
    assert similarity(["noise-aware lattice attention"], ["noise-free graph attention"], "lenient") == 0.0
    assert similarity(["satellite image segmentation"], ["image segmentation"], "lenient") > 0


def test_any_alternative_matches_any_alias():
    g = gold("Gated Lattice Transformer|GLT")
    assert match(g, pred("GLT"), "strict") == [(0, 0)]
    assert match(g, pred("gated lattice transformers"), "strict") == [(0, 0)]
    assert match(g, pred("OrbitNet|GLT"), "strict") == [(0, 0)]


def test_matching_is_one_to_one_and_prefers_the_best_pair():
    assert match(gold("attention", "lattice attention"), pred("lattice attention"), "lenient") == [(1, 0)]
    assert len(match(gold("OrbitNet"), pred("OrbitNet", "orbitnet"), "strict")) == 1
    assert match(gold("OrbitNet", "OrbitNet"), pred("OrbitNet"), "strict") == [(0, 0)]


def test_named_shape():
    for name in ("LoRA", "GPT-4", "t-SVD", "Never Give Up", "1/f priors"):
        assert looks_named(name), name
    for name in ("active learning", "Transformer", "contrastive learning"):
        assert not looks_named(name), name


# --- scoring --------------------------------------------------------------------------------------------


def test_named_and_all_aggregates():
    report = score_predictions(
        [gold_paper(methods=["active learning", "LoRA"], tasks=["image segmentation"], datasets=["CIFAR-10"])],
        {"p1": predicted(methods=["LoRA", "beam search"], tasks=["image segmentation"], datasets=["OrbitSeg"])},
    )
    typed = report.typed["strict"]
    assert typed["methods"] == Score(gold=2, predicted=2, hits=1)
    assert typed["all"] == Score(gold=4, predicted=4, hits=2)
    # named: LoRA and CIFAR-10 (gold), LoRA and OrbitSeg (predicted); tasks and plain-word methods are not named
    assert typed["named"] == Score(gold=2, predicted=2, hits=1)
    assert typed["named"].f1 == pytest.approx(0.5)


def test_entity_set_ignores_categories():
    report = score_predictions([gold_paper(datasets=["OrbitSeg"], tasks=["segmentation"])],
                               {"p1": predicted(models=["OrbitSeg"], methods=["segmentation"])})
    assert report.typed["strict"]["all"].hits == 0
    assert report.entity_set["strict"]["all"] == Score(gold=2, predicted=2, hits=2)
    assert report.entity_set["strict"]["named"] == Score(gold=1, predicted=1, hits=1)


def test_paper_without_predictions_counts_as_predicting_nothing():
    report = score_predictions([gold_paper(models=["BERT"]), gold_paper("p2")], {"p2": predicted(models=["BERT"])})
    assert report.missing == ("p1",)
    assert report.typed["strict"]["models"] == Score(gold=1, predicted=1, hits=0)


def test_results_match_by_number_metric_entity_and_dataset():
    glt, acc, seg = GoldEntity(("Gated Lattice Transformer", "GLT")), GoldEntity(("accuracy",)), GoldEntity(("OrbitSeg",))
    results = (GoldResult(glt, acc, seg, "more than 27%", Decimal("27")), GoldResult(None, acc, None, "3.5", Decimal("3.5")))
    p_glt, p_acc = PredEntity("GLT"), PredEntity("top-1 accuracy")
    found = [PredResult(p_glt, p_acc, PredEntity("OrbitSeg"), Decimal("27.0")),
             PredResult(p_glt, p_acc, PredEntity("Cityscapes"), Decimal("3.5")),
             PredResult(p_glt, p_acc, PredEntity("OrbitSeg"), Decimal("12"))]
    report = score_predictions([gold_paper(results=results)], {"p1": predicted(results=found)})
    assert report.results["lenient"] == Score(gold=2, predicted=3, hits=2)
    assert report.results["strict"].hits == 0  # "top-1 accuracy" is not strictly "accuracy"


def test_score_ratios_and_report_table():
    assert Score().precision is None and Score().f1 is None
    assert Score(gold=4, predicted=0, hits=0).recall == 0.0
    report = score_predictions([gold_paper(models=["BERT"], methods=["dropout"])],
                               {"p1": predicted(models=["BERT-large"], methods=["dropouts"])})
    table = format_report(report)
    for row in ("proposes", "named", "all", "entity set", "results", "target: entity-set named F1 >= 0.90"):
        assert row in table
    assert "BERT-large" not in table
    verbose = format_report(report, verbose=True)
    assert "- models     BERT  ~ BERT-large" in verbose and "+ models     BERT-large  ~ BERT" in verbose
    assert "dropout" not in verbose  # a strict hit is neither a miss nor an extra
    assert json.loads(json.dumps(report.as_dict()))["entity_set"]["strict"]["all"]["hits"] == 1


def test_report_is_deterministic():
    args = ([gold_paper(methods=["a b", "b c", "c d"])], {"p1": predicted(methods=["b", "c", "a b c d"])})
    assert score_predictions(*args) == score_predictions(*args)


# --- predictions ----------------------------------------------------------------------------------------


def synthetic_facts() -> PaperFacts:
    text = "We propose OrbitNet and OrbitSeg. OrbitNet beats DeepLab on Cityscapes with 71.3 mIoU."
    ev = Evidence(text, 0, len(text), 0, 1, "test", 1.0)
    entities = (
        Entity("orbitnet", "Method", "OrbitNet"), Entity("orbitseg", "Dataset", "OrbitSeg"),
        Entity("deeplab", "Model", "DeepLab", ("DeepLabs",)), Entity("cityscapes", "Dataset", "Cityscapes"),
        Entity("miou", "Metric", "mIoU"), Entity("segmentation", "Task", "segmentation"),
    )
    relations = (
        Relation("proposes", "orbitnet", ev), Relation("proposes", "orbitseg", ev),
        Relation("comparesWith", "deeplab", ev), Relation("outperforms", "deeplab", ev),
        Relation("evaluatedOn", "cityscapes", ev), Relation("usesMetric", "miou", ev), Relation("addresses", "segmentation", ev),
    )
    results = (Result("71.3", "71.3", "", "miou", "orbitnet", "cityscapes", ev),)
    return PaperFacts(Paper(id="p1", abstract=text), "OrbitNet", entities, relations, (), results)


def test_predictions_follow_the_gold_precedence():
    categories = predictions_from_facts(synthetic_facts())
    names = {c: [e.name for e in entities] for c, entities in categories.items()}
    assert names == {"proposes": ["OrbitNet", "OrbitSeg"], "tasks": ["segmentation"], "datasets": ["Cityscapes"],
                     "models": [], "metrics": ["mIoU"], "methods": [], "baselines": ["DeepLab"]}
    assert categories["baselines"][0].aliases == ("DeepLabs",)
    (result,) = results_from_facts(synthetic_facts())
    assert (result.entity.name, result.metric.name, result.dataset.name, result.value) == ("OrbitNet", "mIoU", "Cityscapes", Decimal("71.3"))


def test_graph_predictions_equal_fact_predictions():
    from rdflib import Literal
    from rdflib.namespace import DCTERMS

    from kg.builder import build_graph

    facts = synthetic_facts()
    graph = build_graph([facts])
    (iri,) = graph.subjects(DCTERMS.identifier, Literal("p1"))
    assert predictions_from_graph(graph, iri) == predictions_from_facts(facts)
    assert results_from_graph(graph, iri) == results_from_facts(facts)
    report = evaluate([gold_paper(proposes=["OrbitNet"], baselines=["DeepLab"])], {"p1": facts})
    assert report.typed["strict"]["proposes"] == Score(gold=1, predicted=2, hits=1)
    assert report.typed["strict"]["baselines"] == Score(gold=1, predicted=1, hits=1)


# --- gold files -----------------------------------------------------------------------------------------


def write_gold(path: Path, papers: list[dict]) -> Path:
    path.write_text(json.dumps({"version": 1, "papers": papers}), encoding="utf-8")
    return path


def test_load_gold_with_text_and_with_corpus(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "c.jsonl").write_text(json.dumps({"id": "c:1", "title": "T", "abstract": "Invented abstract."}) + "\n")
    path = write_gold(tmp_path / "g.json", [
        {"id": "u1", "text": "We propose OrbitNet.", "proposes": ["OrbitNet|ON"], "results": []},
        {"corpus_file": "c.jsonl", "id": "c:1", "datasets": ["CIFAR-10"],
         "results": [{"entity": "ON", "metric": "accuracy", "dataset": "", "value": "91.2%"}]},
    ])
    first, second = load_gold(path, corpus)
    assert first.paper == Paper(id="u1", abstract="We propose OrbitNet.", title=None, source="")
    assert first.categories["proposes"] == [GoldEntity(("OrbitNet", "ON"))] and first.categories["tasks"] == []
    assert (second.paper.title, second.paper.abstract) == ("T", "Invented abstract.")
    assert second.results == (GoldResult(GoldEntity(("ON",)), GoldEntity(("accuracy",)), None, "91.2%", Decimal("91.2")),)


def test_result_names_resolve_to_the_full_gold_entity(tmp_path):
    path = write_gold(tmp_path / "g.json", [{"id": "u1", "text": "x", "proposes": ["OrbitNet|ON"],
                                             "results": [{"entity": "ON", "metric": "mIoU", "value": "7"}]}])
    (paper,) = load_gold(path)
    assert paper.results[0].entity == GoldEntity(("OrbitNet", "ON"))


@pytest.mark.parametrize("papers, fragment", [
    ([{"corpus_file": "absent.jsonl", "id": "x"}], "corpus file not found"),
    ([{"corpus_file": "c.jsonl", "id": "nope"}], "gold record nope not found"),
    ([{"id": "a", "text": "t"}, {"id": "a", "text": "t"}], "appears twice"),
    ([{"id": "a", "text": "t", "tasks": "segmentation"}], "must be a list of strings"),
])
def test_gold_errors(tmp_path, papers, fragment):
    (tmp_path / "c.jsonl").write_text(json.dumps({"id": "c:1", "title": "T", "abstract": "A."}) + "\n")
    with pytest.raises(GoldError, match=fragment):
        load_gold(write_gold(tmp_path / "g.json", papers), tmp_path)


def test_cli_errors_are_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no ../shared/corpora/abstracts here, so no default corpus
    path = write_gold(tmp_path / "g.json", [{"corpus_file": "c.jsonl", "id": "c:1"}])
    runner = CliRunner()
    for args, fragment in (([str(path)], "pass --corpus DIR"),
                           ([str(path), "--corpus", str(tmp_path)], "corpus file not found"),
                           ([str(tmp_path / "none.json")], "cannot read gold file")):
        result = runner.invoke(cli, ["eval", *args])
        assert result.exit_code == 2, result.output
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and fragment in lines[0], result.output


@needs_model
def test_cli_on_inline_gold(tmp_path):
    path = write_gold(tmp_path / "g.json", [{
        "id": "u1", "title": "OrbitNet",
        "text": "We propose OrbitNet, a lattice attention network for satellite image segmentation. "
                "OrbitNet is evaluated on Cityscapes and outperforms DeepLabv3+ in mIoU.",
        "proposes": ["OrbitNet"], "tasks": ["satellite image segmentation"], "datasets": ["Cityscapes"],
        "metrics": ["mIoU"], "baselines": ["DeepLabv3+"], "results": [],
    }])
    runner = CliRunner()
    table = runner.invoke(cli, ["eval", str(path), "--verbose"])
    assert table.exit_code == 0, table.output
    assert "1 gold papers" in table.output and "entity set" in table.output
    report = json.loads(runner.invoke(cli, ["eval", str(path), "--json"]).output)
    assert report["papers"] == 1 and report["entity_set"]["lenient"]["all"]["gold"] == 5
    assert report["typed"]["strict"]["proposes"]["hits"] == 1


def test_a_second_annotation_is_scored_as_an_extraction_would_be(tmp_path):
    first = write_gold(tmp_path / "first.json", [
        {"id": "u1", "text": "Invented.", "proposes": ["Orbit Network|OrbitNet"], "tasks": ["image segmentation"],
         "datasets": ["Cityscapes"], "metrics": ["mIoU"], "methods": ["lattice attention"],
         "results": [{"entity": "Orbit Network", "metric": "mIoU", "dataset": "Cityscapes", "value": "71.3"}]},
        {"id": "u2", "text": "Invented.", "models": ["GPT-2"]},
        {"id": "u3", "text": "Invented.", "tasks": ["parsing"]}])
    second = write_gold(tmp_path / "second.json", [  # u3 is not annotated twice: not scored
        {"id": "u1", "text": "Invented.", "proposes": ["Orbit Network|OrbitNet"], "tasks": ["segmentation"],
         "datasets": ["Cityscapes"],
         "metrics": ["mIoU"], "models": ["ResNet-50"],
         "results": [{"entity": "OrbitNet", "metric": "mIoU", "dataset": "Cityscapes", "value": "71.3%"}]},
        {"id": "u2", "text": "Invented.", "models": ["GPT-2"]}])
    result = CliRunner().invoke(cli, ["eval", str(first), "--against", str(second), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["papers"] == 2
    # u1: OrbitNet, Cityscapes, mIoU agree; "segmentation" is only a lenient match; lattice attention missed,
    # ResNet-50 extra. u2 agrees.
    strict = report["entity_set"]["strict"]["all"]
    assert (strict["gold"], strict["predicted"], strict["hits"]) == (6, 6, 4)
    assert report["entity_set"]["lenient"]["all"]["hits"] == 5
    assert report["results"]["strict"]["hits"] == 1  # the second's "OrbitNet" has all its listed names


def test_a_second_annotation_names_only_gold_papers_and_takes_no_graph_or_model(tmp_path):
    first = write_gold(tmp_path / "first.json", [{"id": "u1", "text": "Invented."}])
    second = write_gold(tmp_path / "second.json", [{"id": "u9", "text": "Invented."}])
    runner = CliRunner()
    for args, fragment in (([str(first), "--against", str(second)], "paper u9 of the second annotation is not in"),
                           ([str(first), "--against", str(first), "--graph", str(first)], "no --graph or --model"),
                           ([str(first), "--against", str(first), "--model", "x"], "no --graph or --model")):
        result = runner.invoke(cli, ["eval", *args])
        assert result.exit_code == 2, result.output
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and fragment in lines[0], result.output


def test_the_reannotation_is_of_dev_papers_and_carries_no_text():
    dev = json.loads((REPO / "gold" / "dev.json").read_text(encoding="utf-8"))["papers"]
    again = json.loads((REPO / "gold" / "reannotation.json").read_text(encoding="utf-8"))["papers"]
    refs = {(p["corpus_file"], p["id"]) for p in dev}
    assert len(again) == 48 and all((p["corpus_file"], p["id"]) in refs for p in again)
    assert not any({"text", "abstract"} & set(p) for p in again)


@needs_corpus
def test_cli_scores_the_reannotation_against_the_dev_gold():
    result = CliRunner().invoke(cli, ["eval", str(REPO / "gold" / "dev.json"), "--corpus", str(CORPUS),
                                      "--against", str(REPO / "gold" / "reannotation.json")])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("48 gold papers") and "entity set" in result.output


@needs_corpus
@pytest.mark.parametrize(("split", "count"), [("dev", 1351), ("test", 44)])
def test_every_gold_record_resolves_in_the_corpus(split, count):
    papers = load_gold(REPO / "gold" / f"{split}.json", CORPUS)
    assert len(papers) == count
    assert all(p.paper.abstract.strip() and p.paper.title for p in papers)


def test_the_gold_sets_are_disjoint_and_carry_no_text():
    """The held-out set shares no paper with the dev set, and neither copies abstract text (license rule)."""
    sets = {split: json.loads((REPO / "gold" / f"{split}.json").read_text(encoding="utf-8")) for split in ("dev", "test")}
    refs = {split: {(p["corpus_file"], p["id"]) for p in data["papers"]} for split, data in sets.items()}
    assert refs["dev"] and refs["test"] and not refs["dev"] & refs["test"]
    assert not any({"text", "abstract"} & set(p) for data in sets.values() for p in data["papers"])


@pytest.mark.slow
@needs_corpus
@needs_model
def test_cli_scores_the_dev_gold():
    result = CliRunner().invoke(cli, ["eval", str(REPO / "gold" / "dev.json"), "--corpus", str(CORPUS)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("1351 gold papers")
    for row in ("typed (per category)", "entity set (type-agnostic, per paper)", "named", "all", "results"):
        assert row in result.output
