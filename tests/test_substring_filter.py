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


def test_no_title_it_stops_names_a_lexicon_name_or_term(nlp):
    # the filter guards the title's PhraseMatchers: every title the matchers find a name (or a term of two words
    # or more, in any case) in gets through, as itself or lower-cased
    finder = nlp.get_pipe("mlkg_mentions")
    known = finder.title_entities.known_in_title
    titles = ["Fine-tuning BERT for SemEval Tasks", "U-Net: Convolutional Networks", "Faster R-CNNs at Scale",
              "A Survey of Mixture-of-Experts", "On Graphs", "Learning without Labels", "GPT-4o and LLaMA-2-7B",
              "Variational Inference in Submodular Models", "Deep REINFORCEMENT Learning for Go"]
    for title in titles:
        doc = nlp.make_doc(title)
        found = list(finder.exact(doc)) + [m for m in finder.folded(doc) if m[2] - m[1] > 1]
        assert known.may_hold(title) or known.may_hold(title.lower()) or not found, title
    assert not known.may_hold("Learning without Labels") and not known.may_hold("learning without labels")
    assert known.may_hold("Fine-tuning BERT for SemEval Tasks")
    assert known.may_hold("variational inference in submodular models")
