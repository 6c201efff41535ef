"""Entity identity: names that must be one key and names that must not."""

from extract.entity_names import display_name, name_key, singular
from extract.mentions import _word_before
from extract.names import has_shape, is_version, trim, wordforms


def test_plural_acronym_is_singular():
    assert singular("SE-RRMs") == "SE-RRM"
    assert singular("LLMs") == "LLM"
    assert singular("large language models") == "large language model"
    assert singular("Adam") == "Adam"
    # -es after ch, sh and zz goes whole ("patche" was a name); a word whose singular ends in -che keeps its e
    assert singular("deformable patches") == "deformable patch" and singular("3D meshes") == "3D mesh"
    assert singular("KV caches") == "KV cache"
    # a capitalised -ies plural ends in -y ("Flickr30K Entitie" was a name); a two-letter stem is a surname's
    assert singular("Flickr30K Entities") == "Flickr30K Entity" and singular("Evolution Strategies") == "Evolution Strategy"
    assert singular("Korteweg-de Vries") == "Korteweg-de Vries"
    assert name_key("Dense Associative Memories") == name_key("dense associative memory")
    # a network's name in the plural; not other names ending so, often a name's own plural
    assert singular("QuuxNets") == "QuuxNet" and name_key("FB-Nets") == name_key("FB-Net")
    assert singular("Seq2Tens") == "Seq2Tens" and singular("Transformers") == "Transformers"


def test_keys_fold_case_dashes_and_plurals():
    assert name_key("ARC-AGI-2") == name_key("ARC AGI 2") == name_key("arc–agi–2")
    assert name_key("RRMs") == name_key("RRM")
    assert name_key("ARC-AGI-1") != name_key("ARC-AGI-2")
    assert name_key("success rates") == name_key("success rate")
    assert name_key("Montezuma’s Revenge") == name_key("Montezuma's Revenge")  # typographic and plain apostrophes
    assert name_key("runtimes") == name_key("runtime") and name_key("autoencoders") == name_key("autoencoder")
    assert name_key("Adams") != name_key("Adam")  # a lone capitalised word may be a name


def test_display_name_decapitalises_sentence_position_only():
    assert display_name("Long-form video understanding", True) == "long-form video understanding"
    assert display_name("Long-form video understanding", False) == "Long-form video understanding"
    assert display_name("accuracies", False) == "accuracy" and display_name("transformers", False) == "transformer"
    assert display_name("Adams", False) == "Adams" and display_name("statistics", False) == "statistics"
    assert display_name("fps", False) == "fps" and name_key("fps") == name_key("FPS")  # frames per second


def test_shape_signals():
    for word in ("ArenaRL", "SE-RRMs", "Qwen3", "t-SVD", "GPT-5", "VisDoMBench", "G²-Reader", "Pl@ntWidget-300K"):
        assert has_shape(word), word
    # an e-mail address and a measure at a cutoff are no names
    for word in ("Transformer", "reasoning", "9×9", "2D", "30-40", "https://x.io", "A", "day-0", "Foo@bar.org",
                 "Hits@3", "NDCG@10"):
        assert not has_shape(word), word


def test_lower_case_names_with_digits():
    """Letters and digits run together name a thing in lower case too; ordinals, units, footnote marks, `l2`,
    `top-1` and flattened formulas do not."""
    for word in ("word2vec", "glyph2vec", "zork15k237", "mazes50", "tiny-zebra-003", "zebra-3.5-turbo", "orca-2-7b"):
        assert has_shape(word), word
    for word in ("l2", "q1", "top-1", "10-fold", "3rd-person", "22.4fps", "framework1", "frac12", "1-frac1e",
                 "1-nearest-neighbour", "two-layer", "x86"):
        assert not has_shape(word), word


def test_a_greek_letter_joined_to_a_noun_names_a_term():
    for word in ("λ-discrepancy", "α-zorbence", "β-mixing"):
        assert has_shape(word), word
    for word in ("ε-optimal", "δ-close", "γ-weakly", "ρ-replicable", "λ-ab"):  # a tolerance, a qualifier
        assert not has_shape(word), word


def test_versions_and_trimming():
    assert is_version("4.5") and is_version("229B") and is_version("M2.1")
    assert not is_version("Sonnet")
    assert not is_version("0.93") and is_version("0.5B") and is_version("v0.1")  # a fraction is a score
    text = "(CLIP-based),"
    start, end = trim(text, 0, len(text))
    assert text[start:end] == "CLIP"


def test_bayes_is_not_a_plural():
    assert singular("variational Bayes") == "variational Bayes"
    assert singular("Gaussian Processes") == "Gaussian Process"


def test_words_whose_final_s_is_no_plural_and_irregular_plurals():
    assert singular("multivariate time series") == "multivariate time series"
    assert singular("inductive biases") == singular("inductive bias") == "inductive bias"
    assert singular("kernel k-means") == "kernel k-means"
    assert singular("equalized odds") == "equalized odds"
    assert singular("low-rank matrices") == "low-rank matrix"
    assert singular("statistical analyses") == "statistical analysis"
    # "-ics" stays ("robotics", "sufficient statistics") but for the plurals of nouns in "-ic"
    assert singular("evaluation metrics") == "evaluation metric" and singular("greedy heuristics") == "greedy heuristic"
    assert singular("sufficient statistics") == "sufficient statistics" and singular("soft robotics") == "soft robotics"
    assert name_key("Time Series") == name_key("time series")


def test_the_head_before_a_preposition_is_made_singular():
    """The name's head, not the last word of its object: "mixtures of experts" is a mixture of experts."""
    assert singular("mixtures of experts") == "mixture of experts"
    assert singular("Embeddings from Language Models") == "Embeddings from Language Models"  # a title as written
    assert name_key("mixtures of experts") == name_key("mixture of experts") == name_key("mixture of expert")
    assert name_key("learning from demonstrations") == name_key("learning from demonstration")
    assert name_key("Adams") != name_key("Adam")  # a lone capitalised word may be a name


def test_a_count_of_thousands_or_millions_names_a_dataset_not_a_model():
    from extract.names import looks_like_dataset, looks_like_model
    from extract.rules import load_rules

    rules = load_rules()
    for name in ("Hotels-50K", "ADE 20K", "Flickr30K", "Clothing1M", "LAION-400M", "MovieLens 1M", "Human3.6M"):
        assert looks_like_dataset(name, rules) and not looks_like_model(name, rules), name
    # billions of parameters, or millions after a known model family, still make a model
    assert looks_like_model("Pythia-70M", rules) and looks_like_model("Llama-2 7B", rules)
    assert looks_like_model("GPT-2 124M", rules) and looks_like_model("Qwen3-235B-A22B", rules)
    assert not looks_like_dataset("R3M", rules) and not looks_like_dataset("M2M", rules)


def test_a_model_family_is_known_only_as_it_is_written():
    """A brand with inner capitals is the family only so written or in capitals; an acronym in lower case only as
    a model id (before a hyphen or digit); a plain spelling in any case."""
    from extract.rules import load_rules

    rules = load_rules()
    written = {"MiniMax-M2.1": "MiniMax", "DeepSeek-V3": "DeepSeek", "ERNIE-ViL": "Ernie", "gpt-3.5-turbo": "GPT",
               "bert-base-uncased": "BERT", "Bert-based": "BERT", "llama-2": "LLaMA", "Llama 2": "LLaMA"}
    for name, family in written.items():
        assert rules.family_of(name) == family, name
    for name in ("Minimax Regret Optimisation", "minimax extension", "bloom filter", "SaM", "Roberta"):
        assert rules.family_of(name) is None, name


def test_qa_after_a_space_names_a_task_not_a_benchmark():
    from extract.names import looks_like_dataset
    from extract.rules import load_rules

    rules = load_rules()
    assert looks_like_dataset("TriviaQA", rules) and looks_like_dataset("SQuAD-QA", rules)
    assert not looks_like_dataset("video QA", rules) and not looks_like_dataset("QA", rules)


def test_wordforms_give_trimmed_words_with_their_offsets():
    text = "We use K-EFCE—a variant (ours), in 2 steps."
    words = list(wordforms(text, 0, len(text)))
    assert [word for _, _, word in words] == ["We", "use", "K-EFCE", "a", "variant", "ours", "in", "2", "steps"]
    assert all(text[start:end] == word for start, end, word in words)


def test_word_before_a_name_skips_whitespace_only():
    text = "results on  ImageNet and (CIFAR-10)"
    assert _word_before(text, text.index("ImageNet")) == "on"
    assert _word_before(text, text.index("CIFAR")) == ""  # a bracket, not a word, comes before
    assert _word_before(text, 0) == ""
