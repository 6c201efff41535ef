"""Abbreviation definitions: a sentence each rule must match and one it must not."""

from extract.abbreviations import find_abbreviations, spells_out


def pairs(text, bounds=None):
    return [(text[a.long_start : a.long_end], text[a.short_start : a.short_end]) for a in find_abbreviations(text, bounds)]


def test_long_then_short_form():
    assert pairs("We train a Sparse Gated Mixer (SGM) on text.") == [("Sparse Gated Mixer", "SGM")]


def test_hyphenated_plural_short_form():
    assert pairs("We study Deep Equilibrium Flow Models (DE-FMs) here.") == [("Deep Equilibrium Flow Models", "DE-FMs")]


def test_initials_beat_the_shortest_match():
    # plain Schwartz-Hearst would keep only "memoization" (scispacy's known failure)
    assert pairs("Mindful memoization (MM) is cheap.") == [("Mindful memoization", "MM")]


def test_short_then_long_form():
    assert pairs("We release FooKit (Foo Interactive Toolkit) today.") == [("Foo Interactive Toolkit", "FooKit")]


def test_list_markers_and_numbers_are_not_abbreviations():
    assert pairs("It has costs (1) time and (iv) memory and (a) risk, see (2023).") == []


def test_long_form_never_crosses_a_sentence_boundary():
    text = "Graphs matter. Neural Networks (GN) are used."
    assert pairs(text, [(0, 14), (15, len(text))]) == []


def test_no_match_when_letters_are_missing():
    assert pairs("A convolutional approach (XYZ) works.") == []


def test_a_long_form_crosses_a_comma_only_as_a_list_of_capitalised_words():
    assert pairs("We propose the Memory, Attention, and Control (MAC) cell.") == [("Memory, Attention, and Control", "MAC")]
    assert pairs("In this paper, we introduce a novel hybrid temporal convolutional and recurrent network "
                 "(TricorNet), which works.") == []


def test_a_letter_before_a_small_number_stands_for_that_many_words():
    assert pairs("We propose a Greedy Search method with Bounded Budget Branching (GSB3) here.") == [
        ("Greedy Search method with Bounded Budget Branching", "GSB3")]
    assert pairs("We train an Asynchronous Advantage Actor-Critic (A3C) agent.") == [
        ("Asynchronous Advantage Actor-Critic", "A3C")]
    assert pairs("We evaluate on the Fast Retrieval Set (FRS2) split.") == []  # a version number repeats nothing


def test_a_name_spelt_out_after_its_colon_with_an_article_or_mid_sentence():
    assert pairs("We introduce QUIB: a Quasi-Uniform Index Builder that scales.") == [
        ("Quasi-Uniform Index Builder", "QUIB")]
    # the spelling runs on past "for"; the long form is the phrase before it
    assert pairs("We release WABS: a Widget-Aware Benchmark for Sorting tasks.") == [("Widget-Aware Benchmark", "WABS")]
    # without an article the words after a colon are as often the subject: "FD-Net: Feature Distillation for Nets"
    assert pairs("FD-Net: Feature Distillation for Nets.") == []
    assert pairs("Our finding: a widget never stalls.") == []
    # mid-sentence it spells the name out, an "and" between capitalised words included
    assert pairs("We then introduce GLaVA: Great Language and Vision Assistant, a model.") == [
        ("Great Language and Vision Assistant", "GLaVA")]
    assert pairs("We evaluate FooNet: Results show that it wins.") == []


def test_a_long_form_never_reaches_back_past_an_earlier_bracket_but_skips_a_citation():
    assert pairs("We test on Quux Widget Base (QWB), Foo Bar Pose (FBP), and Common Gadgets in Context (MS-CG).") == [
        ("Quux Widget Base", "QWB"), ("Foo Bar Pose", "FBP")]
    assert pairs("Kronecker-factored Widget Curvature (Smith & Jones, 2015) (K-FWC) is a method.") == [
        ("Kronecker-factored Widget Curvature", "K-FWC")]


def test_an_opening_x_stands_for_cross():
    assert pairs("We translate the Cross-lingual Widget Sorting Dataset (XWSD) into Quux.") == [
        ("Cross-lingual Widget Sorting Dataset", "XWSD")]
    # its letters found elsewhere spell no "cross": "Extra Large Widgets" is no XLW
    assert pairs("We train Extra Large Widgets (XLW) and Crisp Large Widgets (XLW2).") == []


def test_a_long_and_short_form_together_in_one_bracket():
    assert pairs("Widget sorters (Quux Transfer, QuT) beat the baselines on both sets (Foo-Bench, FB).") == [
        ("Quux Transfer", "QuT"), ("Foo-Bench", "FB")]
    # a bracket listing two things is no definition
    assert pairs("It beats two sorters (Quux Transfer, FooNet) on text.") == []


def test_quotes_around_a_long_form_and_its_short_form():
    assert pairs("We introduce the “widget ranking network (WRNet)”, which sorts gadgets.") == [
        ("widget ranking network", "WRNet")]


def test_an_undefined_short_form_is_spelt_by_initials_or_initials_then_a_closing_acronym():
    assert spells_out("MDP", "Markov decision process") and spells_out("KPCA", "kernel PCA")
    assert spells_out("PCGAN", "Partition-Controlled GAN")
    assert not spells_out("PGAN", "Partition-Controlled GAN")  # every word's initial is needed
    assert not spells_out("GAN", "adversarial GAN") and not spells_out("CNN", "computational efficiency")
