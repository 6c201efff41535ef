"""The spaCy components on invented abstracts: each rule family with a sentence it must match and one it must not."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

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


def test_the_noun_that_names_a_name_types_it(extract_one):
    """"an approach called Deep Generic Segmentation (DGS)" is a method, proposed, though a task noun heads it."""
    result = extract_one("Prior work relied on edge detection. We propose an alternative approach called Deep "
                         "Generic Segmentation (DGS) for this problem.")
    assert by_name(result)["Deep Generic Segmentation"].type == "Method"
    assert ("proposes", "Deep Generic Segmentation") in relations(result)


def test_named_as_marks_the_proposal(extract_one):
    result = extract_one("We present a retrieval framework for code search, named as CodeHopper, that reranks snippets.")
    assert ("proposes", "CodeHopper") in relations(result)


def test_a_lower_case_name_after_a_naming_word_is_the_proposal(extract_one):
    """"an algorithmic framework, called hierarchical guidance": the name, not the noun it names, is proposed; the
    noun must be a type head ("a phenomenon called ..." names nothing) and the name two words or more."""
    result = extract_one("We propose an algorithmic framework, called hierarchical guidance, that leverages structure. "
                         "We observe a phenomenon called gradient starvation and a method called boosting.")
    assert ("proposes", "hierarchical guidance") in relations(result)
    assert by_name(result)["hierarchical guidance"].type == "Method"
    names = {n.lower() for n in by_name(result)}
    assert not names & {"algorithmic framework", "gradient starvation"}
    heuristic = extract_one("We show that a heuristic called minimum widget constraint that has been shown to help "
                            "in FooNet can also be applied to BarNet.")
    assert by_name(heuristic)["minimum widget constraint"].type == "Method"  # a heuristic is a method noun
    result = extract_one("Language models need large vocabularies. Our approach, called adaptive softmax, clusters "
                         "words by frequency.")
    assert ("proposes", "adaptive softmax") in relations(result)
    named = extract_one("Embeddings are vulnerable to an attack we call ``adversarial illusions''. We introduce "
                        "mechanisms, which we call staircase mechanisms.")
    assert {("proposes", "adversarial illusion"), ("proposes", "staircase mechanism")} <= relations(named)
    # a name ending in an "-ing" word the tagger read as a verb ends there, before the comma
    gerund = extract_one("We learn a gadget code that we call a layered widget embedding, from raw gadgets.")
    assert ("proposes", "layered widget embedding") in relations(gerund)


def test_lower_case_examples_a_plural_type_noun_lists_take_its_type(extract_one):
    """"methods such as X and Y": members of two words or more; a one-word or capitalised member is skipped, a
    phrase whose own head gives another type is none, and the list ends with the member after "and"."""
    result = extract_one("Existing methods such as boosting, belief propagation and mean field inference fail, "
                         "enabling effective normalization. Tasks such as answer selection or imbalanced datasets "
                         "are hard. Benchmarks such as occlusion levels are used.")
    names = by_name(result)
    assert names["belief propagation"].type == names["mean field inference"].type == "Method"
    assert names["answer selection"].type == "Task"
    assert not {n.lower() for n in names} & {"effective normalization", "imbalanced dataset", "occlusion level"}
    hyphenated = by_name(extract_one("Methods such as state-of-the-art deep networks and large-scale graph kernels "
                                     "fail. We find a phenomenon we call meta-out-of-context learning."))
    assert {"graph kernel", "meta-out-of-context learning"} <= set(hyphenated)
    assert not [n for n in hyphenated if "state-of-the-art" in n or "large-scale" in n]


def test_a_typographic_apostrophe_does_not_hide_a_known_name(extract_one):
    result = extract_one("We evaluate on hard-exploration games, including Montezuma’s Revenge.")
    assert by_name(result)["Montezuma’s Revenge"].type == "Dataset"


def test_a_name_that_only_modifies_a_proposal_leaves_it_whole(extract_one):
    result = extract_one("We propose a CNN-based framework for online tracking. CNN features are fast.")
    assert ("proposes", "CNN-based framework") in relations(result)
    assert ("proposes", "CNN") not in relations(result)


def test_a_method_phrase_opened_by_a_new_is_the_papers_own(extract_one):
    """"a new recursive pooling technique" is proposed, beside the name the paper repeats; "a new perspective" and
    "a novel approach" are no names, and the phrase must be opened by "a" or "our" ("the new method")."""
    result = extract_one("PoolNet summarises graphs. PoolNet relies on a new recursive pooling technique. "
                         "PoolNet offers a new perspective and a novel approach. PoolNet beats the new method.")
    found = relations(result)
    assert ("proposes", "recursive pooling technique") in found and ("proposes", "PoolNet") in found
    assert not {n.lower() for n in by_name(result)} & {"perspective", "approach", "method"}


def test_a_method_phrase_opened_by_our_is_the_papers_own(extract_one):
    """"our spline-based recalibration approach" is proposed; "our architecture design" (an activity's head) and
    "our method" (a generic head alone) are not."""
    result = extract_one("Calibration matters. On image datasets our spline-based recalibration approach consistently "
                         "outperforms existing methods. We explain our architecture design and our method.")
    found = relations(result)
    assert ("proposes", "spline-based recalibration approach") in found
    assert not {name for predicate, name in found if predicate == "proposes"} - {"spline-based recalibration approach"}


def test_a_method_phrase_after_the_proposed_is_the_papers_own_unless_proposed_earlier(extract_one):
    result = extract_one("Widgets matter. Experiments show the value of the proposed widget pooling layer, unlike "
                         "the previously proposed widget sorting layer.")
    found = relations(result)
    assert ("proposes", "widget pooling layer") in found and ("proposes", "widget sorting layer") not in found


def test_what_the_authors_provide_is_proposed_only_when_a_contribution_noun_heads_it(extract_one):
    """"we provide an evidence candidate selection strategy" is a contribution; "we provide a theoretical analysis
    of FooNet", "a provable algorithm" (two words) and "insights" are not, and FooNet is not proposed."""
    result = extract_one("We propose MeLU. In addition, we provide an evidence candidate selection strategy that "
                         "ranks items. We also provide a theoretical analysis of FooNet, a provable algorithm and "
                         "offer insights.")
    proposed = {name for predicate, name in relations(result) if predicate == "proposes"}
    assert proposed == {"MeLU", "evidence candidate selection strategy"}


def test_what_a_container_noun_holds_is_the_proposal(extract_one):
    """"a class of X": X is proposed, number words in its hyphenated words and all; "a number of X" holds no
    contribution."""
    result = extract_one("Testing is hard. We propose a class of kernel-based two-sample tests, which aim to "
                         "compare samples. Our work introduces a number of technical innovations.")
    assert ("proposes", "kernel-based two-sample test") in relations(result)
    assert not {n.lower() for n in by_name(result)} & {"class", "technical innovation"}


def test_a_method_the_authors_compare_theirs_with_is_compared(extract_one):
    """"with the X (XA) approach", hung by the parser on the compared object, is a comparison; a plural class of
    methods after "than" is not one named method."""
    result = extract_one("We compare our implementation of the Hessian approach with the well-established "
                         "disciplined convex programming (DCP) approach.")
    assert ("comparesWith", "disciplined convex programming") in relations(result)
    plural = extract_one("Our tracker runs faster than other state-of-the-art RL methods on MuJoCo.")
    assert not {name for predicate, name in relations(plural) if predicate == "comparesWith"}


def test_an_eponym_takes_its_method_noun_unless_known_or_cut_from_a_longer_name(extract_one):
    result = extract_one("We cluster with the Lloyd algorithm and solve with Picard iterations. Monte Carlo "
                         "methods are slow. We train with the Adam method.")
    names = by_name(result)
    assert {"Lloyd algorithm", "Picard iteration"} <= set(names)
    assert "Adam" in names and not {"Carlo method", "Adam method"} & set(names)


def test_an_eponym_opens_a_run_of_capitalised_words_but_is_no_name_alone(extract_one):
    result = extract_one("We fit a Gaussian Quux Model to widgets, then a Wasserstein FooNet. Gaussian Zork "
                         "Fields come next. A Gaussian prior helps, as does a toy mixture of Gaussians dataset.")
    names = set(by_name(result))
    assert {"Gaussian Quux Model", "Wasserstein FooNet", "Gaussian Zork Field"} <= names
    assert not {"Gaussian", "Gaussians", "Quux Model", "FooNet", "Zork Field"} & names


def test_an_eponym_before_index_names_a_measure_but_a_place_does_not(extract_one):
    result = extract_one("We rank widgets with the Quux index and compare against the Zork-Blorp index. In India "
                         "index funds grow.")
    names = set(by_name(result))
    assert {"Quux index", "Zork-Blorp index"} <= names and "India index" not in names


def test_state_of_the_art_before_a_noun_is_praise_not_part_of_a_name(extract_one):
    result = extract_one("FooNet beats state of the art widget clustering methods and a state of the art Generative "
                         "Adversarial Network, reaching state of the art performance of 91% accuracy.")
    names = set(by_name(result))
    assert "Generative Adversarial Network" in names and not [n for n in names if n.lower().startswith("art")]


def test_a_phrase_a_hyphenated_word_opens_is_read_whole(extract_one):
    # the parser makes "the-art" and "to-widget" chunks of their own, which hid the phrases they open
    result = extract_one("ZorbNet reaches state-of-the-art test accuracies of 71.5% and 64.2% on FooQA and BarQA. "
                         "It helps widget-to-widget translation and unconditional, class-conditional and "
                         "sequence-to-sequence gadget generation.")
    names = set(by_name(result))
    assert {"test accuracy", "widget-to-widget translation", "sequence-to-sequence gadget generation"} <= names
    assert not {"unconditional", "class-conditional"} & names and not [n for n in names if "state" in n]
    assert [r[0] for r in _results(result)] == ["71.5%", "64.2%"]


def test_a_word_before_rl_narrows_it_and_a_known_term_opening_a_sentence_keeps_its_lower_case(extract_one):
    result = extract_one("Offline RL is hard for widgets. We use distributional RL here. Latent Dirichlet "
                         "allocation helps too.")
    names = set(by_name(result))
    assert {"offline RL", "distributional RL", "latent Dirichlet allocation"} <= names and "RL" not in names


def test_natural_language_tasks_and_ood_detection_are_tasks_whole(extract_one):
    result = extract_one("We study natural language understanding and OOD detection with a Quux model.")
    tasks = {e.name for e in result.entities if e.type == "Task"}
    assert {"natural language understanding", "OOD detection"} <= tasks and "language understanding" not in tasks


def test_hyphenated_eponyms_take_their_method_noun_and_name_no_other_nouns_kind(extract_one):
    """"Kullback-Leibler divergence" is the name, not "Kullback-Leibler"; "Navier-Stokes equations" and
    "Cauchy-Uniform mixtures" give no name; "the Meta-Dataset benchmark" and "the Plackett-Luce model" keep theirs."""
    result = extract_one("We minimise the Kullback-Leibler divergence with a Metropolis-Hastings procedure. We solve "
                         "the Navier-Stokes equations with Cauchy-Uniform mixtures. We evaluate on the Meta-Dataset "
                         "benchmark under the Plackett-Luce model.")
    names = by_name(result)
    assert {"Kullback-Leibler divergence", "Metropolis-Hastings procedure", "Meta-Dataset", "Plackett-Luce"} <= set(names)
    assert not {"Kullback-Leibler", "Metropolis-Hastings", "Navier-Stokes", "Cauchy-Uniform"} & set(names)
    assert names["Meta-Dataset"].type == "Dataset"


def test_a_lone_modifier_coordinated_with_a_terms_first_word_shares_the_rest(extract_one):
    """"image and molecular generation tasks" name image generation too, "convolutional and recurrent neural
    networks" a convolutional one; not where the left conjunct is a phrase or a noun of its own ("object detection
    and semantic segmentation", "overfitting and feature selection") nor a repeated word."""
    result = extract_one("We evaluate our model on image and molecular generation tasks and compare convolutional "
                         "and recurrent neural networks. It improves object detection and semantic segmentation. "
                         "It trades off overfitting and feature selection, and cuts runtime and memory usage.")
    names = set(by_name(result))
    assert {"image generation", "molecular generation", "convolutional neural network", "recurrent neural network",
            "object detection", "semantic segmentation"} <= names
    assert not {"detection segmentation", "object segmentation", "overfitting selection", "runtime usage"} & names
    assert by_name(result)["memory usage"].type == "Metric"
    image = by_name(result)["image generation"]
    assert image.type == "Task"
    assert [m.text for m in image.mentions] == ["image and molecular generation"]  # the words that say it


def test_a_hyphenated_adjective_coordinated_with_a_terms_first_word_shares_the_rest(extract_one):
    names = set(by_name(extract_one("Our widget sampler extends to self-supervised or contrastive learning, trading "
                                    "speed-accuracy and convergence rate.")))
    assert {"self-supervised learning", "contrastive learning"} <= names
    assert "speed-accuracy rate" not in names  # a noun, not an adjective


def test_lone_task_nouns_listed_beside_a_named_task_are_tasks(extract_one):
    result = extract_one("We run the sampler for denoising, super-resolution, colorization and deblurring. "
                         "It trains on several tasks, predictions, and segmentation masks.")
    names = by_name(result)
    assert all(names[n].type == "Task" for n in ("super-resolution", "deblurring", "colorization"))
    assert not {"tasks", "predictions"} & set(names)
    alone = by_name(extract_one("We run the sampler for deblurring of widget photos."))
    assert "deblurring" not in alone  # a single word alone is no task
    removal = by_name(extract_one("Our cascaded widget network does single image glare removal."))
    assert removal["image glare removal"].type == "Task"


def test_a_task_noun_before_a_known_metric_says_whose_measure_it_is(extract_one):
    """"detection accuracy" and "predictive accuracy" are metrics of their own; "model accuracy", "worst-case
    regret" and "link prediction accuracy" (a task's name before the metric) keep the known metric alone."""
    result = extract_one("Our tracker raises the detection accuracy and predictive accuracy over model accuracy. "
                         "It bounds the worst-case regret and raises link prediction accuracy.")
    names = set(by_name(result))
    assert {"detection accuracy", "predictive accuracy", "accuracy", "regret", "link prediction"} <= names
    assert not {"model accuracy", "case regret", "prediction accuracy"} & names


def test_model_outputs_coordinated_adjectives_and_cut_words_are_no_tasks(extract_one):
    """"quantitative predictions" are what a model gives; "precise and flexible reasoning" joins two evaluative
    adjectives, not two tasks as "geometric and topological reasoning" does; "primal sub-" is what is left of
    "primal sub-problem". "semantic segmentation" stays a task."""
    result = extract_one("We test our quantitative predictions. The model needs precise and flexible reasoning. "
                         "Its primal sub-problem is convex. We study semantic segmentation. The benchmark spans "
                         "geometric and topological reasoning.")
    names = {n.lower() for n in by_name(result)}
    assert {"semantic segmentation", "geometric and topological reasoning"} <= names
    assert not {"quantitative prediction", "precise and flexible reasoning", "primal sub-"} & names


def test_a_translation_direction_is_no_name(extract_one):
    result = extract_one("We train on WMT English-German and evaluate on German-to-English and EnglishGerman pairs "
                         "with TransNet-2.")
    names = set(by_name(result))
    assert "TransNet-2" in names
    assert not {"English-German", "German-to-English", "EnglishGerman"} & names


def test_the_name_beside_the_proposed_object_is_the_proposal(extract_one):
    """"a novel distributional actor-critic framework, GMAC," proposes GMAC, not the phrase; "a novel training
    scheme called semantic softmax" is the authors' own without a "we propose"; "the use of X" proposes X, a known
    term it contains ("quasi-Newton") staying inside it."""
    result = extract_one("In this paper, we present a novel distributional actor-critic framework, GMAC, to address "
                         "such problems. Via a novel training scheme called semantic softmax, models benefit. We "
                         "propose the use of a carefully constructed proximal quasi-Newton algorithm for M-estimation.")
    found = {name for predicate, name in relations(result) if predicate == "proposes"}
    assert {"GMAC", "semantic softmax", "proximal quasi-Newton algorithm"} <= found
    assert "distributional actor-critic" not in found


def test_dates_countries_and_possessives_are_no_names(extract_one):
    """Months with their year and countries name no artifact; "AdaBoost's" is AdaBoost, and "Hebb's rule" names
    no Hebb."""
    result = extract_one("We present PolluNet, trained on data recorded in India from November 2020 to January 2021 "
                         "and in the UK. It keeps AdaBoost's convergence rate and follows Hebb's rule.")
    names = set(by_name(result))
    assert {"PolluNet", "AdaBoost"} <= names
    assert not {"India", "November 2020", "January 2021", "UK", "AdaBoost's", "Hebb", "Hebb's"} & names


def test_a_participle_after_a_hyphen_ends_a_name(extract_one):
    result = extract_one("On TabMWP, the GPT-4-powered planner beats an AI-assisted one.")
    assert "GPT-4" in by_name(result)
    assert not {n for n in by_name(result) if n.endswith(("-powered", "-assisted"))}


def test_names_listed_with_their_abbreviations_and_head_nouns_are_all_proposed(extract_one):
    """"we propose X (XA) algorithm and Y (YA) algorithm": both; an apposition ("SwiFT, a Swin Transformer
    architecture") names what the proposal is, not a second one."""
    result = extract_one("We propose Sampling and Contextual Decomposition (SCD) algorithm and Sampling and "
                         "Occlusion (SOC) algorithm. We also present SwiFT, a Swin Transformer architecture.")
    found = relations(result)
    assert {("proposes", "Sampling and Contextual Decomposition"), ("proposes", "Sampling and Occlusion")} <= found
    assert ("proposes", "Swin Transformer") not in found


def test_an_acronym_only_the_title_spells_out_takes_the_titles_words(extract_one):
    """"online MOT" under "Online Multi-Object Tracking ...": one entity, named and typed by the title's words;
    not from one hyphenated word ("High-Dimensional" for HD)."""
    result = extract_one("We propose a tracker for online MOT. Prior MOT work and HD methods are slow.",
                         title="Online Multi-Object Tracking with High-Dimensional Attention")
    names = by_name(result)
    assert names["Multi-Object Tracking"].type == "Task" and "MOT" in names["Multi-Object Tracking"].aliases
    assert "High-Dimensional" not in names
    # a network's acronym, spelt by the title's words and network word; the abstract's entity when it writes them
    net = extract_one("We propose FB-Net, a widget sorter. FB-Net wins on Quux.", title="Foo Bar Networks for Widgets")
    assert "FB-Net" in by_name(net)["Foo Bar Networks"].aliases
    both = extract_one("We introduce the foo bar network, a widget sorter. FBNet wins on Quux.",
                       title="Foo Bar Network for Widgets")
    assert [e.name for e in both.entities if "FBNet" in (e.name, *e.aliases)] == ["foo bar network"]
    # the letters must come from whole words: "Widget Sorting-Ranking Pre-Training" spells no WSRP
    cut = extract_one("We tune the widely used WSRP model. Our WSRP variant wins on Quux.",
                      title="Widget Sorting-Ranking Pre-Training with Gadget Graphs")
    assert "WSRP" in by_name(cut) and not [e.name for e in cut.entities if e.name.endswith("Pre")]


def test_a_type_noun_after_two_listed_names_types_both(extract_one):
    result = extract_one("FooNet reaches 34.3% and 46.0% in MOTA on the MOT15 and MOT16 benchmark dataset.")
    names = by_name(result)
    assert names["MOT15"].type == names["MOT16"].type == "Dataset" and names["MOTA"].type == "Metric"


def test_a_split_after_a_name_makes_it_a_dataset_and_metrics_listed_are_metrics(extract_one):
    result = extract_one("FooNet is tested on the ZorbCOCO validation set and the QuuxQA test split. Its rankings "
                         "agree with metrics such as GadgetMatch and WidgetScore.")
    names = by_name(result)
    assert names["ZorbCOCO"].type == names["QuuxQA"].type == "Dataset"
    assert names["GadgetMatch"].type == names["WidgetScore"].type == "Metric"


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


def test_what_a_method_rests_on_or_beats_is_no_dataset(extract_one):
    """"on X" in an evaluation sentence votes Dataset, but not "based on X" nor "gains over X"; "results based on
    X" is data again."""
    result = extract_one("In experiments, ICAs based on kernelized PolyKRs perform worse. Our experiments show gains "
                         "over the widely adopted SoftRG. Experimental results based on WebQueryBank show that our "
                         "model is better.")
    names = by_name(result)
    assert names["PolyKR"].type != "Dataset"
    assert names["SoftRG"].type != "Dataset"
    assert names["WebQueryBank"].type == "Dataset"


def test_an_abbreviation_of_a_task_is_the_task(extract_one):
    """A benchmark's shape ("...QA") in an abbreviation of a task's name does not make the task a dataset."""
    result = extract_one("We study video question answering (VideoQA). Experiments on TVQA show that our model "
                         "improves accuracy.")
    names = by_name(result)
    assert names["video question answering"].type == "Task"
    assert names["TVQA"].type == "Dataset"


def test_names_listed_as_models_are_models(extract_one):
    """"language models such as X, Y and Z", "pretrained models (X, Y)" list models, though "our model" is a
    method; authors cited in brackets are no list."""
    result = extract_one("We evaluate language models such as FooLM, BarGPT and Bazformer. Pretrained models "
                         "(QuuxLM, CorgeLM) do worse. Dialogue systems (Madotto, Wu, and Fung 2018) are cited.")
    names = by_name(result)
    assert {names[n].type for n in ("FooLM", "BarGPT", "Bazformer", "QuuxLM", "CorgeLM")} == {"Model"}
    assert not {"Madotto", "Wu", "Fung"} & set(names)


def test_the_plural_a_list_ends_with_types_its_names(extract_one):
    """"A, B and C datasets" are datasets, "A, B and other large language models" models; not the tasks of
    "question routing and answer selection models"."""
    result = extract_one("We evaluate on FooSet, BarSet and BazSet datasets. Our method works with FooLM, BarGPT "
                         "and other large language models. We study question routing and answer selection models.")
    names = by_name(result)
    assert {names[n].type for n in ("FooSet", "BarSet", "BazSet")} == {"Dataset"}
    assert {names[n].type for n in ("FooLM", "BarGPT")} == {"Model"}
    assert names.get("question routing") is None or names["question routing"].type != "Model"
    # a short bracket (a size, a version) after the last name does not end the list
    sized = by_name(extract_one("We evaluate QuuxRec on the Widgetflix and FooLens (10M) datasets."))
    assert sized["Widgetflix"].type == sized["FooLens"].type == "Dataset"


def test_an_algorithm_noun_types_a_long_form(extract_one):
    """"descent", "propagation", "regression" head methods: "as present in X (Y)" in a sentence that shows
    something does not make X a dataset."""
    result = extract_one("We show that opponent-aware modelling, as present in mirrored gradient descent (MGD), "
                         "strengthens training.")
    assert by_name(result)["mirrored gradient descent"].type == "Method"


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
    mine = extract_one("In this thesis I study image classification. My network outperforms ResNet-50 on ImageNet.")
    assert ("outperforms", "ResNet-50") in relations(mine)


def test_what_a_comparison_runs_on_is_no_baseline(extract_one):
    """Of "outperforms X and Y trained with Z" or "solvers for Z" only X and Y are compared; "of", "as", "like",
    "including" and "based on" lead to members of the object, which are."""
    result = extract_one("We propose LeapNet. LeapNet outperforms RNNsearch and ConvS2S trained with maximum likelihood "
                         "estimation. LeapNet also outperforms state-of-the-art solvers for SCP, DSP and MaxSAT. "
                         "LeapNet outperforms strong competitors such as NeuMF and a baseline based on HMMs.")
    compared = {name for predicate, name in relations(result) if predicate == "outperforms"}
    assert compared == {"RNNsearch", "ConvS2S", "NeuMF", "HMM"}


def test_examples_of_what_is_compared_are_compared(extract_one):
    """"better than other methods such as X" compares with X, as "than X" does."""
    result = extract_one("Methods such as BarNet are popular. We propose SplitDiag. SplitDiag yields better "
                         "generalization than other adaptive methods such as AdaGradX and NadaMax.")
    compared = {name for predicate, name in relations(result) if predicate == "comparesWith"}
    assert compared == {"AdaGradX", "NadaMax"}


def test_a_name_nothing_else_types_takes_its_head_nouns_type(extract_one):
    """A capitalised name is typed by its own head noun when nothing else types it, and "on X" does not make a
    task a dataset."""
    result = extract_one("Our system took part in Broad-Coverage Semantic Dependency Parsing. Experiments show "
                         "results on Visual Storytelling and report Macro Accuracy of 61.2%.")
    names = by_name(result)
    assert names["Broad-Coverage Semantic Dependency Parsing"].type == "Task"
    assert names["Visual Storytelling"].type == "Task"
    assert names["Macro Accuracy"].type == "Metric"


def test_what_the_authors_study_is_a_task(extract_one):
    """"we study X" makes X a task when an activity noun heads it; "the problem of X", "the X problem" too; not
    the object of an action ("the problem of segmenting graph sequences")."""
    result = extract_one("We study mechanism design for procurement auctions. We address the label noise problem "
                         "in deep graph models. We also study the problem of segmenting graph sequences. Finally "
                         "we investigate the question of identifiability.")
    tasks = {e.name for e in result.entities if e.type == "Task"}
    assert tasks == {"mechanism design", "label noise", "identifiability"}


def test_task_from_head_noun_and_not_from_generic_words(extract_one):
    result = extract_one("We propose MapQ for visual question answering and image captioning tasks.")
    tasks = {e.name for e in result.entities if e.type == "Task"}
    assert {"visual question answering", "image captioning"} <= tasks
    heads = extract_one("We propose ArgNet for argument mining and grammar induction, and evaluate it on document "
                        "summarisation.")
    assert {"argument mining", "grammar induction", "document summarisation"} <= {
        e.name for e in heads.entities if e.type == "Task"}
    generic = extract_one("Our method handles many complex tasks in various settings.")
    assert not [e for e in generic.entities if e.type == "Task"]
    purpose = extract_one("We present XNV, a fast semi-supervised algorithm for classification and regression. We "
                          "solve the point-to-plane assignment problem. Prediction is hard.")
    tasks = {e.name for e in purpose.entities if e.type == "Task"}
    assert {"classification", "point-to-plane assignment"} <= tasks and "Prediction" not in tasks
    fields = extract_one("Transformers excel at natural language processing tasks and in Computer Vision, with a "
                         "small learning rate of 0.1.")
    assert not {e.name.lower() for e in fields.entities} & {"language processing", "natural language processing",
                                                             "computer vision", "learning rate"}


def test_a_metric_noun_needs_a_number_or_a_measuring_phrase(extract_one):
    """"in terms of X" names what results are measured in; without it or a number a metric noun is no entity."""
    measured = extract_one("We propose FooRL, which beats prior agents in terms of task completion rate and "
                           "relative error.")
    assert {"task completion rate", "relative error"} <= {e.name for e in measured.entities if e.type == "Metric"}
    unmeasured = extract_one("We propose FooRL. The task completion rate is a concern.")
    assert not [e for e in unmeasured.entities if e.type == "Metric"]


def test_a_known_method_word_heading_into_a_measure_is_part_of_the_metric(extract_one):
    names = by_name(extract_one("Our codebook grids do worse than FooMap in terms of quantization error."))
    assert names["quantization error"].type == "Metric"
    assert "quantization" not in names


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


def _results(result):
    names = {e.key: e.name for e in result.entities}
    return [(r.value_text, r.value, r.unit, names[r.metric], names[r.entity], names.get(r.dataset)) for r in result.results]


def test_reported_numbers_become_results(extract_one):
    text = (r"We propose ZetaFormer, a retrieval model. ZetaFormer reaches 91.2\% accuracy on FooBench, "
            r"outperforming a standalone GPT-4o (80.5\%). It also gives a 2.5$\times$ speedup.")
    found = _results(extract_one(text))
    assert ("91.2\\%", "91.2", "%", "accuracy", "ZetaFormer", "FooBench") in found
    assert ("80.5\\%", "80.5", "%", "accuracy", "GPT-4o", "FooBench") in found
    assert any(value == "2.5" and unit == "×" and metric == "speedup" for _, value, unit, metric, _, _ in found)


def test_a_list_of_numbers_shares_its_metric_and_pairs_with_the_datasets_listed_after_it(extract_one):
    text = ("We propose ZetaFormer. ZetaFormer improves the translation quality by 1.7 and 1.2 BLEU points. "
            "ZetaFormer reaches 72.3%, 76.4% and 74.2% mIoU on FooSet, BarSet and BazSet, and 66.8% mIoU on QuxSet.")
    found = {(value, metric, dataset) for _, value, _, metric, _, dataset in _results(extract_one(text))}
    assert {("1.7", "BLEU", None), ("1.2", "BLEU", None)} <= found
    assert {("72.3", "mIoU", "FooSet"), ("76.4", "mIoU", "BarSet"), ("74.2", "mIoU", "BazSet"),
            ("66.8", "mIoU", "QuxSet")} <= found


def test_the_next_dataset_s_number_keeps_the_measure_and_our_abbreviated_name_is_proposed(extract_one):
    """"Our foo regularized network (FR-Net) improves FID from 14.73 to 11.48 on FooSet and from 8.73 to 6.66 on
    BarSet": both new values are FID results of the named, abbreviated proposal; a number after other words is not."""
    text = ("We study training stability. Our foo regularized network (FR-Net) improves FID scores from 14.73 to "
            "11.48 on FooSet and from 8.73 to 6.66 on BarSet. It was trained for 2.5 days.")
    result = extract_one(text)
    found = {(value, metric, entity, dataset) for _, value, _, metric, entity, dataset in _results(result)}
    assert {("11.48", "FID", "foo regularized network", "FooSet"), ("6.66", "FID", "foo regularized network", "BarSet")} <= found
    assert ("proposes", "foo regularized network") in relations(result)
    assert not {value for value, *_ in found} & {"14.73", "8.73", "2.5"}


def test_a_range_is_one_result_from_its_lower_to_its_upper_end(extract_one):
    """"2-4x", "90%-94%": one result, valued at the lower end, with the upper one; not a negative "-94%" beside a
    90%, and no range where the second number is smaller or no unit follows ("3-5 layers")."""
    result = extract_one("We propose ZetaNet. ZetaNet gives a speedup of 2-4x and reaches 90%-94% accuracy on "
                         "FooBench with 3-5 layers.")
    names = {e.key: e.name for e in result.entities}
    found = {(r.value_text, r.value, r.upper, r.unit, names[r.metric]) for r in result.results}
    assert found == {("2-4x", "2", "4", "×", "speedup"), ("90%-94%", "90", "94", "%", "accuracy")}


def test_counts_and_unrelated_numbers_are_not_results(extract_one):
    text = ("We propose ZetaFormer with 2 million parameters, trained in 2024. With only 3% data corruption, "
            "the attack reaches an attack success rate above 90%. The error drops from 4.8% to 0.9% error rate.")
    found = _results(extract_one(text))
    values = sorted(value for _, value, *_ in found)
    assert "2" not in values and "2024" not in values and "3" not in values and "4.8" not in values
    assert "90" in values
    named = _results(extract_one("On FooQA, ZetaNet raises the best earlier score from 61.5% F1 to 64.2%."))
    assert sorted(value for _, value, *_ in named) == ["64.2"]  # the metric named between the two numbers
    counted = _results(extract_one("ZetaNet brings a 3.5% mAP gain with only 1.7M extra parameters on QuuxSet, and "
                                   "BarNet a 1.1% mAP gain with 12.5M."))
    assert sorted(value for _, value, *_ in counted) == ["1.1", "3.5"]  # "1.7M" is a count, not an mAP


def test_a_factor_and_a_whole_number_a_metric_names_are_results(extract_one):
    text = ("We propose ZetaPipe, a pipeline for video analytics. ZetaPipe improves the execution time by a factor "
            "of 3 on FooBench and obtains a mean score of 8,400 on BarBench. Its recall of 78-83% varies, and "
            "it gives a speedup of 5 orders of magnitude.")
    found = _results(extract_one(text))
    assert ("factor of 3", "3", "×", "execution time", "ZetaPipe", "FooBench") in found
    assert ("8,400", "8400", "", "mean score", "ZetaPipe", "BarBench") in found
    values = [value for _, value, *_ in found]
    assert values.count("78") == 1 and "83" not in values  # one range, "78-83%", valued at its lower end
    assert "5" not in values  # a count of orders of magnitude
    decibels = _results(extract_one("We propose ZetaOptics, which improves the PSNR by more than 7 dB on FooBench."))
    assert ("7 dB", "7", "dB", "PSNR", "ZetaOptics", "FooBench") in decibels
    # a metric written as the whole number's unit makes it a value; a plural noun there counts things
    unit = _results(extract_one("We propose ZetaTrack, which runs at 40 FPS on FooBench and finds 2916 label errors "
                                "there."))
    assert [(value, metric) for _, value, _, metric, *_ in unit] == [("40", "FPS")]
    # a range before such a metric is one result at its lower end, not its upper end alone
    ranged = extract_one("We propose ZetaTrack, which gains 1 to 3 BLEU points and runs at 20-30 FPS on FooBench.")
    names = {e.key: e.name for e in ranged.entities}
    assert {(r.value_text, r.value, r.upper, names[r.metric]) for r in ranged.results} == {
        ("1 to 3", "1", "3", "BLEU"), ("20-30", "20", "30", "FPS")}


def test_a_gerund_narrows_a_measure_and_in_terms_of_or_a_colon_joins_metric_and_number(extract_one):
    # the parser reads "improves decoding speed" as a verb over "speed"; "in terms of" stands between value and metric
    result = extract_one("We propose ZetaGen, a sampler. ZetaGen improves decoding speed by 3x on FooBench and "
                         "achieves 18.5% improvement in terms of recall on BarBench.")
    assert {(value, metric, dataset) for _, value, _, metric, _, dataset in _results(result)} == {
        ("3", "decoding speed", "FooBench"), ("18.5", "recall", "BarBench")}
    # a known metric labelling the value after a colon: "(MOS: 4.1 ...)"
    labelled = extract_one("We propose ZetaVoc, a vocoder. ZetaVoc matches a strong FooNet vocoder in speech quality "
                           "(MOS: 4.1 versus 4.0).")
    assert [(value, metric, entity) for _, value, _, metric, entity, _ in _results(labelled)][:1] == [
        ("4.1", "MOS", "ZetaVoc")]


def test_results_in_percent_words_on_the_next_dataset_and_of_a_subject_in_apposition(extract_one):
    """"percent", "percentage points" and "N times" before a comparison are units; a number after "54.6% accuracy on
    A and" is the same measure on the next dataset; a name in apposition to the subject is what the number is for, on
    the benchmark the paper introduces when the sentence names none."""
    def found(text):
        result = extract_one(text)
        names = {e.key: e.name for e in result.entities}
        return {(r.value_text, r.unit, names[r.metric], names.get(r.entity), names.get(r.dataset))
                for r in result.results}

    assert found("We propose ZetaNet, which lowers the error rate to 0.09 percent on FooSet and improves the F-score "
                 "by 2.4 percentage points on BarSet.") == {
        ("0.09 percent", "%", "error rate", "ZetaNet", "FooSet"),
        ("2.4 percentage points", "points", "F-score", "ZetaNet", "BarSet")}
    assert found("We propose ZetaNet. It reaches 54.6% accuracy on FooSet and 43.9% on BarSet.") == {
        ("54.6%", "%", "accuracy", "ZetaNet", "FooSet"), ("43.9%", "%", "accuracy", "ZetaNet", "BarSet")}
    assert ("70.2%", "%", "accuracy", "QuuxNet", "ZorbBench") in found(
        "We introduce ZorbBench, a benchmark of widget puzzles. Our strongest baseline, the gadget-based QuuxNet, "
        "reaches an accuracy of 70.2%.")
    # a range with "to" and its unit at both ends is one result; "5 billion" is a count, not a value
    assert {(value, unit) for value, unit, *_ in found("We propose ZetaNet, which gives a 3.5x to 10.5x speedup on "
                                                       "FooSet.")} == {("3.5x to 10.5x", "×")}
    assert {value for value, *_ in found("Using a network with a computational cost of 5 billion multiply-adds per "
                                         "inference, ZetaNet reaches 21.2% top-1 error on FooSet.")} == {"21.2%"}
    # numbers joined by slashes share the metric after the last ("1.2%/1.4% word error rate")
    assert {value for value, *_ in found("We propose ZetaNet, which yields 1.2%/1.4%/27.2% word error rate on "
                                         "FooSet.")} == {"1.2%", "1.4%", "27.2%"}
    # "N times" is a ratio before a comparison, a count elsewhere
    assert found("We propose ZetaNet, which gives a 27 times speedup on FooSet. We run each test 5 times and report "
                 "the accuracy 3 times per epoch.") == {("27 times", "×", "speedup", "ZetaNet", "FooSet")}


def test_a_metric_that_is_the_subject_of_the_verb_names_a_distant_number(extract_one):
    text = ("We propose ZetaLoc for 3D localization. On FooBench the accuracy of predicting the depth of each "
            "object in space can reach 96.25%. The mean average precision of BarDet drops 68.3% on FooBench, "
            "and the accuracy of many vanilla classifiers drops to 10%.")
    found = _results(extract_one(text))
    assert ("96.25%", "96.25", "%", "accuracy", "ZetaLoc", "FooBench") in found
    assert any(value == "68.3" and entity == "BarDet" for _, value, _, _, entity, _ in found)
    assert not any(value == "10" for _, value, *_ in found)  # a number of things the paper does not name


def test_a_name_opening_a_clause_after_a_comma_takes_no_hint_from_the_phrase_before(extract_one):
    text = ("This paper proposes ZetaSGD, a new dynamic learning rate schedule for stochastic optimization. Owing "
            "to this simple yet provably valid stationarity detection, ZetaSGD is easy to implement.")
    result = extract_one(text)
    types = {e.name: e.type for e in result.entities}
    assert types["ZetaSGD"] == "Method"  # not a Task, which "stationarity detection" is
    assert ("proposes", "zetasgd") in {(r.predicate, r.entity) for r in result.relations}


def test_a_numbered_edition_ends_a_dataset_name(extract_one):
    result = extract_one("We apply the algorithm to the Caltech-UCSD Birds 200-2011 dataset and to FooNet 3-5 times.")
    names = by_name(result)
    assert names["Caltech-UCSD Birds 200-2011"].type == "Dataset"
    assert "FooNet 3-5" not in names  # a range of numbers, no edition


def test_a_comma_list_of_tasks_gives_each_item_its_own_name(extract_one):
    """"panoptic segmentation, depth prediction" are two tasks, "memory, learning and spatial navigation" gives
    spatial navigation alone, and "analysis i.e." is no task."""
    result = extract_one("It helps panoptic segmentation, depth prediction and memory, learning and spatial navigation "
                         "in the downstream tasks of time series analysis i.e., anomaly detection.")
    names = set(by_name(result))
    assert {"panoptic segmentation", "depth prediction", "spatial navigation", "anomaly detection"} <= names
    assert not [name for name in names if "," in name or name.endswith(".")]


def test_no_name_opens_with_a_symbol_or_ends_cut_off(extract_one):
    result = extract_one("These models cannot capture the interactions involved in problems such as video "
                         "description/captioning, where the relationship is complex. As argued by /Kaplan and "
                         "/Jensen, a map f:R→ R and the -norm of the Deep Implicit Surface Net- work matter. It is "
                         "unclear how to set its hyperparameter(s) (HPs). We focus on few-shot object detection~(FSOD) "
                         "and instance segmentation~(FSIS), which requires a model.")
    assert not [e.name for e in result.entities
                if not e.name[0].isalnum() or not e.name[-1].isalnum() or e.name.count("(") != e.name.count(")")]


def test_a_plain_capitalised_word_before_a_dataset_noun_names_the_dataset(extract_one):
    """"the MSVD and Charades datasets" names Charades; "an Indian dataset" and "an English corpus" say whose or
    which language's data, and "Bellman constraints" names no dataset at all."""
    result = extract_one("Evaluation on the challenging and popular MSVD and Charades datasets show that the model "
                         "wins. We also collect an Indian dataset, an English corpus and Bellman constraints.")
    names = by_name(result)
    assert names["Charades"].type == "Dataset" and ("evaluatedOn", "Charades") in relations(result)
    assert not {"Indian", "English", "Bellman"} & set(names)


def test_an_apposition_types_a_name_by_its_head_noun(extract_one):
    text = ("We release Zorblax, a multilingual reasoning benchmark with 5k questions, and train Quuxal, a model "
            "proposed here. Zorblax is hard for Quuxal.")
    types = {e.name: e.type for e in extract_one(text).entities}
    assert types["Zorblax"] == "Dataset"  # the head, not the first word ("multilingual")
    assert types["Quuxal"] == "Model"  # "model" by the first word, where the last ("proposed") names no type


def test_known_names_only_the_title_gives_are_used_with_the_title_as_evidence(extract_one):
    text = "We segment Urdu words with a new tagger. Experiments on a new corpus show clear gains."
    result = extract_one(text, title="Word Segmentation using CRFs and a RoBERTa-based Tagger")
    relations = {r.entity: r for r in result.relations}
    types = {e.key: e.type for e in result.entities}
    assert types.get("crf") == types.get("roberta") == "Model"
    for key in ("crf", "roberta"):
        assert relations[key].predicate == "usesModel" and relations[key].evidence.in_title  # not proposed
    longer = extract_one(text, title="Perceptual-Sensitive GAN for Generating Adversarial Patches")
    assert "gan" not in {e.key for e in longer.entities}  # the end of a longer title-case name
    title_case = extract_one(text, title="Modular RoBERTa-based Taggers for Urdu")
    assert "roberta" in {e.key for e in title_case.entities}  # a capitalised word before, but "-based" after


def test_known_terms_only_the_title_gives_are_used_with_the_title_as_evidence(extract_one):
    """A term of the lexicon in a title ("Variational Inference") that the abstract never names is used, in lower
    case; not where the abstract names a longer one ending alike, nor a term of one word."""
    text = "We study probabilistic models over sets and propose L-Field, a fast solver."
    result = extract_one(text, title="From MAP to Marginals: Variational Inference in Bayesian Submodular Models")
    names = {e.key: e.name for e in result.entities}
    found = {names[r.entity]: r for r in result.relations}
    assert found["variational inference"].predicate == "usesMethod" and found["variational inference"].evidence.in_title
    longer = extract_one("We scale black-box variational inference to large sets.",
                         title="Variational Inference for Sets, with Attention")
    assert {e.name for e in longer.entities} & {"variational inference", "attention"} == set()


_PIECES = ["We propose", "We introduce", r"\textbf{ZetaNet}", "$G^2$-Reader", "**Fo**oBench", "*hallucinations*",
           "ARC-AGI-2", "Qwen3-VL-32B-Instruct", r"91.2\%", "accuracy", "on", "the", "benchmark", ",", ".", "(", ")",
           "``quoted''", "9$\\times$9", "\n", "  ", "\u200b", "https://github.com/ a/b", r"\url{https://x.io/ y/z}",
           "outperforms", "GPT-5", "(53.1\\%)", "image captioning tasks", "é", "<b>", "\x07"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=40).map(" ".join))
def test_every_evidence_span_is_the_original_text(extract_one, text):
    result = extract_one(text)
    evidences = [r.evidence for r in result.relations] + [link.evidence for link in result.links]
    evidences += [r.evidence for r in result.results]
    for ev in evidences:
        assert 0 <= ev.sentence_start <= ev.start < ev.end <= ev.sentence_end <= len(text)
        assert ev.sentence == text[ev.sentence_start : ev.sentence_end]
    for entity in result.entities:
        for mention in entity.mentions:
            assert text[mention.start : mention.end] == mention.text
    for found in result.results:
        assert text[found.evidence.start : found.evidence.end] == found.value_text


def test_worker_processes_give_the_same_facts_as_one(nlp):
    """--workers N: batches run in forked processes and come back in input order, fact for fact."""
    from extract.facts import Paper
    from extract.pipeline import extract_papers
    from kg.readers import bundled_corpus_path, read_corpus

    papers = read_corpus([bundled_corpus_path()]).papers
    one = list(extract_papers(papers, nlp, batch_size=4))
    two = list(extract_papers(papers, nlp, batch_size=4, workers=2))
    assert [f.paper.id for f in two] == [p.id for p in papers]
    assert two == one
    assert any(f.entities for f in two)
    assert isinstance(two[0].paper, Paper)


def test_extraction_raises_the_collector_threshold_only_while_it_runs(nlp):
    """The young-generation threshold is raised while papers are extracted and is back as it was afterwards, also
    when two extractions interleave."""
    import gc

    from extract.facts import Paper
    from extract.pipeline import GC_YOUNG_THRESHOLD, extract_papers

    papers = [Paper(id=f"p{i}", abstract="We evaluate BERT on SQuAD.") for i in range(3)]
    original = gc.get_threshold()
    try:
        gc.set_threshold(700, *original[1:])
        first, second = extract_papers(papers, nlp), extract_papers(papers, nlp)
        next(first)
        assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
        next(second)
        list(first)
        list(second)
        assert gc.get_threshold() == (700, *original[1:])
        gc.set_threshold(50_000, *original[1:])  # a caller's own higher threshold is never lowered
        next(extract_papers(papers, nlp))
        assert gc.get_threshold()[0] == 50_000
    finally:
        gc.set_threshold(*original)


def test_an_unnamed_contribution_is_proposed(extract_one):
    result = extract_one("Labels are often noisy. We propose a noise adaptation layer that learns the noise distribution. "
                         "We present results on two tasks.")
    assert ("proposes", "noise adaptation layer") in relations(result)
    assert not any(name.endswith("result") or name.endswith("results") for _, name in relations(result))


def test_what_the_authors_do_something_by_making_is_proposed(extract_one):
    """"we tackle X by developing Y": the gerund after "by" is the authors' verb; not where others are its subject."""
    result = extract_one("We tackle widget drift by developing a quux sampling scheme. The quux sampling scheme is "
                         "fast.")
    assert ("proposes", "quux sampling scheme") in relations(result)
    result = extract_one("Prior work tackles widget drift by developing a quux sampling scheme. We study it.")
    assert not any(p == "proposes" for p, _ in relations(result))


def test_a_name_after_an_opening_phrase_s_comma_is_the_clause_subject_not_a_list_member(extract_one):
    """"With comparable computational complexity, FooNet clearly outperforms ...": no list of measures, though an
    adverb stands between the name and its verb."""
    result = extract_one("We propose Quux Widget Routing (QWR). With comparable computational complexity, QWR clearly "
                         "outperforms the prior methods on FooBench.")
    assert ("proposes", "Quux Widget Routing") in relations(result)
    assert by_name(result)["Quux Widget Routing"].type != "Metric"


def test_a_name_with_small_words_after_a_naming_verb(extract_one):
    result = extract_one("Our approach, which we name Contrast to Divide, separates clean labels from noisy ones.")
    assert ("proposes", "Contrast to Divide") in relations(result)


def test_words_that_say_how_a_known_name_was_made_do_not_narrow_it(extract_one):
    """"a trained BERT" is BERT and "the well-known Transformer" the Transformer; "collapsed" still narrows."""
    result = extract_one("We compare a trained BERT, the well-known Transformer and a collapsed Gibbs sampler, and "
                         "note that outperforming CNNs is hard.")
    assert {"BERT", "Transformer", "collapsed Gibbs sampler", "CNN"} <= set(by_name(result))


def test_a_known_word_inside_a_longer_name_stays_in_it(extract_one):
    names = by_name(extract_one("We present Compositional Attention Networks, a differentiable reasoning architecture."))
    assert "Compositional Attention Network" in names
    assert "attention" not in {n.lower() for n in names}


def test_cited_authors_and_clause_openers_are_not_entities(extract_one):
    result = extract_one("Kirov and Cotterell (2018) argue otherwise, as did Marcus et al. (1995). "
                         "We ask the question: Can we train it faster? It converges.")
    assert not {"Kirov", "Cotterell", "Marcus", "Can", "It"} & set(by_name(result))


def test_pieces_of_formulas_are_not_names(extract_one):
    result = extract_one(r"The rate improves from $O(\sqrt{nT})$ to $O(T^{2/3})$ over FooNet.")
    assert all("^" not in name and "√" not in name for name in by_name(result))
    sizes = extract_one(r"We bound the Quux ratio $\frac{|A_1 \cap B_2|}{|A_1|}$ and |W3| for FooNet.")
    assert set(by_name(sizes)) == {"FooNet"}  # no "frac|A1" nor "B2||A1": a bar is no part of a name


def test_architectures_are_models(extract_one):
    names = by_name(extract_one("We train LSTMs and a graph neural network on molecules and compare with Transformers."))
    assert names["LSTM"].type == "Model"
    assert names["graph neural network"].type == "Model"


def test_a_name_the_title_opens_with_is_proposed(extract_one):
    text = "Sequence models are slow. TensoRank stacks low-rank projections and runs on long sequences."
    assert ("proposes", "TensoRank") in relations(extract_one(text, title="TensoRank: Fast Sequence Features"))
    assert ("proposes", "TensoRank") not in relations(extract_one(text, title="Fast Sequence Features from Projections"))
    assert ("proposes", "TensoRank") not in relations(extract_one(text))
    for slogan in ("Widgets Not Gadgets", "Widgets vs Gadgets", "Rank or Sort"):  # contrasts, no names
        contrast = extract_one(text, title=f"{slogan}: Fast Sequence Features")
        assert slogan not in by_name(contrast) and ("proposes", "TensoRank") not in relations(contrast)
    toward = extract_one(text, title="Towards Robust Image Segmentation: Fast Sequence Features")
    assert "Towards Robust Image Segmentation" not in by_name(toward)  # a function word opens a phrase, not a name
    assert by_name(toward)["Image Segmentation"].type == "Task"  # nor an evaluative word ("Robust"), as in chunks


def test_a_plural_data_noun_before_listed_names_types_them_and_hyphenless_known_names_keep_their_type(extract_one):
    names = by_name(extract_one("Our model beats prior methods on the photo datasets FOOFace and BarFace. In grid "
                                "environments QuuxRL can find keys. Images from CIFAR10 and FashionMNIST are resized."))
    assert names["FOOFace"].type == "Dataset" and names["BarFace"].type == "Dataset"
    assert names["QuuxRL"].type != "Dataset"  # the subject of a clause, not a listed member
    assert names["CIFAR10"].type == "Dataset" and names["FashionMNIST"].type == "Dataset"


def test_behavior_cloning_is_known_in_both_spellings_of_its_adjective(extract_one):
    names = by_name(extract_one("FooTran trains a closed-loop behavior cloning policy; BarTran uses behavioral cloning."))
    assert "behavioral cloning" in names and any(name.endswith("behavior cloning") for name in names)


def test_released_code_is_no_contribution(extract_one):
    result = relations(extract_one("FooNet sorts widgets. We release our full source code for FooNet online."))
    assert not any(name.endswith("source code") for _, name in result)


def test_hardware_is_no_name(extract_one):
    names = by_name(extract_one("We deploy FooQuant on FPGA, DSP, ASIC, CPU and GPU boards."))
    assert not {"ASIC", "DSP", "FPGA", "CPU", "GPU"} & set(names)


def test_an_eponym_before_loss_names_a_method(extract_one):
    assert "Voronoi-Quux loss" in by_name(extract_one("We train the segmenter with the Voronoi-Quux loss."))
    assert "Quuxham distribution" in by_name(extract_one("We model rotations with the Quuxham distribution."))
    noise = by_name(extract_one("We explore with Quux-Lemberg noise before the final widget segmentation."))
    assert "Quux-Lemberg noise" in noise
    assert "widget segmentation" in noise and "final widget segmentation" not in noise


def test_a_name_apposed_to_the_object_two_joined_verbs_share_is_proposed(extract_one):
    result = relations(extract_one("We introduce and analyse a particular widget model, the QuuxGame, which ranks "
                                   "widgets."))
    assert ("proposes", "QuuxGame") in result


def test_a_capitalised_verb_after_a_list_marker_is_no_name(extract_one):
    names = by_name(extract_one("We propose a two-stage widget method that (a) Learns a widget classifier, and (b) "
                                "Learns a widget ranker. It has two stages, (i) Domain Folding, which maps signals, "
                                "and (ii) Domain Folding of labels."))
    assert "Learns" not in names
    assert "Domain Folding" in names


def test_a_known_name_the_title_opens_with_is_proposed_where_shaped_as_a_name(extract_one):
    text = "Deep nets degrade with depth. ResNet adds skip paths around each stack of layers."
    assert ("proposes", "ResNet") in relations(extract_one(text, title="ResNet: Skipping Through Depth"))
    assert ("proposes", "ResNet") not in relations(extract_one(text, title="Skipping Through Depth"))
    plain = "Gradient descent has a step size. We study gradient descent on sharp losses."
    assert ("proposes", "gradient descent") not in relations(extract_one(plain, title="Gradient Descent: A Study"))


def test_each_phrase_of_its_own_joined_to_the_authors_object_is_proposed(extract_one):
    result = relations(extract_one("To speed up decoding we propose a gate folding technique for encoders and a "
                                   "novel two-phase warmup strategy for decoders."))
    assert ("proposes", "gate folding technique") in result
    assert ("proposes", "two-phase warmup strategy") in result
    listed = relations(extract_one("We introduce a sparse orbit loss, a dense orbit loss, and a spin parity loss."))
    assert {("proposes", "sparse orbit loss"), ("proposes", "dense orbit loss"), ("proposes", "spin parity loss")} <= listed
    refused = relations(extract_one("We propose a widget ranking method that avoids the label cost of supervised "
                                    "ranking, nor the compute cost of exhaustive search."))
    assert ("proposes", "compute cost") not in refused


def test_a_name_in_apposition_to_our_algorithm_is_proposed(extract_one):
    result = extract_one("Deep networks are hard to train. Our proposed training algorithm, StackBoost, needs no gradients.")
    assert ("proposes", "StackBoost") in relations(result)
    other = extract_one("Deep networks are hard to train. Their training algorithm, StackBoost, needs no gradients.")
    assert ("proposes", "StackBoost") not in relations(other)
    # a dataset listed after "our model on ..." is no name of the model
    listed = extract_one("We propose StackBoost for scene parsing. We test our model on QuuxScenes, BarFlow and ZedSet "
                         "datasets.")
    assert ("evaluatedOn", "BarFlow") in relations(listed) and ("proposes", "BarFlow") not in relations(listed)


def test_a_name_after_our_proposed_or_after_our_contribution_is_to_propose_is_proposed(extract_one):
    result = extract_one("Masked decoding is common. Our proposed Lattice Orbit Decoding (LOD) removes the mask.")
    assert ("proposes", "Lattice Orbit Decoding") in relations(result)
    other = extract_one("Masked decoding is common. Their Lattice Orbit Decoding (LOD) removes the mask.")
    assert ("proposes", "Lattice Orbit Decoding") not in relations(other)
    contribution = extract_one("Our main contribution is to propose a notion of orbital stability (OST) for "
                               "non-convergent training.")
    assert ("proposes", "orbital stability") in relations(contribution)
    novel = extract_one("FooRender is fast because of the novel Quux Mixer decoder.")
    assert ("proposes", "Quux Mixer") in relations(novel)
    contribution = relations(extract_one("The main contribution of our work is a new weakly-supervised widget ranker "
                                         "for shelves. Our key contribution is Spin Hashing, a hash layout."))
    assert {("proposes", "weakly-supervised widget ranker"), ("proposes", "Spin Hashing")} <= contribution
    cast = relations(extract_one("Our main contribution is to cast sorting as a walk on a Quux graph."))
    assert ("proposes", "Quux graph") not in cast
    theirs = relations(extract_one("Their contribution is the Orbit Hashing layout for widgets."))
    assert ("proposes", "Orbit Hashing") not in theirs
    termed = extract_one("Foo Points is slow. Our widget sorter, termed an Orbit Sorter (OS), is fast.")
    assert ("proposes", "Orbit Sorter") in relations(termed)
    referred = extract_one("We give one frame for such tasks, which we refer to as Widget Orbit Ensembling.")
    assert ("proposes", "Widget Orbit Ensembling") in relations(referred)
    observed = extract_one("We make widget control robust to shifts in the dynamics, which we refer to as orbit "
                           "slippage, in control algorithms.")
    assert ("proposes", "orbit slippage") not in relations(observed)  # what they observe
    theirs = extract_one("We give one frame for such tasks, which they refer to as Widget Orbit Ensembling.")
    assert ("proposes", "Widget Orbit Ensembling") not in relations(theirs)


def test_known_terms_take_the_words_that_narrow_them(extract_one):
    result = extract_one("We study zero-shot question answering. Inference relies on collapsed Gibbs sampling. "
                         "We compare it with standard Gibbs sampling.")
    names = by_name(result)
    assert names["zero-shot question answering"].type == "Task"
    assert "collapsed Gibbs sampling" in names
    assert "Gibbs sampling" in names  # "standard" is an evaluative word, not part of the term
    assert "standard Gibbs sampling" not in names


def test_lower_case_names_and_versions_after_a_plain_word(extract_one):
    names = by_name(extract_one("We evaluate on the datasets zork15k237 and quokka77, and train glyph2vec "
                                "embeddings. The Pebblecount v2 dataset is used for video counting."))
    assert names["zork15k237"].type == "Dataset" and names["quokka77"].type == "Dataset"
    assert "glyph2vec" in names
    assert names["Pebblecount v2"].type == "Dataset"  # not "Pebblecount" dropped as a mere modifier of "dataset"


def test_a_lone_capitalised_word_is_no_entity_but_a_repeated_one_is(extract_one):
    once = extract_one("We split the graph and Divide the work across machines with a greedy scheduler.")
    assert "Divide" not in by_name(once)
    twice = extract_one("We build on Hermes for routing. Unlike earlier routers, Hermes adapts to load.")
    assert "Hermes" in by_name(twice)


def test_generic_field_and_network_words_are_not_entities(extract_one):
    result = extract_one("Neural networks dominate NLP. We propose PrismNet, a neural network for parsing.")
    names = {name.lower() for e in result.entities for name in (e.name, *e.aliases)}
    assert not names & {"nlp", "neural network", "neural networks"}
    assert ("proposes", "PrismNet") in relations(result)


def test_a_head_noun_whose_final_s_is_no_plural_still_types_the_name(extract_one):
    """"corpus" is not the plural of "corpu": the noun after a name types it Dataset."""
    names = by_name(extract_one("We evaluate on the TalkBank-7 corpus and on MazeWorld."))
    assert names["TalkBank-7"].type == "Dataset"


def test_a_processed_doc_is_freed_when_dropped(nlp):
    """Docs live only inside a batch: nothing our components leave on a Doc may point back at it (a cycle that
    only the cyclic collector frees), or parsed Docs pile up between collections."""
    import gc

    from spacy.tokens import Doc

    from extract.facts import Paper
    from extract.pipeline import extract_papers
    from kg.readers import bundled_corpus_path, read_corpus

    papers = read_corpus([bundled_corpus_path()]).papers[:6]
    gc.collect()
    gc.disable()
    try:
        facts = list(extract_papers(papers, nlp, batch_size=2))
        alive = sum(1 for obj in gc.get_objects() if isinstance(obj, Doc))
    finally:
        gc.enable()
    assert len(facts) == 6 and any(f.entities for f in facts)
    assert alive == 0


def test_later_uses_of_a_name_are_whole_words_longest_first():
    from extract.mentions import _whole_word_uses

    text = "ArenaRL and ArenaRL-X beat ArenaRLs; ArenaRLx is other. Arena RL too."
    uses = _whole_word_uses(text, ["ArenaRL-X", "ArenaRL", "Arena"])
    assert [text[s:e] for s, e in uses] == ["ArenaRL", "ArenaRL-X", "ArenaRLs", "Arena"]


def test_a_phrase_the_title_names_too_is_an_entity(extract_one):
    """What title and abstract both name is central; the title's phrase must end where the abstract's does."""
    text = ("Labels are often noisy. We train with a noise adaptation layer on top of the softmax. "
            "The low-light image restoration stage is cheap.")
    titled = by_name(extract_one(text, title="Training deep networks using a noise adaptation layer"))
    assert titled["noise adaptation layer"].mentions[0].text == "noise adaptation layer"
    assert "noise adaptation layer" not in by_name(extract_one(text))
    cut = by_name(extract_one(text, title="Low-light image restoration for night driving"))
    assert "low-light image restoration" in {name.lower() for name in cut}
    longer = by_name(extract_one(text, title="Noise adaptation layer norms"))
    assert "noise adaptation layer" not in longer  # the title's phrase goes on: "... layer norms"


def test_a_dataset_written_only_in_lower_case_is_no_entity_unless_proposed_or_compared(extract_one):
    """"a driving dataset", "interactive environments": a dataset noun with no name is no resource of its own (the
    annotation guidelines: named datasets only), but what a paper introduces is its contribution."""
    used = by_name(extract_one("We train widgets on a driving dataset. QuuxNet beats GadgetNet on the QuuxDrive "
                               "dataset.", title="Widget Control from a Driving Dataset"))
    assert "QuuxDrive" in used and "driving dataset" not in used
    assert "interactive environment" not in by_name(extract_one(
        "We train quux agents in interactive environments.", title="Quux Agents in Interactive Environments"))
    introduced = extract_one("We introduce a driving dataset for widget control.",
                             title="A Driving Dataset for Widget Control")
    assert ("proposes", "driving dataset") in relations(introduced)
    # its mentions go with it: a result read after it finds none of them ("a driving dataset (91.2% ...)")
    scored = extract_one("We train QuuxNet on a driving dataset (91.2% accuracy).",
                         title="Widget Control from a Driving Dataset")
    assert "driving dataset" not in by_name(scored) and [r.value for r in scored.results] == ["91.2"]


def test_a_title_phrase_spells_a_hyphen_as_a_space_and_never_starts_inside_a_word(extract_one):
    """"Widget Based Smoothing" in a title is the abstract's "widget-based smoothing", not "based smoothing"; one
    hyphenated word the title holds ("gadget-space") is no phrase of it."""
    text = "We propose a widget-based smoothing that keeps gadgets apart. The gadget-space is large."
    result = extract_one(text, title="Faster Quux Ranking via Widget Based Smoothing in Gadget-Space")
    assert ("proposes", "widget-based smoothing") in relations(result)
    assert not any(name.lower() in ("based smoothing", "gadget-space") for _predicate, name in relations(result))
    inside = extract_one("We sketch a Gadget Programming (GP) based search method for widget routing.",
                         title="A GP-based Search Using Gadgets")  # the title's "based Search" is inside a word
    assert not any(name.lower() == "based search" for name in by_name(inside))


def test_a_task_after_the_dataset_name_opening_its_chunk_is_a_task(extract_one):
    """"QuuxBench gadget classification": QuuxBench is the dataset and "gadget classification" a task of its own (not
    "classification" alone after a name, nor in "the QuuxSet classification task")."""
    result = extract_one("On QuuxBench gadget classification and FEVER fact verification, FooNet is more accurate.")
    names = by_name(result)
    assert names["QuuxBench"].type == "Dataset" and names["FEVER"].type == "Dataset"
    assert names["gadget classification"].type == "Task" and names["fact verification"].type == "Task"
    alone = by_name(extract_one("On QuuxSet classification, FooNet is more accurate."))
    assert "classification" not in alone and "QuuxSet classification" not in alone


def test_a_known_term_crossing_the_end_of_a_capitalised_name_is_no_term(extract_one):
    names = by_name(extract_one("We fine-tune the Quux Diffusion model on widgets."))
    assert "Quux Diffusion" in names and not any(name.lower() == "diffusion model" for name in names)


def test_a_title_opening_with_a_task_gerund_names_the_task_with_its_object(extract_one):
    text = "Widgets move in swarms. We fit a recurrent model to their paths."
    for title, task in (("Predicting Widget Trajectories Using a Recurrent Model", "Predicting Widget Trajectories"),
                        ("Estimating Sizes of Gadget Sets", "Estimating Sizes of Gadget Sets"),
                        ("FooNet: Detecting Quux Anomalies in Streams", "Detecting Quux Anomalies")):
        assert ("addresses", task) in relations(extract_one(text, title=title))
    for title in ("Estimating Upper and Lower Bounds on Gadgets", "Ranking Widgets Based on Gadgets"):
        assert not any(name.startswith(("Estimating", "Ranking"))  # the object goes on past "and", or is cut
                       for _predicate, name in relations(extract_one(text, title=title)))


def test_a_capitalised_number_word_opens_a_name_mid_sentence(extract_one):
    result = extract_one("For sorting widgets we then propose a Two Stage QuuxNet with a small gadget cache.")
    assert ("proposes", "Two Stage QuuxNet") in relations(result)


def test_a_title_opening_with_a_study_gerund_studies_its_subject(extract_one):
    text = "We compare deep widget models on gadget sorting."
    studied = extract_one(text, title="Exploring Deep Widget Models with Quux Learning for Gadget Design")
    assert not any(predicate == "proposes" for predicate, _name in relations(studied))
    built = extract_one(text, title="Deep Widget Models with Quux Learning for Gadget Design")
    assert ("proposes", "deep widget model") in relations(built)


def test_a_title_instrument_before_its_purpose_is_proposed(extract_one):
    result = extract_one("Widgets are scarce on small devices. We train layers one after another.",
                         title="Aggregating Widgets through Successive Gadget Training for Small Devices")
    assert ("proposes", "Successive Gadget Training") in relations(result)


def test_competitive_with_on_par_with_and_comparable_to_compare(extract_one):
    result = extract_one("Our FooNet performs competitively with BarNet. It is on par with gadget sorting networks "
                         "and comparable to QuuxNet.")
    assert {("comparesWith", "BarNet"), ("comparesWith", "gadget sorting network"),
            ("comparesWith", "QuuxNet")} <= relations(result)


def test_a_name_a_sentence_opens_with_is_whole_where_the_paper_writes_it_so_elsewhere(extract_one):
    """"Neural QUUX is ..." is Neural QUUX, not QUUX, once the paper writes "Neural QUUX" mid-sentence or in its
    title; alone, the sentence's first word may be capitalised only by its place."""
    text = "Neural QUUX is a platform for widgets. Others lack this, but Neural QUUX combines them all."
    names = by_name(extract_one(text))
    assert "Neural QUUX" in names and "QUUX" not in names
    titled = by_name(extract_one("Neural QUUX is a platform for widgets.", title="The Neural QUUX Platform"))
    assert "Neural QUUX" in titled and "QUUX" not in titled
    assert "QUUX" in by_name(extract_one("Neural QUUX is a platform for widgets."))


def test_a_known_term_in_title_case_is_known_and_narrowed(extract_one):
    """"Hidden Markov Model" is the lexicon's hidden Markov model, so the words before it narrow it as they do the
    lower-case spelling: a gadget-structured one is the paper's own."""
    result = extract_one("To capture widget churn, we propose a gadget-structured Hidden Markov Model over widgets. "
                         "We compare with a Kalman Filter.")
    assert ("proposes", "gadget-structured Hidden Markov Model") in relations(result)
    assert by_name(result)["Kalman Filter"].type == "Model"


def test_vc_dimension_and_pac_learning_are_known_and_vc_alone_no_name(extract_one):
    result = extract_one("We study robust PAC learning of gadgets. Finite VC dimension suffices, and VC classes of "
                         "widgets are learnable with a sample complexity close to the standard one.")
    names = by_name(result)
    assert names["VC dimension"].type == "Metric" and names["PAC learning"].type == "Task"
    assert "VC" not in names


def test_spotting_attention_and_regular(extract_one):
    """"spotting" heads a task, "attention" a method (a title's instrument in three words is proposed), and
    "regular" says no more than "standard" before a baseline."""
    result = extract_one("Widget spotting in videos is hard. Our method is more accurate than regular gadget sorting "
                         "networks on the QuuxSet benchmark.",
                         title="Faster Video Widget Spotting via Quux Gated Attention")
    assert {("addresses", "Video Widget Spotting"), ("proposes", "Quux Gated Attention"),
            ("comparesWith", "gadget sorting network")} <= relations(result)


def test_a_hyphenated_proposal_is_one_phrase(extract_one):
    result = extract_one("We introduce an uncertainty-guided regularization technique, which relaxes constraints.")
    assert ("proposes", "uncertainty-guided regularization technique") in relations(result)


def test_a_name_ending_in_a_dataset_noun_is_a_dataset(extract_one):
    names = by_name(extract_one("Results improve markedly on Docking Benchmark 5 for all protein families."))
    assert names["Docking Benchmark 5"].type == "Dataset"


def test_a_task_phrase_starts_after_a_bracket_it_did_not_open(extract_one):
    text = "Deep models for generic (non-semantic) segmentation are indirect. We study video object segmentation."
    names = {n.lower() for n in by_name(extract_one(text))}
    assert "video object segmentation" in names
    assert not any(")" in name or "(" in name for name in names)


@pytest.mark.parametrize("title", ["FooNet: A Widget Dataset for Gadget Sorting",
                                   "FooNet: A Widget and Gadget Benchmark for Sorting"])
def test_a_title_that_calls_its_opening_name_a_dataset_types_the_abstracts_entity(extract_one, title):
    result = extract_one("We present FooNet. FooNet holds many widgets, and sorting them is hard for BarNet.",
                         title=title)
    assert by_name(result)["FooNet"].type == "Dataset"
    assert by_name(result)["BarNet"].type != "Dataset"


def test_a_name_only_the_title_gives_is_proposed_with_the_title_as_evidence(extract_one):
    title = "SMART-Rain: A Degradation Evaluation Dataset for Autonomous Driving in Rain"
    result = extract_one("We record rainfall with cameras and evaluate detectors under rain.", title=title)
    names = by_name(result)
    assert names["SMART-Rain"].type == "Dataset" and names["SMART-Rain"].mentions == ()
    (proposal,) = [r for r in result.relations if r.entity == names["SMART-Rain"].key]
    assert proposal.predicate == "proposes" and proposal.evidence.in_title
    assert title[proposal.evidence.start : proposal.evidence.end] == "SMART-Rain"
    assert proposal.evidence.sentence == title
    keys = {e.key: e.name for e in result.entities}
    titled = {(r.predicate, keys[r.entity]) for r in result.relations if r.evidence.in_title and r is not proposal}
    assert titled == {("addresses", "autonomous driving")}  # a term of the lexicon; the abstract's words are its own
    # an opening that is no name is no entity; a name the abstract uses keeps its abstract evidence
    assert not by_name(extract_one("We study rain.", title="In the Eye of the Beholder: Robust Prediction"))
    used = extract_one("We present Seq2Tens, a representation of sequences.", title="Seq2Tens: Representing Sequences")
    assert ("proposes", "Seq2Tens") in relations(used) and not any(r.evidence.in_title for r in used.relations)


def test_the_titles_subject_and_purpose_are_entities_with_the_title_as_evidence(extract_one):
    title = "Compositional Attention Networks for Machine Reasoning"
    result = extract_one("We test on puzzles that need several steps and beat prior models.", title=title)
    names = by_name(result)
    assert names["Compositional Attention Networks"].mentions == ()
    assert names["Machine Reasoning"].type == "Task"
    found = {(r.predicate, title[r.evidence.start : r.evidence.end]) for r in result.relations if r.evidence.in_title}
    assert found == {("proposes", "Compositional Attention Networks"), ("addresses", "Machine Reasoning")}


def test_a_title_names_no_activity_no_question_and_no_task_the_abstract_names_shorter(extract_one):
    def title_names(title, text="We run experiments on several puzzles."):
        return {title[r.evidence.start : r.evidence.end] for r in extract_one(text, title=title).relations if r.evidence.in_title}

    # learning before its purpose is the method, proposed: the one activity a title's subject names so
    assert title_names("Deep Residual Learning for Image Recognition") == {"Deep Residual Learning", "Image Recognition"}
    assert title_names("Does Pretraining Help Image Recognition?") == set()
    assert title_names("Enhancing Generic Segmentation With Region Features") == {"Generic Segmentation"}
    # a verb opening a two-word title phrase leaves one word, and words of praise are left out: no names
    assert title_names("Regularizing RNNs with Dropout Masks") == set()
    assert title_names("Effective GANs for Image Synthesis") == {"Image Synthesis"}
    assert title_names("A Unified Framework for Efficient Graph Generation") == {"Graph Generation"}
    text = "We study commonsense question answering with graphs built on the fly."
    assert title_names("Graphs for Zero-shot Commonsense Question Answering", text) == set()


def test_a_proposal_the_parser_cut_short_is_read_to_its_head_noun(extract_one):
    result = extract_one("In this paper, we propose a gossip-based distributed bilevel learning algorithm that allows "
                         "networked agents to solve both problems.")
    assert ("proposes", "gossip-based distributed bilevel learning algorithm") in relations(result)


def test_a_modality_acronym_is_part_of_the_task_a_known_name_is_not(extract_one):
    names = {n.lower(): e for n, e in by_name(extract_one(
        "We study LiDAR degradation estimation and RGB-D scene classification, and report results on COCO detection."
    )).items()}
    assert names["lidar degradation estimation"].type == "Task"
    assert names["rgb-d scene classification"].type == "Task"
    assert "coco" in names and "coco detection" not in names


def test_a_hyphenated_modifier_stays_whole_unless_it_is_evaluative(extract_one):
    names = {n.lower() for n in by_name(extract_one(
        "We address few-shot object detection. We also address large-scale cross-modal retrieval on web data."))}
    assert "few-shot object detection" in names and "shot object detection" not in names
    assert "cross-modal retrieval" in names and "large-scale cross-modal retrieval" not in names


def test_two_tasks_joined_by_and_are_two(extract_one):
    names = {n.lower() for n in by_name(extract_one("The embeddings serve node classification and link prediction, i.e., "
                                                    "traffic volume prediction."))}
    assert {"node classification", "link prediction", "traffic volume prediction"} <= names
    assert not any(" and " in name or "i.e." in name for name in names)


def test_a_capitalised_word_ends_the_name_it_continues_but_alone_it_only_modifies(extract_one):
    result = extract_one("We represent audio with the Constant-Q Transform spectrogram. "
                         "The model respects Bellman constraints.")
    names = by_name(result)
    assert "Constant-Q Transform" in names and "Constant-Q" not in names
    assert not any("Bellman" in name for name in names)


def test_a_capitalised_word_before_a_method_noun_names_a_method_with_its_modifiers(extract_one):
    result = extract_one("Inference uses a collapsed Gibbs sampler. Errors are measured by the Hamming distance, "
                         "and the Markov property holds.")
    names = by_name(result)
    assert names["collapsed Gibbs sampler"].type == "Method"
    assert names["Hamming distance"].type == "Metric"
    assert not any("Markov" in name for name in names)  # "property" is no method noun


def test_a_known_name_ending_in_a_lower_case_word_is_found_in_the_plural(extract_one):
    result = extract_one("We plot ROC curves for every detector and compare their F1 scores.")
    names = by_name(result)
    assert names["ROC curve"].type == "Metric" and names["F1 score"].type == "Metric"
    assert "ROC" not in names


def test_a_name_nothing_types_takes_the_type_its_list_mates_agree_on(extract_one):
    names = by_name(extract_one("We compare against strong baselines such as XLNet, ELECTRA and FooFormer on GLUE."))
    assert names["FooFormer"].type == "Model"
    names = by_name(extract_one("We compare FooFormer with XLNet on GLUE."))  # no list: the default stays
    assert names["FooFormer"].type == "Method"


def test_a_titles_instrument_is_proposed_in_three_words_or_in_two_after_a_word_of_means(extract_one):
    def title_names(title, text="We run experiments on several image sets with noisy labels."):
        return {(r.predicate, title[r.evidence.start : r.evidence.end])
                for r in extract_one(text, title=title).relations if r.evidence.in_title}

    assert title_names("Training Deep Networks Using a Noise Adaptation Layer") == {
        ("proposes", "Noise Adaptation Layer")}
    assert title_names("Robust Training via Label Smoothing Loss") == {("proposes", "Label Smoothing Loss")}
    # the instrument that ends a title, headed by an activity or a gerund ("Chaining")
    assert ("proposes", "Deep Skill Chaining") in title_names("Long-Horizon Control via Deep Skill Chaining")
    assert ("proposes", "Weighted Model Ensembling") in title_names("Calibration with Weighted Model Ensembling")
    # autoencoders are models, operators and kernels methods
    assert ("proposes", "Quux Mixture Variational Autoencoders") in title_names(
        "Deep Widget Clustering with Quux Mixture Variational Autoencoders")
    assert ("proposes", "Learned Widget Transport Operators") in title_names(
        "Widget Alignment via Learned Widget Transport Operators")
    # in two words, mostly a method the paper uses: not proposed, and a known name in it is used
    assert title_names("Neural Speech Synthesis with Transformer Network") == {
        ("addresses", "Neural Speech Synthesis"), ("usesModel", "Transformer")}
    assert title_names("Benchmarks for the Lexical Substitution Task") == {("addresses", "Lexical Substitution Task")}
    # a known method named in the plural is not the paper's own
    gan = title_names("Word Sense Disambiguation Using Generative Adversarial Networks")
    assert ("proposes", "Generative Adversarial Networks") not in gan and gan
    # after "via", "using" or "through", two words name the paper's means whatever their head; after "with", two
    # words are as often what the setting has
    assert ("proposes", "Widget Diagnostics") in title_names("Step Size Tuning via Widget Diagnostics")
    assert ("proposes", "Gadget Discriminators") in title_names("Training Quux Models using Gadget Discriminators")
    assert ("proposes", "Sparse Widgets") not in title_names("Gadget Ranking with Sparse Widgets")


def test_a_long_form_is_typed_by_its_head_before_of(extract_one):
    """"Corpus of Linguistic Acceptability (CoLA)" is a corpus, whatever its last word; a task noun there names
    what a method does, so the last word decides."""
    text = ("The Corpus of Linguistic Acceptability (CoLA) was collected from textbooks. CoLA is small. "
            "We also run Safe Interval Path Planning with Reservation Tables (SIPPRT) as a planner.")
    types = {e.name: e.type for e in extract_one(text).entities}
    assert types.get("Corpus of Linguistic Acceptability") == "Dataset", types
    assert types.get("Safe Interval Path Planning with Reservation Tables") == "Method", types


def test_neural_networks_are_a_model_only_where_the_paper_keeps_coming_back_to_them(extract_one):
    """Twice as a plural head noun, the title counting once, makes the class central, and so does one use written
    with a modifier or an abbreviation ("deep neural networks", "DNNs": the specific term a paper reaches for when
    it is about them); "the same neural network", "neural network architecture" and "graph neural networks" are no
    uses of it, and it is never proposed."""
    central = extract_one("Neural networks are often overconfident. We propose regularizing deep neural networks by "
                          "penalizing confident outputs.")
    entity = by_name(central)["neural network"]
    assert entity.type == "Model" and {"Neural networks", "neural networks"} <= {entity.name, *entity.aliases}
    assert "deep neural networks" in entity.aliases  # the written form, "deep" left out of the name only
    abbreviated = by_name(extract_one("Deep neural networks (DNNs) are fragile. We harden DNNs with widgets."))
    assert "DNNs" in abbreviated["neural network"].aliases and "DNNs" not in abbreviated  # a use of the class
    assert ("usesModel", "neural network") in relations(central)
    assert not any(r.entity == entity.key for r in central.relations if r.predicate == "proposes")
    assert "deep neural networks" in by_name(extract_one("We study the generalization of deep neural networks trained "
                                                         "by SGD."))["neural network"].aliases
    assert "neural network" in by_name(extract_one("We train DNNs on widgets."))  # an abbreviation is one use
    # and so is "deep networks", a short form of deep neural networks matched in any case
    short = by_name(extract_one("Deep networks are brittle. We harden widgets."))
    assert "deep networks" in short["neural network"].aliases and "Deep networks" not in short
    assert "neural network" not in by_name(extract_one("We train a deep network on widgets."))  # a particular one
    once = "We study the generalization of neural networks trained by SGD."
    assert "neural network" not in by_name(extract_one(once))
    assert "neural network" in by_name(extract_one(once, title="Training Deep Neural Networks with Noisy Labels"))
    assert "neural network" not in by_name(extract_one(once, title="Binary Neural Networks for Edge Devices"))
    assert "neural network" not in by_name(extract_one(once, title="Neural Network Accuracy Under Shift"))
    not_the_class = extract_one("We use the same neural networks for all policies. A new neural network architecture "
                                "and graph neural networks beat convolutional neural networks.")
    assert "neural network" not in by_name(not_the_class)
    evaluative = extract_one("Complex neural networks need much memory to train. We schedule recomputation in "
                             "large neural networks.")
    assert "neural network" in by_name(evaluative)  # an evaluative word makes no other class


def test_task_nouns_listed_before_problems_or_joined_to_a_task_are_tasks(extract_one):
    """A bare task noun is too vague alone ("classification" of a sentence about anything), but not when it is
    listed before "problems" or joined to "tasks" or to a task with modifiers; a hyphenated word before "tasks" is
    one word ("low-rank", not "rank"), and a task only when it ends in a task noun."""
    listed = extract_one("We validate the method on both classification and regression problems and on inverse problems.")
    assert {"classification"} <= set(by_name(listed)) and "inverse" not in by_name(listed)
    joined = extract_one("We learn pixel layouts for two downstream tasks, classification and semantic segmentation.")
    assert {"classification", "semantic segmentation"} <= {n for n, e in by_name(joined).items() if e.type == "Task"}
    alone = extract_one("Our loss improves classification under label noise.")
    assert "classification" not in by_name(alone)
    hyphens = extract_one("The bound holds for low-rank matrix estimation problems and in low-data tasks.")
    names = set(by_name(hyphens))
    assert "low-rank matrix estimation" in names and not names & {"rank matrix estimation", "low-data", "data"}
    # two words or more ending in a noun name a problem; one word that is no task noun does not
    sparse = extract_one("Large stepsizes help SGD for sparse regression problems, not for optimization problems.")
    assert "sparse regression" in by_name(sparse) and "optimization" not in by_name(sparse)
    assert by_name(extract_one("We propose a method for snapshot HDR imaging."))["snapshot HDR imaging"].type == "Task"
    optimised = by_name(extract_one("We study streams for monotone submodular maximization and regret minimization."))
    assert optimised["monotone submodular maximization"].type == optimised["regret minimization"].type == "Task"


def test_a_known_lower_case_term_inside_a_proposal_is_part_of_it_and_hyphens_join_words(extract_one):
    """What the authors propose is named whole ("a multi-agent reinforcement learning method", not the known term
    inside it), unless a name or a task list is inside; a hyphen the tagger does not call HYPH still joins the
    modifier of a known name ("post-local SGD")."""
    result = extract_one("This paper proposes an implicit model-based multi-agent reinforcement learning method.")
    assert ("proposes", "implicit model-based multi-agent reinforcement learning method") in relations(result)
    assert ("proposes", "post-local SGD") in relations(extract_one("As a remedy, we propose a post-local SGD."))
    tasks = extract_one("We propose MapQ for visual question answering and image captioning tasks.")
    assert {"visual question answering", "image captioning"} <= {e.name for e in tasks.entities if e.type == "Task"}


def test_performance_efficiency_and_quality_are_metrics_only_when_a_noun_narrows_them(extract_one):
    result = extract_one("Post-local SGD improves the generalization performance and the communication efficiency "
                         "of training, with competitive performance, state-of-the-art performance and good model "
                         "performance.")
    metrics = {e.name for e in result.entities if e.type == "Metric"}
    assert {"generalization performance", "communication efficiency"} <= metrics
    assert not metrics & {"competitive performance", "art performance", "model performance", "performance"}


def test_a_modality_that_only_modifies_a_noun_and_a_unit_are_no_entities(extract_one):
    result = extract_one("We also demonstrate SGDR on EEG recordings and RGBD images, where it gains 7 dB over FooNet.")
    names = set(by_name(result))
    assert "FooNet" in names and not names & {"EEG", "RGBD", "dB"}
    # a modality the paper spells out is a term it defines
    assert "EEG" in {n for e in extract_one("We read electroencephalography (EEG) recordings.").entities
                     for n in (e.name, *e.aliases)}


def test_a_method_phrase_the_paper_is_compared_with_is_a_baseline(extract_one):
    result = extract_one("We propose post-local SGD and show that it improves the generalization performance "
                         "compared to large-batch training. It beats prior work compared with existing methods and "
                         "compared to a transformer-based model.")
    assert ("comparesWith", "large-batch training") in relations(result)
    names = {n.lower() for n in by_name(result)}
    assert not names & {"existing method", "transformer-based model"}
    similar = extract_one("Our sampler achieves a lower computational complexity compared to similar existing "
                          "methods and reaches comparable video generation quality.")
    assert not [n for n in by_name(similar) if n.startswith(("similar", "comparable"))]


def test_a_number_the_text_gives_no_owner_is_for_the_proposal_the_title_names_first(extract_one):
    text = ("We propose an episodic memory-based intrinsic reward. The agent obtains a median human normalised "
            "score of 1344.0% on FooBench.")
    found = _results(extract_one(text, title="Never Give Up: Learning Directed Exploration with Zeta Rewards"))
    assert [entity for _, value, _, _, entity, _ in found if value == "1344.0"] == ["Never Give Up"]


def test_cited_authors_are_no_names_there_or_later(extract_one):
    result = extract_one("We focus on the robustness approach (Xu & Mannor, 2012) and revisit the arguments of Xu & "
                         "Mannor with FooNet. Stability (Zhang et al., 2016; Kawaguchi 2017) fails.")
    assert set(by_name(result)) == {"FooNet"}
    bracketed = extract_one("The widget scheme of [Quux & Zorbo 90] is examined with FooNet, as in [Blorp 88].")
    assert set(by_name(bracketed)) == {"FooNet"}
    three = extract_one("Widget encodings of gadget problems (Quuxley, Zorbo, & Blorpman 2004) suit FooNet.")
    assert set(by_name(three)) == {"FooNet"}, by_name(three)
    relevant = extract_one("We collect widget pages from the Internet and train FooNet. It helps on relevant "
                           "widget recognition tasks.")
    assert "widget recognition" in by_name(relevant) and "Internet" not in by_name(relevant)


def test_an_eponym_narrows_a_known_term_and_a_percent_sign_opens_no_metric(extract_one):
    result = extract_one("We apply this approach to Bayesian logistic regression and Gaussian backpropagation, and "
                         "estimate an average of 3.3% errors across the datasets.")
    names = set(by_name(result))
    assert {"Bayesian logistic regression", "Gaussian backpropagation"} <= names
    assert not any(name.startswith("%") for name in names)
    alone = extract_one("Our estimator covers distributions broader than the Bernoulli and the categorical, and "
                        "trains with Bernoulli dropout.")
    assert "Bernoulli dropout" in by_name(alone) and "Bernoulli" not in by_name(alone)  # a distribution's eponym
    manifold = extract_one("We train widgets with Riemannian gradient descent.")
    assert "Riemannian gradient descent" in by_name(manifold) and "gradient descent" not in by_name(manifold)


def test_a_long_form_ending_in_an_adjective_takes_the_noun_after_its_abbreviation(extract_one):
    result = extract_one("The solution handles Positive and Unlabeled (PU) learning, question answering (QA) "
                         "datasets and the proximal gradient (PG) method.")
    names = set(by_name(result))
    assert {"Positive and Unlabeled learning", "question answering", "proximal gradient"} <= names
    assert "PU" in by_name(result)["Positive and Unlabeled learning"].aliases
    # an adjective the tagger takes for a name ("Graphical"), but not a known name ("soft actor-critic")
    capitalised = extract_one("We learn Directed Acyclic Graphical (DAG) models and train a soft actor-critic (SAC) "
                              "agent on them.")
    assert {"Directed Acyclic Graphical model", "soft actor-critic"} <= set(by_name(capitalised))


def test_an_all_capital_known_name_is_found_title_cased_but_a_short_one_is_not(extract_one):
    result = extract_one("FooMT improves translation quality by 1.7 Bleu points, while the Map of the city is old.")
    metrics = {e.name for e in result.entities if e.type == "Metric"}
    assert "Bleu" in metrics and "Map" not in metrics


def test_a_method_phrase_a_method_is_built_with_is_an_entity(extract_one):
    result = extract_one("Synthetic data is generated using a reverse translation model. We employ confident "
                         "learning algorithms to find errors, using a simple model and using deep neural networks.")
    names = {n.lower() for n in by_name(result)}
    assert {"reverse translation model", "confident learning algorithm"} <= names
    assert not names & {"simple model", "model", "deep neural network"}
    extended = extract_one("We extend the multinomial logit model to represent phenomena of human choice.")
    assert ("usesModel", "multinomial logit model") in relations(extended)  # what the paper builds on
    # "based on" takes what a method is built on too, and what is listed beside it
    based = extract_one("Our approach is based on convolutional widget models and recurrent gadget networks.")
    assert {"convolutional widget model", "recurrent gadget network"} <= {n.lower() for n in by_name(based)}
    # and so does what a method depends on or is conditioned on (every "on" word of `basis_words`)
    depends = extract_one("Our widget ranker depends on gadget regularization. The widget generator is conditioned "
                          "on a gadget embedding network.")
    assert {"gadget regularization", "gadget embedding network"} <= {n.lower() for n in by_name(depends)}


def test_a_single_author_s_i_and_a_verb_joined_to_propose_give_the_proposal(extract_one):
    result = extract_one("Long novels interleave stories. I propose and evaluate a novel unsupervised approach to "
                         "thread splitting that is motivated by literary theory.")
    assert ("proposes", "unsupervised approach") in relations(result)
    other = extract_one("Long novels interleave stories. They propose and evaluate a novel unsupervised approach to "
                        "thread splitting.")
    assert not any(p == "proposes" for p, _ in relations(other))


def test_an_abbreviation_that_spells_out_the_whole_title_is_proposed(extract_one):
    text = "We study sampling in planning. Our planning method (FAST) outperforms existing planners (RRT, PRM)."
    assert ("proposes", "Fast Adaptive Sampling Trees") in relations(extract_one(text, title="Fast Adaptive Sampling Trees"))
    part = extract_one(text, title="Fast Adaptive Sampling Trees for Manipulation with Soft Grippers")
    assert "Fast Adaptive Sampling Trees" in by_name(part)  # one entity with the title's words, not proposed
    assert ("proposes", "Fast Adaptive Sampling Trees") not in relations(part)


def test_a_relationship_the_authors_establish_and_a_country_are_no_entities(extract_one):
    result = extract_one("We establish a close relationship between fair and unfair classifiers, which may be "
                         "unlawful under US law.")
    assert not {"close relationship", "US"} & set(by_name(result))


def test_a_title_opening_with_an_activity_of_something_names_a_task(extract_one):
    text = "Diffusion models are slow to sample. We make sampling parallel and fast."
    result = extract_one(text, title="Parallel Sampling of Diffusion Models via Picard Steps")
    assert ("addresses", "Parallel Sampling of Diffusion Models") in relations(result)
    for title in ("Joint Training of Ratings and Reviews", "On the Sampling of Diffusion Models"):
        assert not any(" of " in name for name in by_name(extract_one(text, title=title)))
    own = extract_one("We propose Parallel Sampling (PS), a fast sampler.", title="Parallel Sampling of Diffusion Models")
    assert "Parallel Sampling of Diffusion Models" not in by_name(own)  # the abstract names the method itself
    task = extract_one("We find repeated patterns at scale.", title="Unsupervised Detection of Recurrent Patterns in "
                                                                    "Neural Recordings with Constrained Filters")
    assert ("addresses", "Unsupervised Detection of Recurrent Patterns") in relations(task)
    assert "Unsupervised Detection" not in by_name(task)  # the task noun's phrase, cut short of what it is of
    purpose = extract_one("We predict widget edges with a model.",
                          title="A Zork Model for Automatic Prediction of Widget Edge Location")
    assert ("addresses", "Automatic Prediction of Widget Edge Location") in relations(purpose)
    assert "Automatic Prediction" not in by_name(purpose)  # a purpose "for" names, with what it is of


def test_a_run_of_capitalised_words_ending_in_a_possessive_is_someone_s_name(extract_one):
    result = extract_one("The running example is Maria Clara Lindqvist’s novel Northern Lights, split by FooSplit.")
    assert not any("Maria" in name or "Clara" in name for name in by_name(result))
    assert "FooSplit" in by_name(result)


def test_what_a_novel_or_our_subject_outperforms_is_compared_also_through_a_relative_pronoun(extract_one):
    result = extract_one("We search for cells. Our search composes a novel recurrent cell that outperforms the "
                         "widely-used GRU cell. On poker, our neural agent beat the strong agent FOO-CFR by 9 chips.")
    assert {("outperforms", "GRU"), ("outperforms", "FOO-CFR")} <= relations(result)
    other = extract_one("Deep learning rarely gives methods that outperform gradient boosting on tables.")
    assert not any(p == "outperforms" for p, _ in relations(other))
    # what our results outperform, our work outperforms; not what others' results do
    achieved = extract_one("Neural solvers are new to algebra. We obtain results that outperform commercial widget "
                           "systems such as ZorbCalc or QuuxMath.")
    assert {("outperforms", "ZorbCalc"), ("outperforms", "QuuxMath")} <= relations(achieved)
    others = extract_one("Neural solvers are new to algebra. Earlier groups obtain results that outperform ZorbCalc.")
    assert not any(p == "outperforms" for p, _ in relations(others))


def test_an_acronym_used_undefined_joins_the_name_whose_initials_spell_it(extract_one):
    result = extract_one("We train a support vector machine on molecular graphs, and the SVM uses a graph kernel.")
    assert "SVM" in by_name(result)["support vector machine"].aliases
    assert "SVM" not in by_name(result)
    two = extract_one("We compare a generative adversarial network and a graph attention network; the GAN wins.")
    assert "GAN" in by_name(two)  # two names spell it: neither is joined
    whole = extract_one("We propose a Widget-Guided GAN for sketch folding. WGGAN folds sketches twice as fast.")
    assert "WGGAN" in by_name(whole)["Widget-Guided GAN"].aliases  # initials, then the acronym the name ends with
    assert "WGGAN" not in by_name(whole)
    titled = extract_one("We propose a Widget-Guided GAN for sketch folding.", title="WGGAN: Guided Sketch Folding")
    assert "WGGAN" in by_name(titled)["Widget-Guided GAN"].aliases  # the acronym the title opens with, too
    assert "WGGAN" not in by_name(titled)


def test_a_hyphenated_title_word_is_headed_by_its_last_part(extract_one):
    result = extract_one("We analyse greedy methods in high dimensions.",
                         title="On Hard Thresholding Methods for High-dimensional M-Estimation")
    assert by_name(result)["High-dimensional M-Estimation"].type == "Task"


def test_recovery_heads_a_task(extract_one):
    result = extract_one("Finally, we extend our analysis to the problem of low-rank tensor recovery.")
    assert by_name(result)["low-rank tensor recovery"].type == "Task"


def test_fairness_criteria_and_a_test_error_rate_are_metrics(extract_one):
    result = extract_one("FooNet reaches a test error rate of 3.1 on BarSet while keeping demographic parity and "
                         "equalized odds.")
    metrics = {e.name for e in result.entities if e.type == "Metric"}
    assert {"test error rate", "demographic parity", "equalized odds"} <= metrics


def test_a_ratio_before_faster_is_a_speedup(extract_one):
    result = extract_one("We propose FooNet. On CIFAR-10, FooNet is 1.05x faster than the previous model and ten times "
                         "faster than exhaustive search.")
    found = _results(result)
    assert ("1.05x", "1.05", "×", "speedup", "FooNet", "CIFAR-10") in found
    speedup = next(e for e in result.entities if e.name == "speedup")
    assert speedup.type == "Metric" and len(speedup.mentions) == 2  # "faster", twice, is its evidence
    assert not _results(extract_one("We propose FooNet. FooNet trains faster than 3 baselines."))


def test_an_adjective_before_a_noun_that_names_no_artefact_is_no_entity(extract_one):
    result = extract_one("We introduce a theoretical analysis of shot numbers and a topological view of FooNet, "
                         "which improves predictive performance.", title="A Theoretical Analysis of Shot Numbers")
    names = set(by_name(result))
    assert not {"theoretical analysis", "topological view"} & {n.lower() for n in names}
    assert "predictive performance" in names  # a measure stays


def test_a_generic_title_subject_is_not_proposed_whatever_its_hyphens(extract_one):
    result = extract_one("We present a neural-network approach that learns label noise.",
                         title="Training deep neural-networks using a noise adaptation layer")
    assert not any(p == "proposes" and "deep" in n for p, n in relations(result))


def test_a_title_opening_with_a_gerund_names_no_name_and_a_known_name_inside_a_longer_one_stays_inside(extract_one):
    result = extract_one("We propose CaST, which reads graphs through a causal lens.",
                         title="Deciphering Spatio-Temporal Graph Forecasting: A Causal Lens and Treatment")
    assert by_name(result)["Spatio-Temporal Graph Forecasting"].type == "Task"
    assert "Deciphering Spatio-Temporal Graph Forecasting" not in by_name(result)
    assert "causal lens" in by_name(result)  # "lens" is no plural
    bench = extract_one("We develop the Argoverse Trajectory Retrieval Benchmark for trajectory retrieval.",
                        title="The Argoverse Trajectory Retrieval Benchmark")
    assert "Argoverse" not in by_name(bench)


def test_a_title_subject_headed_by_an_activity_before_with_or_for_is_the_paper_s_method(extract_one):
    text = "We train a recurrent controller to write network descriptions and reach low error."
    result = extract_one(text, title="Neural Cell Search with Policy Gradients")
    assert ("proposes", "Neural Cell Search") in relations(result)
    setting = extract_one(text, title="Few-Shot Incremental Learning with Policy Gradients")
    assert ("proposes", "Few-Shot Incremental Learning") not in relations(setting)  # a setting, mostly


def test_a_title_subject_of_no_type_before_for_is_what_the_paper_makes(extract_one):
    text = "We arrange gadget sensors on a chip and learn their placement end to end."
    result = extract_one(text, title="Differentiable Widget Layouts for Gadget Sensing")
    assert ("proposes", "Differentiable Widget Layouts") in relations(result)
    # not what a verb opening the title acts on, nor a participle or an adverb
    for title in ("Implementing Widget Layouts for Gadget Sensing", "Widget Layouts Learned for Gadget Sensing"):
        assert not any(p == "proposes" for p, _ in relations(extract_one(text, title=title))), title


def test_a_title_subject_headed_by_learning_names_the_setting_studied(extract_one):
    text = "We give an algorithm that reconstructs the function from random examples in polynomial time."
    result = extract_one(text, title="Sparse Polynomial Learning and Graph Sketching")
    assert ("addresses", "Sparse Polynomial Learning") in relations(result)
    for title in ("Unsupervised Learning of Artistic Styles",  # the task is the whole "Learning of ..."
                  "Explicit Homography Estimation Improves Contrastive Self-Supervised Learning"):  # a sentence
        assert not any(name.endswith("Learning") for _, name in relations(extract_one(text, title=title)))


def test_a_name_used_before_the_proposal_that_holds_it_is_what_it_builds_on(extract_one):
    result = extract_one("Population Based Training (PBT) is a recent approach. We propose a black-box PBT framework "
                         "that distributes many trials.")
    found = relations(result)
    assert ("proposes", "black-box PBT framework") in found
    assert ("proposes", "Population Based Training") not in found
    assert ("proposes", "FooNet") in relations(extract_one("We propose a FooNet framework for tracking. FooNet is fast."))


def test_a_method_phrase_after_than_is_compared(extract_one):
    result = extract_one("As most classes are discarded early, our algorithm is much more efficient than exhaustive "
                         "search while mining many hard examples.")
    assert ("comparesWith", "exhaustive search") in relations(result)
    assert not any(p == "comparesWith" for p, _ in relations(extract_one("Our data is larger than earlier data.")))


def test_a_name_given_to_the_studied_problem_is_not_proposed(extract_one):
    found = relations(extract_one("We study the hard problem of pruning networks without any retraining, called "
                                  "One-shot Pruning (OSP). In this work, we propose a novel OSP framework, dubbed "
                                  "FooPrune."))
    assert ("proposes", "FooPrune") in found and ("proposes", "One-shot Pruning") not in found


def test_number_formats_and_licences_are_no_names(extract_one):
    result = extract_one("FooQuant pushes weights down to INT2 and beats FP16 training; the data is released under "
                         "CC-BY-SA and the code under the Apache2.0 license.")
    assert not {"INT2", "FP16", "CC-BY-SA", "Apache2.0"} & set(by_name(result))


def test_average_precision_written_ap_and_an_error_reduction_are_result_metrics(extract_one):
    found = _results(extract_one("FooPose reaches 70.5% AP on COCO. FooSeg gives error reductions of 30.2% and 14%."))
    assert ("70.5%", "70.5", "%", "AP", "FooPose", "COCO") in found
    assert {value for value, _, _, metric, _, _ in found if metric.startswith("error reduction")} == {"30.2%", "14%"}


def test_modifiers_before_a_known_term_take_a_known_term_they_cut_whole(extract_one):
    result = extract_one("We train long short-term memory recurrent neural networks on noisy sensor traces.")
    names = {n.lower() for n in by_name(result)}
    assert "long short-term memory recurrent neural network" in names
    assert "short-term memory recurrent neural network" not in names


def test_a_phrase_the_authors_call_theirs_twice_is_proposed_with_one_word_before_its_head(extract_one):
    twice = extract_one("We study how buyers pick items. Our routing model explains the picks, and we fit our "
                        "routing model to sales logs.")
    assert ("proposes", "routing model") in relations(twice)
    once = extract_one("We study how buyers pick items. Our routing model explains the picks on sales logs.")
    assert "routing model" not in {n.lower() for n in by_name(once)}


def test_time_complexity_and_frames_per_second_in_lower_case_are_metrics(extract_one):
    result = extract_one("FooTrack runs at 50 fps and has a time complexity linear in the number of objects.")
    assert {("usesMetric", "fps"), ("usesMetric", "time complexity")} <= relations(result)


def test_task_nouns_the_chunker_passes_over_are_tasks_without_what_opens_no_name(extract_one):
    result = extract_one("FooEmbed helps with text-to-audio retrieval and action localization alike. FooGen reaches "
                         "state-of-the-art image synthesis. In our tests the tagger improves scores in several word "
                         "sense induction benchmarks.")
    tasks = {name for predicate, name in relations(result) if predicate == "addresses"}
    assert {"text-to-audio retrieval", "action localization", "image synthesis", "word sense induction"} <= tasks
    assert not any("state-of-the-art" in name or name == "sense induction" for name in tasks)
    named = extract_one("We propose a modular framework for text-to-FooQuery generation, named FooCAD.")
    assert "generation" not in by_name(named)  # the task of a name before it is no bare "generation"


def test_a_quantity_in_a_unit_of_storage_or_frequency_is_no_name(extract_one):
    result = extract_one("FooNet handles a node classification graph exceeding 1TB in size and runs at 375Hz on "
                         "a 16GB card.")
    assert not {"1TB", "375Hz", "16GB"} & set(by_name(result))


def test_a_sentence_opening_word_the_text_also_writes_in_lower_case_is_decapitalised(extract_one):
    result = extract_one("Knowledge distillation (KD) moves knowledge from a teacher to a student. Graph Neural "
                         "Networks (GNNs) read graphs. We study KD for GNNs.")
    names = set(by_name(result))
    assert "knowledge distillation" in names and "Knowledge distillation" not in names
    assert "Graph Neural Network" in names  # a title-cased name keeps its capitals


def test_llm_agents_and_foundation_models_are_models(extract_one):
    result = extract_one("In FooPlan, the LLM agent edits its plan after each step. Persistent memory empowers "
                         "LLM-based agents with planning skills. Foundation models like FooCLIP see images.")
    assert {("usesModel", "LLM agent"), ("usesModel", "LLM-based agent"),  # no "memory empowers"
            ("usesModel", "foundation model")} <= relations(result)


def test_a_title_contribution_is_proposed_though_the_abstract_names_a_shorter_phrase_ending_alike(extract_one):
    abstract = "Discrete variables are hard to train. We derive a gradient estimator of low variance for them."
    result = extract_one(abstract, title="Tempered Foo-Softmax Gradient Estimator for Discrete Variables")
    assert ("proposes", "Tempered Foo-Softmax Gradient Estimator") in relations(result)
    clause = extract_one(abstract, title="Deep Learning Requires Tempered Gradient Estimators")
    assert not any(name.startswith("Deep Learning") for name in by_name(clause))  # a title that is a sentence
    sized = extract_one("We probe how well language models read tables.", title="Small Language Models for Tables")
    assert "Small Language Models" not in by_name(sized)  # a known class the title only sizes is studied


def test_bare_task_nouns_listed_as_examples_of_tasks_are_tasks(extract_one):
    result = extract_one("Our losses suit problems such as classification or ranking. The model suits tasks like "
                         "summarization.")
    assert {("addresses", "classification"), ("addresses", "ranking"), ("addresses", "summarization")} <= relations(result)
    bare = extract_one("We design surrogate losses whose classification is hard.")
    assert "classification" not in by_name(bare)


def test_words_that_judge_a_term_or_take_it_as_an_object_do_not_narrow_it(extract_one):
    result = extract_one("Graph models have received increasing attention. We gain accuracy by fine-tuning BERT "
                         "and by training CNN models on a well explored low-bit quantization scheme. We propose "
                         "recursively branched diffusion models for generation.")
    names = set(by_name(result))
    assert "attention" not in names and "increasing attention" not in names  # interest, not a mechanism
    assert {"BERT", "CNN"} <= names and not any(n.startswith(("fine-tuning ", "training ")) for n in names)
    assert "explored low-bit quantization" not in names
    assert ("proposes", "branched diffusion model") in relations(result)  # an adverb of manner keeps its word


def test_a_title_subject_headed_by_learning_before_its_purpose_is_the_paper_s_method(extract_one):
    result = extract_one("We study speech that is translated by shared encoders.",
                         title="Coupled Foo Multitask Learning for Spoken Language Translation")
    assert ("proposes", "Coupled Foo Multitask Learning") in relations(result)
    setting = extract_one("We explore agents that learn offline.", title="Offline Multi-Goal Reinforcement "
                          "Learning via Foo Regression")
    assert not any(p == "proposes" and "Reinforcement Learning" in name for p, name in relations(setting))


def test_what_presented_results_or_an_analysis_are_with_is_not_proposed(extract_one):
    result = extract_one("We reduce plan search to a known planning problem, and we present our experimental results "
                         "with the FooFF planner. We present an analysis of BarNet.")
    assert not {("proposes", "FooFF"), ("proposes", "BarNet")} & relations(result)
    named = extract_one("We present a variant of FooNet called BazNet, and a set of noise-robust QuxLoss functions.")
    assert ("proposes", "BazNet") in relations(named)


def test_a_lower_case_example_of_tasks_names_an_activity(extract_one):
    result = extract_one("We evaluate on tasks such as formality transfer and answer selection, and on prediction "
                         "tasks including colorectal cancer and joint entity.")
    names = {n.lower() for n in by_name(result)}
    assert {"formality transfer", "answer selection"} <= names
    assert not {"colorectal cancer", "joint entity"} & names


def test_a_known_name_before_a_known_metric_it_runs_into_stays_a_name(extract_one):
    result = extract_one("FooQuant-S gets 71.5% ImageNet Top-1 accuracy, and its search has attracted a lot of "
                         "attention. Shallow transformers only solve problems in TC⁰, and gains show in average reward.")
    found = relations(result)
    assert {("evaluatedOn", "ImageNet"), ("usesMetric", "Top-1 accuracy"), ("usesMetric", "average reward")} <= found
    assert not {"attention", "TC⁰"} & set(by_name(result))
    assert [(r.metric, r.dataset) for r in result.results][:1] == [("top1accuracy", "imagenet")]


def test_what_a_measure_is_taken_on_is_a_dataset(extract_one):
    result = extract_one("FooTune cuts the detector's AUROC to 0.55, and perplexity on BarText grows to 9.0.")
    bartext = by_name(result)["BarText"]
    assert bartext.type == "Dataset" and "9.0" in {r.value_text for r in result.results if r.dataset == bartext.key}


def test_a_contribution_said_in_the_present_passive_is_proposed(extract_one):
    result = extract_one("Quantized search is slow. A staged weight sharing method is introduced for small "
                         "models. A greedy sampling strategy was proposed by earlier work.")
    found = relations(result)
    assert ("proposes", "weight sharing method") in found
    assert not any(p == "proposes" and "sampling strategy" in name for p, name in found)  # others' work, past


def test_an_adjective_made_of_a_name_is_no_name(extract_one):
    result = extract_one("FooNet handles non-IID clients, LLM-generated text and L1-regularized weights with FooGAN.")
    names = set(by_name(result))
    assert "FooNet" in names and not {"non-IID", "LLM-generated", "L1-regularized"} & names


def test_a_title_cased_evaluative_word_is_no_name_and_known_vision_and_graph_terms(extract_one):
    result = extract_one("FooVO wins on Standard benchmarks. It joins bundle adjustment to structure from motion, and "
                         "we study clusters in the stochastic block model.")
    names = {n.lower() for n in by_name(result)}
    assert "standard" not in names
    assert {"bundle adjustment", "structure from motion", "stochastic block model"} <= names


def test_years_listed_after_a_name_are_its_other_editions(extract_one):
    result = extract_one("We train FooDet on FooSeg 2019 and 2021 and test it on BarPose 2016, 2017 and 2018. "
                         "Between 2019 and 2021 the detector improved.")
    names = set(by_name(result))
    assert {"FooSeg 2019", "FooSeg 2021", "BarPose 2016", "BarPose 2017", "BarPose 2018"} <= names
    assert not any(name.startswith(("FooDet 20", "FooSeg 2016")) for name in names)


def test_and_present_read_as_an_adjective_is_still_the_authors_verb(extract_one):
    result = extract_one("In this paper, we show that pruning redundant filters is harmful for calibration and "
                         "present FooReg, a novel pruning technique that keeps calibrated filters.")
    assert ("proposes", "FooReg") in relations(result)
    other = extract_one("We study the calibration of pruned filters and present results on FooSet, where pruning "
                        "hurts.")
    assert not any(p == "proposes" for p, _ in relations(other))


def test_a_name_apposed_to_the_new_name_that_was_named_before_is_not_proposed(extract_one):
    result = extract_one("BarGAR fits sensor series well. We develop QuGAR, a simplified BarGAR with the same "
                         "accuracy.")
    found = relations(result)
    assert ("proposes", "QuGAR") in found and ("proposes", "BarGAR") not in found


def test_a_name_after_our_new_dataset_is_proposed(extract_one):
    result = extract_one("We evaluate on BarSet and our new dataset BazSet-R, where our proposed search algorithm "
                         "QuxFind is best.")
    found = relations(result)
    assert {("proposes", "BazSet-R"), ("proposes", "QuxFind")} <= found and ("proposes", "BarSet") not in found
    other = extract_one("We evaluate our novel method on BarSet.")
    assert ("proposes", "BarSet") not in relations(other)


def test_source_separation_is_a_known_task(extract_one):
    result = extract_one("We study blind source separation. FooMix helps speech separation.")
    names = by_name(result)
    assert names["blind source separation"].type == names["speech separation"].type == "Task"


def test_a_known_dataset_before_a_task_noun_and_what_a_method_improves_over(extract_one):
    result = extract_one("On the Cityscapes segmentation task, FooMix improves accuracy by 4.9% over BarGAN.")
    names = by_name(result)
    assert names["Cityscapes"].type == "Dataset" and "Cityscapes segmentation" not in names
    assert names["BarGAN"].type != "Dataset" and ("comparesWith", "BarGAN") in relations(result)


def test_a_system_named_before_its_shared_task_is_proposed_and_the_task_after_the_colon_addressed(extract_one):
    text = "We propose a regression system for tweets. Its features feed an SVR regressor."
    result = extract_one(text, title="FooMiner at SemEval-2031 Task 4: Sarcasm Intensity Detection Using Bar Features")
    found = relations(result)
    assert ("proposes", "FooMiner") in found and ("addresses", "Sarcasm Intensity Detection") in found
    assert not any("SemEval" in name for p, name in found if p == "proposes")
    verb = extract_one(text, title="FooNet: Rethinking Lyric Emotion Detection")
    assert ("addresses", "Lyric Emotion Detection") in relations(verb)  # the verb opening the description left out
    of = extract_one(text, title="FooNet: Fast Estimation of Transport Distances")
    assert not any(name.startswith("Fast Estimation") for _, name in relations(of))  # the estimation is of something
    plain = extract_one(text, title="A Closer Look at Lyric Emotion Detection")
    assert not any(p == "proposes" and "Closer" in name for p, name in relations(plain))
    # an article opening the title's name is no part of it, and the abstract's name is then the same entity
    article = extract_one("We introduce ZORB, a collection of synthetic widget images.",
                          title="The ZORB Dataset: A Collection of Widget Images for Gadget Segmentation")
    assert [(e.name, e.aliases) for e in article.entities if "ZORB" in e.name] == [("ZORB", ("ZORB Dataset",))]


def test_a_sentences_capitalised_first_word_narrows_a_known_term_unless_a_gerund(extract_one):
    result = extract_one("Supervised contrastive learning pulls classes apart. Training diffusion models is slow.")
    names = {n.lower() for n in by_name(result)}
    assert "supervised contrastive learning" in names
    assert "diffusion model" in names and not any(n.startswith("training") for n in names)


def test_a_task_participle_narrows_a_metric_and_listed_variables_are_no_name(extract_one):
    result = extract_one("We bound the clustering accuracy of FooMix, which predicts labels X,Y from data.")
    names = set(by_name(result))
    assert "clustering accuracy" in names and "X,Y" not in names


def test_versions_listed_after_a_name_are_its_other_editions(extract_one):
    result = extract_one("We test FooDet on FooQA v1 and v2 and on Bar-Bar V1 \\& V2.")
    assert {"FooQA v1", "FooQA v2", "Bar-Bar V1", "Bar-Bar V2"} <= set(by_name(result))


def test_a_name_apart_from_the_object_that_is_a_name_is_not_proposed(extract_one):
    result = extract_one("To scale it, we propose FOOGP, the first Fast Online Ordinal Gaussian Process inference for "
                         "regression, on the recent large-scale platform, QUUX SERVER.")
    found = relations(result)
    assert ("proposes", "Fast Online Ordinal Gaussian Process") in found and ("proposes", "QUUX SERVER") not in found
    assert "FOOGP" in by_name(result)["Fast Online Ordinal Gaussian Process"].aliases
    beside = extract_one("We present a novel actor-critic framework, BarAC, to address the problem.")
    assert ("proposes", "BarAC") in relations(beside)  # a name beside a phrase object still is


def test_a_long_form_never_opens_with_a_function_word(extract_one):
    result = extract_one("The core of FooNet is to devise an efficient temporal module (TDM) for short clips.")
    names = set(by_name(result))
    assert "TDM" in names and not any(name.startswith("to ") for name in names)


def test_a_data_noun_after_a_names_task_words_makes_it_a_dataset(extract_one):
    result = extract_one("We apply FooSuite to the BarGEM generation benchmark and the QuxQA question answering "
                         "dataset.")
    names = by_name(result)
    assert names["BarGEM"].type == names["QuxQA"].type == "Dataset"


def test_task_conjuncts_the_parser_folded_into_one_chunk_or_one_conjunct(extract_one):
    result = extract_one("FooVec helps dependency parsing, document classification and natural language inference. "
                         "FooBrain handles downstream tasks (i.e. signal forecasting, imputation and seizure "
                         "detection).")
    names = by_name(result)
    assert names["document classification"].type == names["seizure detection"].type == "Task"


def test_capitalised_words_listed_before_a_data_noun_and_a_word_the_authors_introduce_are_names(extract_one):
    result = extract_one("In this paper, we introduce Zorvan for building sparse word vectors. Experiments on the "
                         "Quorel and Stocktalk datasets show gains.")
    names = by_name(result)
    assert names["Quorel"].type == names["Stocktalk"].type == "Dataset"
    assert ("proposes", "Zorvan") in relations(result)


def test_a_value_in_brackets_after_its_metric_is_a_result(extract_one):
    result = extract_one("FooAlign beats prior aligners on word error rate (29.6%) and F-measure (36.9%).")
    found = {(r.value_text, r.metric) for r in result.results}
    assert {("29.6%", "worderrorrate"), ("36.9%", "fmeasure")} <= found


def test_a_language_alone_is_no_name_but_names_a_corpus_with_it(extract_one):
    result = extract_one("We train FooSum on the English Gigaword and on the English and German datasets.")
    names = by_name(result)
    assert names["English Gigaword"].type == "Dataset" and not {"English", "German"} & set(names)


def test_markov_decision_processes_are_known_and_other_than_or_differs_from_compare_nothing(extract_one):
    result = extract_one("We study Markov decision processes. FooRecon needs no input other than the "
                         "BarCloud scan, and its gain may come from FooNet blocks, which differ from the QuxNet.")
    names, found = by_name(result), relations(result)
    assert "Markov decision process" in names
    assert ("comparesWith", "BarCloud") not in found and names["QuxNet"].type != "Dataset"


def test_a_name_apposed_to_an_indefinite_data_phrase_is_a_dataset_unless_a_clause_opens_there(extract_one):
    result = extract_one("We test on several tasks, including a long-tailed and noisy dataset, QuxVision. On a "
                         "benchmark dataset, FooWave beats prior vocoders.")
    names = by_name(result)
    assert names["QuxVision"].type == "Dataset" and names["FooWave"].type != "Dataset"


def test_a_variant_of_a_known_method_proposes_no_name_but_a_name_the_authors_call_it_is(extract_one):
    result = extract_one("We develop a variant of FooMCMC to draw samples. We call this version BarOMP and test it.")
    found = relations(result)
    assert ("proposes", "FooMCMC") not in found and ("proposes", "BarOMP") in found


def test_hyphenated_f1_score_and_k_means_clustering_are_known(extract_one):
    result = extract_one("FooDetect reaches an F1-score of 95.1% after K-means clustering of its memory items.")
    names = by_name(result)
    assert names["F1-score"].type == "Metric" and "K-means clustering" in names
    assert [(r.value_text, r.metric) for r in result.results] == [("95.1%", "f1score")]


def test_what_a_contribution_is_built_with_is_not_proposed_unless_called_new_or_named(extract_one):
    result = extract_one("We construct a decoder based on the FooMAP estimate via the BarEM algorithm. We propose to "
                         "train deep networks with a novel Zeta Loss (ZL). We introduce an architecture inspired by "
                         "FooNet, called BazNet.")
    found = relations(result)
    assert not {("proposes", "FooMAP"), ("proposes", "BarEM")} & found
    assert {("proposes", "Zeta Loss"), ("proposes", "BazNet")} <= found


def test_comparative_words_open_no_term(extract_one):
    result = extract_one("FooGAN can employ a smaller critic network than BarGAN, giving a faster algorithm.")
    names = {n.lower() for n in by_name(result)}
    assert not any(n.startswith(("smaller", "stronger")) for n in names)


def test_activity_nouns_joined_by_and_are_two_tasks(extract_one):
    result = extract_one("FooFin is faster for speech recognition, language modeling and dependency parsing, with a "
                         "gain.")
    names = by_name(result)
    assert names["language modeling"].type == names["dependency parsing"].type == "Task"


def test_slash_joined_metrics_and_values_pair_by_place(extract_one):
    result = extract_one("FooCap obtains METEOR/CIDEr-D of 25.2%/98.6% on BarCOCO, and FooSR improves PSNR/SSIM "
                         "by 1.2dB/0.03 and 0.9dB/0.02 on BarSet5.")
    names = by_name(result)
    assert {"METEOR", "CIDEr-D", "PSNR", "SSIM"} <= set(names)
    found = {(r.value_text, r.metric) for r in result.results}
    assert {("25.2%", "meteor"), ("98.6%", "ciderd"), ("1.2dB", "psnr"), ("0.03", "ssim"), ("0.9dB", "psnr"),
            ("0.02", "ssim")} <= found


def test_what_a_contribution_is_for_is_not_proposed(extract_one):
    result = extract_one("We propose a framework for BarCam cameras.")
    assert ("proposes", "BarCam") not in relations(result)


def test_attention_given_to_a_topic_or_held_by_someone_is_no_mechanism(extract_one):
    result = extract_one("Much attention has been put on widget fairness of late. Readers shift their attention to FooNet, "
                         "and we devote attention to quux parity. There has been minimal attention toward gadgets.")
    assert not {n.lower() for n in by_name(result)} & {"attention", "minimal attention"}
    gathered = extract_one("Widget sorting has gathered significant attention. FooNet sorts widgets.")
    assert "attention" not in {n.lower() for n in by_name(gathered)}
    used = extract_one("FooNet uses attention to weigh widgets.")
    assert "attention" in by_name(used)


def test_a_singular_abbreviation_of_a_model_class_counts_as_a_use(extract_one):
    result = extract_one("Step sizes matter for deep neural networks (DNN) and their widgets. FooSched follows "
                         "the loss curves of DNN.")
    assert "neural network" in by_name(result)


def test_a_known_term_narrowed_before_its_abbreviation_keeps_its_modifier(extract_one):
    result = extract_one("Offline reinforcement learning (RL) trains widgets from logs. FooQ is an offline RL "
                         "method; RL agents gain.")
    names = by_name(result)
    assert "offline reinforcement learning" in names and "offline RL" in names["offline reinforcement learning"].aliases
    assert "offline RL" not in names
    assert "RL" in names["reinforcement learning"].aliases
    capitalised = extract_one("A shared Feature Pyramid Network (FPN) feeds the widget head.")
    assert "shared Feature Pyramid Network" not in by_name(capitalised)


def test_a_word_of_three_hyphen_joined_parts_narrows_a_known_term_whole(extract_one):
    result = extract_one("We steer widget-to-gadget diffusion models with off-the-shelf diffusion models.")
    names = set(by_name(result))
    assert "widget-to-gadget diffusion model" in names
    assert not any(n.startswith(("to-gadget", "gadget", "off-the-shelf")) for n in names)


def test_list_members_with_their_sizes_share_the_list_s_type(extract_one):
    result = extract_one("We score widgets on three benchmarks: FooSet-15 with 40 clips, BarSet-15 (75 clips) and "
                         "Baz-Gray with 12 clips.")
    assert {("evaluatedOn", "FooSet-15"), ("evaluatedOn", "BarSet-15"), ("evaluatedOn", "Baz-Gray")} <= relations(result)


@pytest.mark.parametrize("abstract, title, task", [
    # a purpose after "to" and a purpose verb, as after "for"
    ("We release widget clips from five gadget makers.", "QuuxClips: A Widget Corpus to Facilitate Gadget "
     "Forgery Detection", "Gadget Forgery Detection"),
    # a task gerund's task, though the abstract names the gerund's object ("widget trails")
    ("Our model writes widget trails that people can follow.", "Generating Widget Trails from Gadget Maps",
     "Generating Widget Trails"),
    # tasks listed after a title task share its role
    ("We train widgets.", "A Quux Net for Gadget Detection, Gizmo Segmentation and Doohickey Tracking",
     "Gizmo Segmentation"),
    ("We train widgets.", "A Quux Net for Gadget Detection, Gizmo Segmentation and Doohickey Tracking",
     "Doohickey Tracking"),
    # a learning setting a title serves
    ("We build widget decoders.", "QUUX: Widget Decoders for Gadget Learning", "Gadget Learning"),
    # praise joined by "and" opens the subject
    ("Our widgets group rows and columns together.", "Fast and Accurate Gadget-Based Biclustering",
     "Gadget-Based Biclustering"),
])
def test_a_title_names_its_task(extract_one, abstract, title, task):
    assert ("addresses", task) in relations(extract_one(abstract, title=title))


def test_real_time_is_no_name_though_the_title_capitalises_it(extract_one):
    result = extract_one("We introduce FooTrack, a widget tracker that follows many widgets in real time.",
                         title="FooTrack: Online Widget Tracking in Real Time")
    assert "real time" not in {n.lower() for n in by_name(result)}


def test_a_task_noun_a_name_is_for_is_a_task(extract_one):
    result = extract_one("Our widgets run on FooSet-10 for classification, and on BazCO for detection.")
    assert {("addresses", "classification"), ("addresses", "detection")} <= relations(result)


def test_a_verb_in_base_form_takes_the_term_after_it_as_its_object(extract_one):
    result = extract_one("We fine-tune BERT on widgets, and pre-train language models on gadgets.")
    names = set(by_name(result))
    assert {"BERT", "language model"} <= names
    assert not any(n.startswith(("fine-tune", "pre-train")) for n in names)


def test_an_eponym_before_a_method_activity_is_one_name(extract_one):
    result = extract_one("We run Quux-Zorb-Blick smoothing on widgets and Foo-Bar quantization on gadgets.")
    names = set(by_name(result))
    assert {"Quux-Zorb-Blick smoothing", "Foo-Bar quantization"} <= names
    assert not {"Quux-Zorb-Blick", "Foo-Bar"} & names


def test_a_noun_the_parser_hangs_beside_a_one_word_term_narrows_it(extract_one):
    result = extract_one("We fit widgets with off-the-shelf group lasso solvers. Foo flow, a rarely studied "
                         "normalizing flow, beats a baseline transformer.")
    names = set(by_name(result))
    assert "group lasso" in names and "lasso" not in names
    assert "studied normalizing flow" not in names and "baseline transformer" not in names


def test_a_capitalised_name_right_after_a_colon_is_read_whole(extract_one):
    result = extract_one("We audit two widget services: Quux Vision and Zorb Cloud.")
    assert {"Quux Vision", "Zorb Cloud"} <= set(by_name(result))


def test_a_participle_in_an_opening_phrase_is_not_the_authors_verb(extract_one):
    result = extract_one("Taking both old and recently released gadget datasets, we see that widgets break.")
    assert not any(p == "proposes" for p, _ in relations(result))
    built = extract_one("We have built and released FooSet, a corpus of widgets.")
    assert ("proposes", "FooSet") in relations(built)


def test_based_written_apart_narrows_only_with_a_hyphenated_word_before_it(extract_one):
    result = extract_one("We study point widget based 3D reconstruction and gadget-norm based pruning.")
    names = set(by_name(result))
    assert "3D reconstruction" in names and not any(n.startswith("based") for n in names)
    assert "gadget-norm based pruning" in names


def test_an_eponym_goes_on_a_name_it_follows(extract_one):
    result = extract_one("The rank is read from the eigenvalues of the Quux Hessian matrix. We fit a mixture of "
                         "Gaussians to widgets.")
    names = set(by_name(result))
    assert "Quux Hessian" in names and "Quux" not in names
    assert not any("Gaussians" in n for n in names)


def test_a_known_dataset_before_a_model_ends_its_name(extract_one):
    result = extract_one("Widgets help a Wikitext-103 LM and an ImageNet ResNet-50 alike.")
    found = relations(result)
    assert {("evaluatedOn", "Wikitext-103"), ("evaluatedOn", "ImageNet"), ("usesModel", "ResNet-50")} <= found
    assert not any(name in ("Wikitext-103 LM", "ImageNet ResNet-50") for _, name in found)


def test_a_task_list_stops_at_a_preposition_gerund(extract_one):
    result = extract_one("We run real-world widget applications including sparse minimum gadget covering problems.")
    assert not any("including" in name for name in by_name(result))


def test_a_name_with_an_adjective_suffix_is_no_name(extract_one):
    result = extract_one("Our renderer gives 3D-consistent widgets and FOO-invariant gadgets.")
    assert not {"3D-consistent", "FOO-invariant"} & set(by_name(result))


def test_a_slogan_title_with_beyond_and_a_degree_name_nothing(extract_one):
    result = extract_one("Our bounds cover HMC Markov chains, and the widgets come from PhD theses.",
                         title="Widgets Beyond Gadgets: Raw Quux Data for Fusion")
    names = set(by_name(result))
    assert not {"Widgets Beyond Gadgets", "PhD", "HMC Markov"} & names


def test_a_lone_name_with_a_parameter_count_is_a_model(extract_one):
    result = extract_one("The T5-based Zorblat with 11B parameters sorts widgets, and Blick (7B) "
                         "does too.")
    names = by_name(result)
    assert names["Zorblat"].type == "Model" and names["Blick"].type == "Model"


def test_a_plausible_model_is_no_name_and_an_eponym_metric_is_one(extract_one):
    result = extract_one("We introduce a biologically plausible model of widget growth. Widgets move along curves of "
                         "a Quux metric.")
    names = set(by_name(result))
    assert "plausible model" not in names and "Quux metric" in names


def test_hyphenated_surnames_in_a_citation_are_no_names(extract_one):
    result = extract_one("Widget hashing builds on Spherical LSH (Zorb-Blick-Quux 2014) (Zorb-Quux 2015) and runs fast.")
    names = set(by_name(result))
    assert "Spherical LSH" in names and not any("Zorb" in n for n in names)


def test_a_drop_in_a_measure_and_praise_are_no_part_of_a_name(extract_one):
    result = extract_one("FooNet prunes widget models with little performance loss and keeps prior art performance. "
                         "We train remarkable widget encoders and a contrastive gadget loss.")
    assert set(by_name(result)) == {"FooNet", "widget encoder", "contrastive gadget loss"}, by_name(result)


def test_dimensions_alone_or_paired_are_no_names(extract_one):
    result = extract_one("We combine 2D-3D widget features with 2.5D gadget cues in FooNet.")
    assert set(by_name(result)) == {"FooNet"}, by_name(result)


def test_a_name_ending_in_a_conference_and_its_year_cites_a_paper(extract_one):
    result = extract_one("The widget bound was shown in Foobar-Baz FOCS15 and in [Quux NeurIPS21]; FooNet, like the "
                         "popular Widget dataset (Zorb et al., ICCV 2015) and the results presented at COLT, helps.")
    assert set(by_name(result)) == {"FooNet", "Widget"}, by_name(result)
    # a dataset named with its workshop's year stays: ICDAR is no venue on the list
    kept = extract_one("FooNet reads text on ICDAR 2015 and beats BarNet.")
    assert {"ICDAR 2015", "FooNet", "BarNet"} <= set(by_name(kept))


@pytest.mark.parametrize(("text", "name", "etype", "absent"), [
    # a measure's acronym before "loss" names a training loss, not a drop in the measure
    ("We train widgets with the MSE loss function and report a small accuracy loss.", "MSE loss", "Method",
     "accuracy loss"),
    # a known lower-case dataset name inside a task phrase is the dataset, not part of the task
    ("FooNet beats prior models on the enwik8 character level prediction task with 1.2 BPC.", "enwik8", "Dataset",
     "enwik8 character level prediction"),
])
def test_a_known_name_inside_a_longer_phrase_keeps_its_own_type(extract_one, text, name, etype, absent):
    names = by_name(extract_one(text))
    assert names[name].type == etype
    assert absent not in names


def test_names_of_a_pair_after_a_plural_noun_or_two_acronyms_are_two_names(extract_one):
    result = extract_one("The resulting widgets, called Quux Pro and Zorb Pro, beat their plain versions. We also "
                         "give a method called FOOB and BARQ for gadgets.")
    names = set(by_name(result))
    assert {"Quux Pro", "Zorb Pro", "FOOB", "BARQ"} <= names
    assert not any(" and " in name for name in names)
    single = extract_one("We give a widget framework called Quux Sorting and Zorb Merging.")
    assert "Quux Sorting and Zorb Merging" in set(by_name(single))


def test_a_number_of_dimensions_opens_a_phrase_the_title_names(extract_one):
    result = extract_one("Existing 3D widget datasets are small, and 3D gadgets are rare.",
                         title="A Large 3D Widget Dataset of 3D Gadgets")
    names = set(by_name(result))
    assert "3D widget dataset" in names and "3D gadget" not in names


def test_a_capitalised_possessive_opens_a_name_of_plain_capitalised_words(extract_one):
    names = set(by_name(extract_one("We evaluate QuuxNet on the Children's Widget Test and on Raven's Gadget "
                                    "Matrices. OpenAI's Widget Model fails. Lloyd's K-means is slow.")))
    assert {"Children's Widget Test", "Raven's Gadget Matrix"} <= names
    assert not {"OpenAI's Widget Model", "Lloyd's K-means", "Widget Test"} & names


def test_organisations_cities_and_diseases_alone_are_no_names(extract_one):
    result = extract_one("We compare gadgets released by OpenAI and NVIDIA with widgets from New York City, and "
                         "test them on OpenAI Gym.")
    names = set(by_name(result))
    assert "OpenAI Gym" in names and not {"OpenAI", "NVIDIA", "New York City"} & names
    outbreak = set(by_name(extract_one("QuuxNet forecasts COVID-19 deaths in the U.S. better than the CDC widget. "
                                       "We release the COVID-19 Widget Corpus.")))
    assert "COVID-19 Widget Corpus" in outbreak and not {"COVID-19", "U.S", "U.S.", "CDC"} & outbreak


def test_average_and_downstream_narrow_a_known_metric(extract_one):
    result = extract_one("Our widget raises the average accuracy and keeps the downstream accuracy of gadgets.")
    names = set(by_name(result))
    assert {"average accuracy", "downstream accuracy"} <= names and "accuracy" not in names


@pytest.mark.parametrize("title", ["FooBench --- A Widget Benchmark for Gadgets", "FooBench -- A Widget Benchmark"])
def test_a_title_name_before_a_typed_dash_is_the_proposal(extract_one, title):
    result = extract_one("We release a benchmark of widgets and test gadgets on it.", title=title)
    assert ("proposes", "FooBench") in relations(result)


@pytest.mark.parametrize("title", ["Quux Strikes Back: Sparse Widgets in Gadgets", "Zorb Matters: Widgets for Gadgets",
                                   "Widget Meets Gadget: A Study"])
def test_a_slogan_with_a_verb_before_a_title_colon_is_no_name(extract_one, title):
    result = extract_one("We study widgets and their gadgets.", title=title)
    assert not any(name.startswith(("Quux", "Zorb", "Widget Meets")) for name in by_name(result))


def test_letters_joined_by_slashes_and_natural_language_before_a_term(extract_one):
    result = extract_one("Our widget corpus serves natural language question answering on gadgets. Widgets are "
                         "stored per channel, not as R/G/B triples. Widgets help natural language tasks.")
    names = set(by_name(result))
    assert "natural language question answering" in names and not {
        "R/G/B", "language question answering", "natural language"} & names
    # a phrase of the title too opens with "natural" there
    titled = extract_one("We map natural language widget interfaces to gadget queries.",
                         title="Natural Language Widget Interfaces for Quux Gadgets")
    assert "natural language widget interface" in {n.lower() for n in by_name(titled)}


def test_the_title_name_with_a_head_noun_is_the_abstract_name_without_it(extract_one):
    result = extract_one("We propose a Quux-Zorb (QZ) loss for widgets, which trains gadgets faster.",
                         title="Quux-Zorb Loss: Faster Widgets for Gadgets")
    proposed = [e for e in result.entities if ("proposes", e.name) in relations(result)]
    assert len(proposed) == 1 and "Quux-Zorb Loss" in proposed[0].aliases


def test_an_eponym_s_possessive_takes_its_method_noun(extract_one):
    result = extract_one("We sort widgets with Zorblat's algorithm, then Quuxer’s method, and the method of "
                         "multipliers.")
    names = set(by_name(result))
    assert {"Zorblat's algorithm", "Quuxer’s method", "method of multipliers"} <= names
    assert not {"Zorblat", "Quuxer"} & names


@pytest.mark.parametrize(("sentence", "a_metric"), [("Widget models that recall past gadgets learn fast.", False),
                                                   ("We report the precision and recall of widget models.", True)])
def test_a_metric_word_used_as_a_verb_is_no_metric(extract_one, sentence, a_metric):
    assert ("recall" in by_name(extract_one(sentence))) == a_metric


def test_a_long_form_in_brackets_after_its_acronym_may_be_long(extract_one):
    result = extract_one("We introduce FOOB (Fast Ordered Object by Bundling of Widgets network), a model for gadgets.")
    names = by_name(result)
    assert "FOOB" in names and "Fast Ordered Object by Bundling of Widgets network" in names["FOOB"].aliases


def test_the_acronym_a_title_opens_with_is_proposed_though_its_long_form_names_a_task(extract_one):
    result = extract_one("Here we propose FOOB (Fast and Ordered Object Bundle Recognition) a simple framework for "
                         "widget recognition.", title="FOOB: Fast and Ordered Object Bundle Recognition")
    assert ("proposes", "FOOB") in relations(result)
    assert "Fast and Ordered Object Bundle Recognition" in by_name(result)["FOOB"].aliases
    known = extract_one("We answer questions about widget images.", title="VQA: Visual Question Answering on Widgets")
    assert not any(predicate == "proposes" for predicate, _ in relations(known))


def test_a_name_spelt_out_after_its_colon_is_one_entity_with_it(extract_one):
    text = "We introduce GQE: a Gadget Query Engine for tables. GQE answers questions over gadget tables."
    entity = next(e for e in extract_one(text).entities if "GQE" in (e.name, *e.aliases))
    assert "Gadget Query Engine" in (entity.name, *entity.aliases)
    # in a title, the abstract's lower-case name the title spells out with capitals joins the title's name
    result = extract_one("In this paper we present a deep widget ranking model trained on clicks.",
                         title="DeWiRa: A Deep Widget Ranking Model")
    entity = next(e for e in result.entities if e.name == "deep widget ranking model")
    assert "DeWiRa" in entity.aliases
    assert ("proposes", "deep widget ranking model") in relations(result)


def test_an_activity_narrows_a_speed_but_a_method_noun_no_performance(extract_one):
    result = extract_one("Our FooNet beats BarNet in terms of widget quality and sampling speed.")
    assert {"widget quality", "sampling speed"} <= {e.name for e in result.entities if e.type == "Metric"}
    result = extract_one("FooNet reaches strong training performance and model performance on 3 widget sets.")
    assert not {"training performance", "model performance"} & set(by_name(result))


def test_baselines_the_authors_establish_are_no_contribution(extract_one):
    result = extract_one("We establish strong baselines in terms of accuracy for two widget sets: Foo Widget Base "
                         "(FWB) and Bar Gadget Set (BGS).")
    assert not {p for p, _ in relations(result)} & {"proposes"}
    assert {"Foo Widget Base", "Bar Gadget Set"} <= set(by_name(result))


def test_what_a_method_combines_is_used_unless_called_new(extract_one):
    result = extract_one("We build a widget planner by combining gadget-aware sparse optimization with quux search.")
    assert ("usesMethod", "gadget-aware sparse optimization") in relations(result)
    result = extract_one("Our planner uses a novel gadget-aware sparse relaxation scheme to plan widgets.")
    assert ("proposes", "gadget-aware sparse relaxation scheme") in relations(result)


def test_a_lower_case_chunk_a_technique_noun_heads_is_a_method(extract_one):
    result = extract_one("The widget ranker is trained with a contrastive gadget loss, and the total loss sums two "
                         "terms. We also provide a novel quux gradient estimator for it.")
    assert ("usesMethod", "contrastive gadget loss") in relations(result)
    assert ("proposes", "quux gradient estimator") in relations(result)  # a governing word says more
    assert not {"total loss", "loss"} & set(by_name(result))
    # a technique noun after a name is the name's; joined phrases are no one technique
    result = extract_one("The FooNet encoder feeds a fast or accurate decoder loss.")
    assert not {"FooNet encoder", "fast or accurate decoder loss", "accurate decoder loss"} & set(by_name(result))


def test_a_known_name_shaped_as_a_version_and_a_known_camel_case_name_in_title_case(extract_one):
    result = extract_one("Our Foo adapter improves T5 on the Librispeech corpus, while the M2 setting stays hard.")
    names = by_name(result)
    assert names["T5"].type == "Model" and names["Librispeech"].type == "Dataset"
    assert "M2" not in names  # a lone version is no name


def test_eponym_terms_known_measures_modeling_tasks_and_spaced_spellings_of_hyphenated_terms(extract_one):
    names = by_name(extract_one("We build on meta learning and fit a widget model with a modified Zorbel statistic, "
                                "bound its Quux complexity and so improve widget trajectory modeling. We report the "
                                "C-index on two gadget sets. We cast it in the Quuxley-Barman formulation and solve a "
                                "Zorbel equation."))
    # eponyms before statistic, complexity, formulation, equation
    assert {"modified Zorbel statistic", "Quux complexity", "Quuxley-Barman formulation",
            "Zorbel equation"} <= set(names)
    assert names["C-index"].type == "Metric" and names["widget trajectory modeling"].type == "Task"
    assert "meta learning" in names  # the lexicon's meta-learning, written with a space


def test_the_task_the_authors_introduce_or_address_may_end_in_a_gerund(extract_one):
    result = extract_one("We introduce the task of automatic widget commenting. Gadgets help.")
    assert by_name(result)["automatic widget commenting"].type == "Task"
    result = extract_one("This paper addresses the task of quux sorting.")
    assert by_name(result)["quux sorting"].type == "Task"
    result = extract_one("We propose a new benchmark task and study programming.")  # no task named
    assert not {"benchmark", "programming"} & set(by_name(result))


@pytest.mark.parametrize("title", ["QuuxPerf Tiny Benchmark", "QuuxPerf Tiny Benchmark for Widget Sensing"])
def test_a_title_name_with_its_head_noun_is_the_abstract_s_name_without_it(extract_one, title):
    result = extract_one("We present QuuxPerf Tiny, a set of gadget tests for widgets. QuuxPerf Tiny times gadgets.",
                         title=title)
    names = by_name(result)
    assert title.split(" for ")[0] in names["QuuxPerf Tiny"].aliases and "QuuxPerf Tiny Benchmark" not in names
    # not where the shorter name is plain words: an approach is no duality
    plain = by_name(extract_one("We study Lagrangian duality for widgets.", title="Lagrangian Duality Approach"))
    assert "Lagrangian Duality Approach" not in {a for e in plain.values() for a in e.aliases}


def test_a_title_s_subject_with_a_head_noun_is_the_abstract_s_name_written_without_it(extract_one):
    title = "Quux Widget Folding Approach to Gadget Sorting"
    names = by_name(extract_one("We propose QWF, a novel sorting method based on the Quux Widget Folding framework. "
                                "QWF sorts gadgets faster than BarSort.", title=title))
    assert "Quux Widget Folding Approach" in names["Quux Widget Folding"].aliases
    assert "Quux Widget Folding Approach" not in names
    # a term written in lower case is not the title's approach
    term = by_name(extract_one("We propose QWF, a novel sorting method based on Lagrangian duality. QWF sorts gadgets "
                               "faster than BarSort.", title="Lagrangian Duality Approach to Gadget Sorting"))
    assert "Lagrangian Duality Approach" not in {a for e in term.values() for a in e.aliases}


def test_a_short_title_that_is_one_name_is_the_papers_contribution(extract_one):
    text = "We study contrastive learning of widgets. Our approach beats gadget baselines on three widget sets."
    name = "Quux-View Contrastive Learning"
    assert ("proposes", name) in relations(extract_one(text, title=name))
    # not a title opened by a gerund, an adverb or praise, nor one with a function word
    for title in ("Scaling Widget Contrastive Models", "Weakly Supervised Widget Boundaries",
                  "Efficient Widget Contrastive Learning", "Contrastive Learning of Widgets"):
        assert title not in by_name(extract_one(text, title=title)), title
    # the abstract's abbreviation the title spells is the same entity
    result = extract_one("We show that pFBTs are stable. Experiments show pFBT performs well.",
                         title="Pruned Foo Bar Transforms")
    entity = by_name(result)["pFBT"]
    assert "Pruned Foo Bar Transforms" in entity.aliases and ("proposes", "pFBT") in relations(result)
    # a title that names a task whole is the task the paper works on, not its contribution
    task = extract_one("We propose a new widget instance segmentation approach using gadget networks.",
                       title="Gadget-Aware Widget Instance Segmentation")
    assert by_name(task)["Gadget-Aware Widget Instance Segmentation"].type == "Task"
    assert ("addresses", "Gadget-Aware Widget Instance Segmentation") in relations(task)


def test_a_name_and_its_kind_noun_as_the_object_of_a_proposing_verb_are_one_entity(extract_one):
    """"We release the FooQA dataset" after FooQA was introduced: one entity, the kind form its alias; "a Bayesian
    approach" is no name and its kind; CIFAR alone is a dataset."""
    result = extract_one("We introduce FooQA, a benchmark of widget questions on CIFAR and ImageNet. We release the "
                         "entire FooQA dataset.")
    found = by_name(result)
    assert "FooQA dataset" not in found and "FooQA dataset" in found["FooQA"].aliases
    assert ("proposes", "FooQA") in relations(result) and found["CIFAR"].type == "Dataset"
    assert "Bayesian approach" in by_name(extract_one("We propose a Bayesian approach to widget sorting."))


def test_tasks_written_with_their_head_noun_keep_that_form_as_an_alias(extract_one):
    result = extract_one("QuuxNet outperforms prior methods on the widget control tasks.")
    assert "widget control tasks" in by_name(result)["widget control"].aliases


def test_model_classes_written_with_their_modifier_are_central_at_once(extract_one):
    """One use of "deep generative models" (an allowed modifier) makes the class an entity; a bare single use of
    "generative models" does not."""
    deep = by_name(extract_one("We show that deep generative models memorise widgets under FooReg."))
    assert deep["generative model"].type == "Model" and "deep generative models" in deep["generative model"].aliases
    assert "generative model" not in by_name(extract_one("We show that generative models memorise widgets."))


def test_a_known_metric_with_a_measure_noun_is_a_metric_wherever_it_stands(extract_one):
    """"on ... BLEU Score (41.4%)": the dataset preposition does not make a known metric with "score" a dataset."""
    result = extract_one("Our widget aligner beats the best earlier aligner on Word Error Rate (29.6%), BLEU Score "
                         "(41.4%), and F-measure (36.9%).")
    assert by_name(result)["BLEU Score"].type == "Metric"
    names = {e.key: e.name for e in result.entities}
    assert ("41.4%", "BLEU Score") in {(r.value_text, names[r.metric]) for r in result.results}


def test_well_known_error_and_complexity_measures_are_metrics(extract_one):
    result = extract_one("FooNet lowers the reconstruction error and the computational complexity of widget coding; "
                         "its estimation error is bounded.")
    names = by_name(result)
    assert all(names[n].type == "Metric" for n in ("reconstruction error", "computational complexity",
                                                   "estimation error"))


def test_the_plural_of_a_word_that_is_no_name_is_none(extract_one):
    names = by_name(extract_one("Each query-free widget maps URLs to scores. One URL ranks above another; APIs too."))
    assert not {"URL", "URLs", "APIs"} & set(names)


def test_a_name_written_with_its_kind_keeps_that_form_as_an_alias(extract_one):
    result = extract_one("We evaluate FooNet on QuuxBall games and on the Gizmo benchmark with the GIoU loss, and "
                         "compare with Transformer networks; widget attention networks are no kind of attention.")
    names = by_name(result)
    assert "QuuxBall games" in names["QuuxBall"].aliases and "Gizmo benchmark" in names["Gizmo"].aliases
    assert "GIoU loss" in names["GIoU"].aliases and "Transformer networks" in names["Transformer"].aliases
    assert not any("attention network" in alias for e in result.entities for alias in e.aliases)
    other_kind = by_name(extract_one("Reinforcement learning (RL) needs care; we test FooQ on RL benchmarks."))
    assert "RL benchmarks" not in other_kind["reinforcement learning"].aliases  # a benchmark is no method


def test_a_stop_modifier_written_as_two_words_goes_whole(extract_one):
    result = extract_one("We address large scale image retrieval with FooGen.")
    assert ("addresses", "image retrieval") in relations(result)
    assert not any(e.name.lower().startswith("scale") for e in result.entities)


def test_a_model_class_written_with_capitals_is_the_class(extract_one):
    result = extract_one("We propose FooPrune for compressing Deep Neural Networks (DNNs) with widgets.")
    classes = [e for e in result.entities if e.name.lower() == "neural network"]
    assert classes and classes[0].type == "Model" and "Deep Neural Networks" in classes[0].aliases
    assert "Deep Neural Networks" not in by_name(result)  # no name of its own beside the class


def test_lexicon_terms_match_in_british_spelling(extract_one):
    names = by_name(extract_one("We bound the generalisation error of FooNet on widget sorting."))
    assert names["generalisation error"].type == "Metric"


def test_the_subject_of_a_title_that_is_a_sentence_is_not_proposed(extract_one):
    text = "We view widget sorting algorithms as gadget policies. Widget sorting algorithms then gain."
    claim = extract_one(text, title="Widget Sorting Algorithms are Gadget Policies")
    assert not any(r.predicate == "proposes" for r in claim.relations if "widget" in r.entity)
    named = extract_one(text, title="Widget Sorting Algorithms for Gadget Policies")
    assert any(r.predicate == "proposes" for r in named.relations if "widget" in r.entity)


def test_methods_of_an_order_are_known_though_first_and_second_open_no_name(extract_one):
    """"first" and "second" are words no name opens with ("the second widget"), but "first-order methods" and
    "second order methods" are classes of methods, written with or without the hyphen."""
    names = by_name(extract_one("We compare FooOpt with first-order methods and second order methods on Quux. "
                                "The second widget is slow."))
    assert {"first-order method", "second order method"} <= set(names), names
    assert not any("widget" in name for name in names)


def test_relu_is_a_known_activation_function(extract_one):
    names = by_name(extract_one("We train FooNet, a ReLU network, and compare ReLU with a smooth widget activation."))
    assert names["ReLU"].type == "Method", names


def test_a_compared_method_phrase_needs_one_word_before_a_generic_head(extract_one):
    result = extract_one("We propose FooNet. Compared to subspace methods, FooNet is fast. Compared to cutting-edge "
                         "models, FooNet wins.")
    compared = {result_name for predicate, result_name in relations(result) if predicate == "comparesWith"}
    assert compared == {"subspace method"}, relations(result)
    listed = extract_one("We propose FooNet. Compared to subspace methods and greedy search algorithms, FooNet wins.")
    assert {name for predicate, name in relations(listed) if predicate == "comparesWith"} == {
        "subspace method", "greedy search algorithm"}, relations(listed)
    # one hyphenated word before the head: a class of methods in the plural, a kind of thing in the singular
    kinds = extract_one("We propose FooNet. Compared to widget-shaping methods and to a gadget-based model, it "
                        "wins.")
    assert {name for predicate, name in relations(kinds) if predicate == "comparesWith"} == {
        "widget-shaping method"}, relations(kinds)


def test_one_capital_letter_between_capitalised_words_is_part_of_the_name(extract_one):
    names = by_name(extract_one("We compare FooNet with value-based methods such as Fitted Q Iteration and Double Q "
                                "Widgets."))
    assert {"Fitted Q Iteration", "Double Q Widget"} <= set(names), names


def test_a_title_spelt_by_a_name_a_hyphenated_word_giving_one_letter(extract_one):
    """"Deep SWS" is "Deep" and the acronym of the rest of the title; "DEWS" takes one letter from
    "Diversity-Driven"."""
    deep = extract_one("In this work we present Deep SWS, a method for widget sorting. Deep SWS wins on Quux.",
                       title="Deep Semi-Supervised Widget Sorting")
    assert [e.name for e in deep.entities if "Deep SWS" in (e.name, *e.aliases)] == ["Deep SWS"]
    assert "Deep Semi-Supervised Widget Sorting" in by_name(deep)["Deep SWS"].aliases
    whole = extract_one("We present DEWS, a widget sorter. DEWS wins on Quux.",
                        title="Diversity-Driven Extensible Widget Sorting")
    assert by_name(whole)["Diversity-Driven Extensible Widget Sorting"].aliases == ("DEWS",)


def test_tractable_and_scalable_open_no_name(extract_one):
    names = by_name(extract_one("We propose a tractable widget approximation and compare FooNet with scalable "
                                "gadget sorting algorithms."))
    assert not [name for name in names if name.startswith(("tractable", "scalable"))], names


def test_a_known_term_written_with_a_procedure_noun_keeps_that_form(extract_one):
    names = by_name(extract_one("We leverage the primal-dual method and policy gradient algorithms with a dropout "
                                "network to train FooNet."))
    assert "primal-dual method" in names["primal-dual"].aliases
    assert "policy gradient algorithms" in names["policy gradient"].aliases
    assert "dropout network" not in names["dropout"].aliases


def test_roc_auc_written_without_a_space_is_a_known_metric(extract_one):
    names = by_name(extract_one("FooNet beats the prior best (ROCAUC 0.93 vs 0.87), and compared to alternative "
                                "methods it is faster."))
    assert names["ROCAUC"].type == "Metric" and not [n for n in names if n.startswith("alternative")], names


def test_one_hyphenated_lower_case_word_after_a_naming_word_is_a_name(extract_one):
    """"a system, dubbed foo-sorter": a coined name; one plain word so named is none ("a method called widgetry")."""
    result = extract_one("We present a widget system, dubbed foo-sorter, that sorts gadgets quickly.")
    assert ("proposes", "foo-sorter") in relations(result)
    assert "widgetry" not in by_name(extract_one("We use a gadget method called widgetry on quux data."))


def test_present_opens_no_name(extract_one):
    result = extract_one("We propose to model the 3D widget as a random variable and present *variational sorting "
                         "distillation* (VSD), a principled particle-based variational framework.")
    assert {name for predicate, name in relations(result) if predicate == "proposes"} == {
        "variational sorting distillation"}, relations(result)


def test_a_hyphenated_modifier_the_parser_hangs_on_the_method_noun_after_a_term_narrows_the_term(extract_one):
    """"model-free RL methods": the parser hangs "model-free" on "methods", which it and "RL" both modify; a
    sentence's first word so hyphenated counts too, though tagged a name."""
    names = by_name(extract_one("Model-based RL algorithms are slow. We propose FooNet and compare it with model-free "
                                "RL methods."))
    assert {"Model-based RL", "model-free RL"} <= set(names), names


def test_leading_and_near_optimal_praise_and_name_nothing(extract_one):
    result = extract_one("We propose FooNet and evaluate it against leading widget attacks on Quux.",
                         title="Near-Optimal Widget Detection in Gadget Graphs")
    names = by_name(result)
    assert "Widget Detection" in names and not [n for n in names if n.lower().startswith(("leading", "near"))], names


def test_a_used_method_phrase_needs_one_word_before_a_generic_head(extract_one):
    names = by_name(extract_one("We propose FooNet. It employs a gadget algorithm and uses existing methods."))
    assert "gadget algorithm" in names and not [n for n in names if n.startswith("existing")], names


def test_capitalised_words_joined_by_of_are_one_name_unless_an_organisation_s(extract_one):
    result = extract_one("We test the agent on the Quest of Shadows benchmark and on Gadget's Riddle of Life, and "
                         "compare it with Forest of Prompts. The authors thank the University of Zedland. The "
                         "AUROC of BarNet drops.")
    names = set(by_name(result))
    assert {"Quest of Shadows", "Gadget's Riddle of Life", "Forest of Prompts"} <= names
    assert not {"Shadows", "Prompts", "Forest", "Life", "University", "University of Zedland"} & names
    assert not [n for n in names if n.startswith("AUROC ")]


def test_a_hyphenated_word_a_number_opens_stays_whole(extract_one):
    result = extract_one("We study 5-shot widget segmentation and 24-hour gadget imaging under a 2-Wasserstein "
                         "distance, and reach the same .001-accurate solution quality.")
    names = set(by_name(result))
    assert {"5-shot widget segmentation", "24-hour gadget imaging", "2-Wasserstein distance"} <= names
    assert not {"shot widget segmentation", "hour gadget imaging", "Wasserstein distance"} & names
    assert not [n for n in names if n.startswith(".001")]
