"""The substring filter: it may let a text through that holds no entry, never stop one that does."""

from hypothesis import given, settings, strategies as st

from extract.substring_filter import SubstringFilter


def test_an_entry_passes_only_with_all_its_strings():
    names = SubstringFilter([["U", "-", "Net"], ["ImageNet"], ["QA"], ["F1"]])
    assert names.may_hold("Medical segmentation with a U-Net")
    assert names.may_hold("U-shaped Network")  # every string there, though not the name: allowed
    assert not names.may_hold("A Network for Segmentation")  # "Net" but no "U" nor "-"
    assert names.may_hold("Pretraining on ImageNet")
    assert not names.may_hold("Pretraining on Imagenet")  # case matters
    assert names.may_hold("Open-domain QA") and names.may_hold("macro-F1")  # entries shorter than a gram
    assert not names.may_hold("") and not SubstringFilter([]).may_hold("anything")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.text(alphabet="abAB-1 ", min_size=1, max_size=5), min_size=1, max_size=3), max_size=6),
       st.text(alphabet="abAB-1 ", max_size=40))
def test_it_never_stops_a_text_holding_an_entry(entries, text):
    holds = any(all(part in text for part in entry) for entry in entries)
    assert SubstringFilter(entries).may_hold(text) == holds


def test_no_title_it_stops_names_an_exact_lexicon_name(nlp):
    # the filter guards the title's PhraseMatcher: every title the matcher finds a name in gets through
    finder = nlp.get_pipe("mlkg_mentions")
    titles = ["Fine-tuning BERT for SemEval Tasks", "U-Net: Convolutional Networks", "Faster R-CNNs at Scale",
              "A Survey of Mixture-of-Experts", "On Graphs", "Learning without Labels", "GPT-4o and LLaMA-2-7B"]
    for title in titles:
        found = list(finder.exact(nlp.make_doc(title)))
        assert finder.title_entities.exact_in_title.may_hold(title) or not found, title
    assert not finder.title_entities.exact_in_title.may_hold("Learning without Labels")
    assert finder.title_entities.exact_in_title.may_hold("Fine-tuning BERT for SemEval Tasks")
