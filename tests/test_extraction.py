"""The spaCy components on invented abstracts: each rule family with a sentence it must match and one it must not."""

import pytest

pytestmark = pytest.mark.slow


def by_name(result):
    return {e.name: e for e in result.entities}


def relations(result):
    names = {e.key: e.name for e in result.entities}
    return {(r.predicate, names[r.entity]) for r in result.relations}


def test_we_propose_a_named_method(extract_one):
    result = extract_one("Graph learning is hard. We propose FlowNetX, a sparse message passing framework for link prediction.")
    assert ("proposes", "FlowNetX") in relations(result)
    assert by_name(result)["FlowNetX"].type == "Method"
    assert result.label == "FlowNetX"


def test_a_name_someone_else_made_is_not_proposed(extract_one):
    result = extract_one("Prior work built FlowNetX for graphs. We study its failure modes on Planetoid graphs.")
    assert not any(p == "proposes" for p, _ in relations(result))


def test_named_as_marks_the_proposal(extract_one):
    result = extract_one("We present a retrieval framework for code search, named as CodeHopper, that reranks snippets.")
    assert ("proposes", "CodeHopper") in relations(result)


def test_abbreviation_and_long_form_are_one_entity(extract_one):
    result = extract_one("We introduce the Gated Lattice Transformer (GLT). GLT beats dense baselines.")
    names = by_name(result)
    assert "Gated Lattice Transformer" in names
    assert "GLT" in names["Gated Lattice Transformer"].aliases
    assert len([e for e in result.entities if "GLT" in (e.name, *e.aliases)]) == 1
    assert result.label == "Gated Lattice Transformer (GLT)"


def test_benchmark_head_and_evaluation_context_give_dataset(extract_one):
    result = extract_one("We propose FooRL. On the PuzzleGrid benchmark and MazeWorld-3, FooRL achieves higher success rates.")
    names = by_name(result)
    assert names["PuzzleGrid"].type == "Dataset"
    assert names["MazeWorld-3"].type == "Dataset"
    assert ("evaluatedOn", "PuzzleGrid") in relations(result)
    assert ("usesMetric", "success rate") in relations(result)


def test_model_by_family_and_parameter_count(extract_one):
    result = extract_one("We fine-tune Qwen2.5-7B-Instruct and Zephyr Tiny 13B with a new loss called HingeMix.")
    names = by_name(result)
    assert names["Qwen2.5-7B-Instruct"].type == "Model"
    assert names["Zephyr Tiny 13B"].type == "Model"
    assert ("usesModel", "Qwen2.5-7B-Instruct") in relations(result)


def test_outperforms_needs_our_work_as_subject(extract_one):
    ours = extract_one("We propose LeapNet. LeapNet outperforms ResNet-50 and ViT-B on image classification.")
    assert ("outperforms", "ResNet-50") in relations(ours)
    assert ("comparesWith", "ResNet-50") in relations(ours)
    theirs = extract_one("We propose LeapNet. Earlier, DeepFoo was believed to outperform ResNet-50 on image tasks.")
    assert ("outperforms", "ResNet-50") not in relations(theirs)


def test_task_from_head_noun_and_not_from_generic_words(extract_one):
    result = extract_one("We propose MapQ for visual question answering and image captioning tasks.")
    tasks = {e.name for e in result.entities if e.type == "Task"}
    assert {"visual question answering", "image captioning"} <= tasks
    generic = extract_one("Our method handles many complex tasks in various settings.")
    assert not [e for e in generic.entities if e.type == "Task"]


def test_metric_lexicon_is_case_aware(extract_one):
    result = extract_one("We propose RouteX, which maps inputs to experts and improves mAP by 3 points.")
    names = by_name(result)
    assert names["mAP"].type == "Metric"
    assert "maps" not in {n.lower() for n in names}


def test_evidence_points_into_the_original_markup(extract_one):
    text = r"We propose \textbf{ZetaFormer}, a model for $G^2$-graphs. ZetaFormer reaches 91.2\% accuracy on FooBench."
    result = extract_one(text)
    for relation in result.relations:
        ev = relation.evidence
        assert 0 <= ev.sentence_start <= ev.start < ev.end <= ev.sentence_end <= len(text)
        assert ev.sentence == text[ev.sentence_start : ev.sentence_end]
    proposed = [r for r in result.relations if r.predicate == "proposes"]
    assert proposed and text[proposed[0].evidence.start : proposed[0].evidence.end] == "ZetaFormer"


def test_urls_become_links(extract_one):
    text = r"We release FooKit. Code: \url{https://github.com/ foo/FooKit} and page https://foo.github.io/kit."
    result = extract_one(text)
    links = {(link.kind, link.url) for link in result.links}
    assert ("codeRepository", "https://github.com/foo/FooKit") in links
    assert any(kind == "projectPage" and url.startswith("https://foo.github.io/kit") for kind, url in links)


def test_no_entities_in_plain_prose(extract_one):
    result = extract_one("This is a short note about nothing in particular, written plainly.")
    assert result.entities == ()
    assert result.label.startswith("This is a short note")
