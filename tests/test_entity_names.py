"""Entity identity: names that must be one key and names that must not."""

from extract.entity_names import display_name, name_key, singular
from extract.names import has_shape, is_version, trim


def test_plural_acronym_is_singular():
    assert singular("SE-RRMs") == "SE-RRM"
    assert singular("LLMs") == "LLM"
    assert singular("large language models") == "large language model"
    assert singular("Adam") == "Adam"


def test_keys_fold_case_dashes_and_plurals():
    assert name_key("ARC-AGI-2") == name_key("ARC AGI 2") == name_key("arc–agi–2")
    assert name_key("RRMs") == name_key("RRM")
    assert name_key("ARC-AGI-1") != name_key("ARC-AGI-2")
    assert name_key("success rates") == name_key("success rate")


def test_display_name_decapitalises_sentence_position_only():
    assert display_name("Long-form video understanding", True) == "long-form video understanding"
    assert display_name("Long-form video understanding", False) == "Long-form video understanding"


def test_shape_signals():
    for word in ("ArenaRL", "SE-RRMs", "Qwen3", "t-SVD", "GPT-5", "VisDoMBench", "G²-Reader"):
        assert has_shape(word), word
    for word in ("Transformer", "reasoning", "9×9", "2D", "30-40", "https://x.io", "A", "day-0"):
        assert not has_shape(word), word


def test_versions_and_trimming():
    assert is_version("4.5") and is_version("229B") and is_version("M2.1")
    assert not is_version("Sonnet")
    text = "(CLIP-based),"
    start, end = trim(text, 0, len(text))
    assert text[start:end] == "CLIP"


def test_bayes_is_not_a_plural():
    assert singular("variational Bayes") == "variational Bayes"
    assert singular("Gaussian Processes") == "Gaussian Process"
