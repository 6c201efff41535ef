"""The spellings a lexicon name is matched under, one variant per test."""

from extract.lexicon_spellings import british, lexicon_spellings


def test_lower_case_terms_match_in_the_plural_and_with_a_space_for_a_hyphen():
    assert lexicon_spellings("meta-learning", "Method") == {"meta-learning", "meta-learnings", "meta learning",
                                                             "meta learnings"}


def test_names_with_capitals_match_in_title_case_and_opening_a_sentence():
    assert {"Hidden Markov Model", "hidden Markov model"} <= lexicon_spellings("hidden Markov model", "Method")
    assert "Offline RL" in lexicon_spellings("offline RL", "Method")
    assert "Librispeech" in lexicon_spellings("LibriSpeech", "Dataset")
    assert "Bleu" in lexicon_spellings("BLEU", "Metric") and "Map" not in lexicon_spellings("mAP", "Metric")


def test_british_spellings_of_ize_and_eling_endings():
    assert british("batch normalization") == "batch normalisation"
    assert british("language modeling") == "language modelling" and british("optimizers") == "optimisers"
    assert british("batch size") == "batch size" and british("label") == "label"  # no such ending
    assert "generalisation error" in lexicon_spellings("generalization error", "Metric")
    assert lexicon_spellings("ResNet-50", "Model") == {"ResNet-50", "ResNet-50s"}  # no British form for names
