"""The learned central-phrase component (extract/central_chunks.py) and its training script (bench/central_chunks.py):
what its candidates are, how it chooses and types them, that training is deterministic, and that the shipped
weights are the ones training writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.central_chunks import PaperCandidates, _counts, cross_validated_report, main, paper_candidates, train
from extract.central_chunks import RULE, WEIGHTS_PATH, CentralityModel, ChunkCandidate, chunk_candidates
from extract.facts import Paper
from extract.pipeline import EXTRACTOR_VERSION, extract_papers, titled_doc
from extract.rules import load_rules
from kg.evaluate import load_gold

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "abstracts"
RULES_ONLY = ["mlkg_central_chunks", "mlkg_relations", "mlkg_results"]


@pytest.fixture(scope="module")
def candidates_of(nlp):
    """The candidates of a text (and title), with nothing known to the rules."""
    def run(text: str, title: str | None = None, known: set[str] = frozenset()) -> dict[str, ChunkCandidate]:
        with nlp.select_pipes(disable=RULES_ONLY):
            doc = nlp(titled_doc(nlp, text, title))
        return {c.text: c for c in chunk_candidates(doc, load_rules(), set(known))}
    return run


def test_candidates_are_chunk_endings_without_opening_words(candidates_of):
    found = candidates_of("The cutting-edge sparse widget compression improves transformer-based gadget models.")
    assert set(found) == {"sparse widget compression", "widget compression", "transformer-based gadget models",
                          "gadget models"}  # no head alone of a longer chunk, nor what starts inside a word
    # a chunk of one word is: what a paper measures ("its robustness")
    assert set(candidates_of("FooNet improves its robustness and the widget scalability.", known={"foonet"})) == {
        "robustness", "widget scalability"}


def test_opening_words_are_cut_as_the_mention_finder_cuts_them_but_participles_and_adverbs_stay(candidates_of):
    found = set(candidates_of("Fully connected widget layers beat two-layer widget models on large scale widget "
                              "sorting."))
    assert {"Fully connected widget layers", "two-layer widget models", "widget sorting"} <= found
    assert not {"layer widget models", "scale widget sorting", "large scale widget sorting"} & found
    # praise as authors misspell it goes too: "state-of-art", "state of art", "state-ofthe-art"
    praised = set(candidates_of("The state-ofthe-art gadget hashing improves the state of art widget hashing and "
                                "state-of-art gadget folding."))
    assert {"widget hashing", "gadget hashing"} <= praised, praised
    assert not any("art" in phrase.split("-")[-1].split() for phrase in praised), praised


def test_known_entities_and_listed_generic_phrases_are_no_candidates(candidates_of):
    found = candidates_of("Neural networks help spectral widget folding of citation graphs.",
                          known={"widgetfolding"})
    assert set(found) == {"spectral widget folding", "citation graphs"}
    # nor a phrase cut out of a bracket
    bracketed = candidates_of("We use satisfiability (SAT) widget solvers to fold gadgets.")
    assert not any(")" in phrase or "(" in phrase for phrase in bracketed), bracketed


def test_features_say_where_and_how_often_a_phrase_is_written(candidates_of):
    found = candidates_of("The spectral trick is hard. We speed up the spectral trick for citation graphs.",
                          title="A Fast Spectral Trick")
    trick = found["spectral trick"]
    assert len(trick.mentions) == 2 and {"count=2", "first-sentence", "in-title", "title-words=2"} <= trick.features
    graphs = found["citation graphs"]
    assert {"count=1", "not-in-title", "role2=trick_for", "author-sentence", "head=graph"} <= graphs.features
    assert "first-sentence" not in graphs.features


def test_chosen_keeps_the_best_of_nested_phrases_above_the_threshold():
    def candidate(text: str, *features: str) -> ChunkCandidate:
        return ChunkCandidate(text.replace(" ", ""), text, [(0, len(text))], set(features))
    model = CentralityModel({"good": 2.0, "better": 3.0, "bad": -1.0}, 0.0, 1.0)
    phrases = [candidate("quux compression", "good"), candidate("compression", "better"),
               candidate("widget", "good"), candidate("gadget", "bad")]
    assert [(c.text, s, t) for c, s, t in model.chosen(phrases)] == [("compression", 3.0, None), ("widget", 2.0, None)]


def test_the_component_adds_what_the_model_chooses_typed_by_its_head(nlp, monkeypatch):
    component = nlp.get_pipe("mlkg_central_chunks")
    monkeypatch.setattr(component, "model", CentralityModel({"head=trick": 5.0, "head=error": 5.0}, -1.0, 0.0))
    text = "We cut the tensor error of the spectral trick. The spectral trick is slow."
    facts = next(extract_papers([Paper("p", text)], nlp))
    by_name = {e.name: e for e in facts.entities}
    assert by_name["spectral trick"].type == "Method" and by_name["tensor error"].type == "Metric"
    assert [m.start for m in by_name["spectral trick"].mentions] == [31, 51]
    evidence = {(r.predicate, r.evidence.rule, r.evidence.confidence) for r in facts.relations
                if r.entity == "spectraltrick"}
    assert evidence == {("usesMethod", RULE, 0.7)}
    with nlp.select_pipes(disable=["mlkg_central_chunks"]):
        plain = next(extract_papers([Paper("p", text)], nlp))
    assert not {"spectral trick", "tensor error"} & {e.name for e in plain.entities}


def test_the_type_model_types_a_chosen_phrase_when_there_is_one(nlp, monkeypatch):
    component = nlp.get_pipe("mlkg_central_chunks")
    model = CentralityModel({"head=trick": 5.0}, -1.0, 0.0, ("Metric", "Task"), {"head=trick": [0.0, 1.0]}, [0.5, 0.0])
    monkeypatch.setattr(component, "model", model)
    facts = next(extract_papers([Paper("p", "We study the spectral trick. The spectral trick is slow.")], nlp))
    assert {e.name: e.type for e in facts.entities}["spectral trick"] == "Task"


def test_the_component_marks_its_mentions_with_rule_and_confidence(nlp, monkeypatch):
    component = nlp.get_pipe("mlkg_central_chunks")
    monkeypatch.setattr(component, "model", CentralityModel({"head=trick": 2.0}, 0.0, 0.0))
    doc = nlp(titled_doc(nlp, "We study the spectral trick.", None))
    spans = [s for s in doc.spans["mlkg"] if s._.mlkg_rule == RULE]
    assert [(s.text, s._.mlkg_key, s._.mlkg_confidence) for s in spans] == [("spectral trick", "spectraltrick", 0.88)]


def _toy_papers() -> list[PaperCandidates]:
    """Six papers, each with a gold phrase (a measure or a method by its head) and a phrase that is no entity."""
    heads = ["head=error", "head=trick"]
    good = [ChunkCandidate(f"g{i}", f"g{i}", [(0, 1)], {"telling", f"w{i % 3}", heads[i % 2]}) for i in range(6)]
    bad = [ChunkCandidate(f"b{i}", f"b{i}", [(0, 1)], {"plain", f"w{i % 3}"}) for i in range(6)]
    return [PaperCandidates(f"p{i}", [good[i], bad[i]], [(0, ["metrics", "methods"][i % 2], True), None],
                            (1, 0, 0), (1, 0, 0)) for i in range(6)]


def test_training_learns_the_telling_features_and_is_deterministic():
    model = train(_toy_papers())
    assert model.weights["telling"] > 0 > model.weights["plain"]
    assert model.types == ("Dataset", "Method", "Metric", "Model", "Task")
    assert model.type_of(ChunkCandidate("x", "x", [], {"head=error"})) == "Metric"
    assert model.type_of(ChunkCandidate("x", "x", [], {"head=trick", "w1"})) == "Method"
    assert train(_toy_papers()) == model


def test_training_on_no_candidates_gives_a_model_that_chooses_nothing():
    model = train([PaperCandidates("p", [], [], (1, 0, 0), (1, 0, 0))])
    assert model.weights == {} and model.type_weights == {}
    assert model.chosen([ChunkCandidate("x", "x", [(0, 1)], {"telling"})]) == []


def test_the_shipped_weights_belong_to_this_extractor():
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert data["trained_on"]["extractor_version"] == EXTRACTOR_VERSION, "retrain: python -m bench.central_chunks"
    assert data["weights"] and data["type_weights"] and isinstance(data["threshold"], float)
    model = CentralityModel.load()
    assert len(model.types) == len(model.type_bias) == len(next(iter(model.type_weights.values())))


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"corpus not present at {CORPUS}")
def test_training_writes_the_shipped_weights(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    out = tmp_path / "weights.json"
    main(["--corpus", str(CORPUS), "--out", str(out)])
    assert out.read_bytes() == WEIGHTS_PATH.read_bytes(), "retrain: python -m bench.central_chunks"
    assert "<- chosen" in capsys.readouterr().out


def test_cross_validation_counts_a_gold_entity_once_and_types_the_extras():
    def candidate(text: str) -> ChunkCandidate:
        return ChunkCandidate(text.lower(), text, [(0, 1)], set())
    first, second, other = candidate("quux error"), candidate("quux errors"), candidate("FooNet trick")
    paper = PaperCandidates("p", [first, second, other], [(0, "metrics", True), (0, "metrics", True), None],
                            (2, 1, 1), (1, 0, 0))
    counts = _counts(paper, [(first, 1.0, "Metric"), (second, 0.5, "Metric"), (other, 0.5, "Method")])
    assert list(counts) == [2, 4, 2, 1, 3, 1]  # all: gold, predicted, hits; named: the same


def test_the_cross_validated_report_leaves_the_pipeline_its_own_model(nlp, tmp_path):
    empty = {category: [] for category in ("datasets", "models", "metrics", "methods", "baselines", "results")}
    papers = [{"id": f"p{i}", "text": f"We propose FooNet{i} for spectral widget folding. Spectral widget folding "
               "is hard.", "proposes": [f"FooNet{i}"], "tasks": ["spectral widget folding"], **empty}
              for i in range(8)]
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps({"papers": papers}), encoding="utf-8")
    golds = load_gold(gold)
    component = nlp.get_pipe("mlkg_central_chunks")
    shipped = component.model
    report = cross_validated_report(golds, paper_candidates(golds, nlp), 0.0, nlp)
    assert report.startswith("8 gold papers") and component.model is shipped


def test_training_says_in_one_line_what_is_wrong_with_its_input(tmp_path):
    with pytest.raises(SystemExit) as raised:
        main(["--gold", str(tmp_path / "missing.json"), "--out", str(tmp_path / "w.json")])
    assert str(raised.value).startswith("error: cannot read gold file") and not (tmp_path / "w.json").exists()


def test_a_score_is_exact_whatever_order_the_features_come_in():
    # 1e16 + 1 rounds back to 1e16, so a plain sum gets 1.0 only when the two large weights meet first; a set's
    # order follows the hash seed, so twenty such triples would not all come out right by luck
    weights = {f"{name}{i}": w for i in range(20) for name, w in (("big", 1e16), ("one", 1.0), ("minus", -1e16))}
    model = CentralityModel(weights, 0.0, 0.0)
    assert {model.score(ChunkCandidate("x", "x", [], {f"big{i}", f"one{i}", f"minus{i}"})) for i in range(20)} == {1.0}
