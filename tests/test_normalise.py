"""The normaliser: markup as it occurs in abstracts becomes plain text, and every clean span maps back."""

import string

import spacy
from hypothesis import given, settings, strategies as st

from extract.known_words import known_words
from extract.normalise import _CONTROL, _STYLED, _non_ascii, _odd_whitespace, _unprintable, normalise


def back(text: str, piece: str) -> str:
    """The original text behind the first occurrence of `piece` in the clean text."""
    clean = normalise(text)
    index = clean.text.index(piece)
    start, end = clean.to_original(index, index + len(piece))
    return text[start:end]


def test_latex_math_becomes_unicode():
    assert normalise(r"We introduce $G^2$-Reader on 9$\times$9 grids.").text == "We introduce G²-Reader on 9×9 grids."
    assert normalise(r"the $\ell_p$ norm with $p,q\in(0,1]$").text == "the ℓp norm with p,q∈(0,1]"
    assert normalise(r"Top-$k$ routing in $O(N)$ time").text == "Top-k routing in O(N) time"
    assert normalise(r"error $10^{-3}$ and $\alpha \leq 0.5$").text == "error 10⁻³ and α ≤ 0.5"
    assert normalise(r"inline \(\alpha \leq 0.5\) without a dollar").text == "inline α ≤ 0.5 without a dollar"


def test_text_commands_keep_their_argument():
    text = r"We propose \textbf{ProCAD}, an \emph{efficiency \textit{action}} model \cite{smith2020}."
    assert normalise(text).text == "We propose ProCAD, an efficiency action model."
    assert back(text, "ProCAD") == "ProCAD"


def test_escapes_quotes_and_dashes():
    assert normalise(r"up to 7.3\% over ``meet-in-the-middle'' -- and more --- really").text == (
        "up to 7.3% over “meet-in-the-middle” – and more — really"
    )


def test_latex_tie_after_a_word_is_a_space():
    text = r"called $\mathsf{FAT}$-$\mathsf{Clipping}~$ (federated); see Fig.~3, about ~5% more, at x.edu/~user"
    assert normalise(text).text == "called FAT-Clipping (federated); see Fig. 3, about ~5% more, at x.edu/~user"
    assert back(text, "Fig. 3") == "Fig.~3"


def test_markdown_emphasis():
    text = "We propose **T**angential **A**mplifying **G**uidance **(TAG)** against *hallucinations*."
    assert normalise(text).text == "We propose Tangential Amplifying Guidance (TAG) against hallucinations."
    assert back(text, "Tangential") == "T**angential"
    assert normalise("a * b * c and snake_case_name").text == "a * b * c and snake_case_name"


def test_urls_lose_their_wrappers_and_stray_spaces():
    assert normalise(r"Code: \url{https://github.com/ CraftJarvis/OpenHA}.").text == "Code: https://github.com/CraftJarvis/OpenHA."
    assert normalise(r"see \href{https://x.org/a}{our page} now").text == "see our page now"
    assert normalise("at https://github.com/ foo/FooKit today").text == "at https://github.com/foo/FooKit today"


def test_whitespace_and_control_characters():
    clean = normalise("  Line one\r\n\tline\u200b two\x07  end \n")
    assert clean.text == "Line one line two end"
    assert back("  Line one\r\n\tline\u200b two\x07  end \n", "one line") == "one\r\n\tline"


def test_the_guards_skip_no_character_their_passes_rewrite():
    # the control and the whitespace passes are skipped when their guard says no: never for a text they would change
    for code in range(0x110000):
        char = chr(code)
        if _CONTROL.match(char):
            assert _unprintable(char), hex(code)
        if char.isspace() and char != " ":
            assert _odd_whitespace(char), hex(code)
        if _STYLED.match(char):
            assert _non_ascii(char), hex(code)
    assert _odd_whitespace("a  b") and not _odd_whitespace("a b c")
    assert normalise("a\u2003b\u00a0c\u3000d").text == "a b c d"


def test_unicode_is_not_folded_but_for_ligatures():
    text = "ﬁne-tuning of Ｇ models, eﬃcient ﬂows"
    assert normalise(text).text == "fine-tuning of Ｇ models, efficient flows"
    assert back(text, "fine-tuning") == "ﬁne-tuning" and back(text, "efficient") == "eﬃcient"


def test_mathematical_styled_letters_read_as_their_plain_letter_one_for_one():
    text = "We call it the 𝜸-net; 𝐱 and 𝟑 too."
    clean = normalise(text)
    assert clean.text == "We call it the γ-net; x and 3 too."
    assert back(text, "γ-net") == "𝜸-net"


def test_math_maps_back_to_the_markup():
    text = r"We introduce $G^2$-Reader."
    assert back(text, "G²-Reader") == "G^2$-Reader"
    assert back(text, "²") == "^2"


def test_a_fraction_reads_with_a_slash_and_maps_back():
    text = r"a ratio $\frac{|A \cap B|}{|A|}$ and $\tfrac{1}{2}$ here"
    assert normalise(text).text == "a ratio |A ∩ B| / |A| and 1 / 2 here"
    assert back(text, " / ") == "}"


def test_empty_and_markup_only():
    assert normalise("").text == ""
    assert normalise("$$ $$").text == ""
    assert normalise("").to_original(0, 0) == (0, 0)


markup = st.text(alphabet=string.ascii_letters + string.digits + " \n\t$\\{}*_^`'-%~.,()[]/:" + "é²\u200b\x00", max_size=200)
pieces = st.lists(st.sampled_from([r"\textbf{", "}", "$", "$$", r"\times", "**", "*", "``", "''", "--", r"\url{",
                                    "https://github.com/ a/b", r"\href{https://a.io}{", r"\%", "^{2}", "_p", " ", "\n\n",
                                    r"\frac{", "{"]),
                  max_size=30)


@settings(max_examples=300, deadline=None)
@given(st.one_of(markup, pieces.map("".join), st.tuples(markup, pieces.map("".join)).map("".join)))
def test_any_text_maps_into_the_original(text):
    clean = normalise(text)
    assert len(clean.starts) == len(clean.ends) == len(clean.text)
    assert list(clean.starts) == sorted(clean.starts)
    for i in range(len(clean.text)):
        start, end = clean.to_original(i, i + 1)
        assert 0 <= start < end <= len(text)
    if clean.text:
        start, end = clean.to_original(0, len(clean.text))
        assert text[start:end].strip() == text[start:end]


def test_accents_and_sizing_in_math_keep_only_their_argument():
    assert normalise(r"within $\widetilde{\mathcal{O}}(n)$ steps, $\hat{y}$ and $\left(x\right)$").text == \
        "within O(n) steps, y and (x)"


def test_words_a_line_break_split_at_a_hyphen_are_mended_by_the_words_known():
    """Joined when the joined word is known or the second part is no word; hyphenated when only the parts are
    words; a suspended hyphen stays; without a word test nothing is mended. Offsets still reach the original."""
    words = {"simple", "likelihood", "maximum", "algorithm", "and", "to", "use", "however", "how", "ever"}

    def known(word: str) -> bool:
        return word.lower() in words

    text = ("A sim- ple, diffusiv-\nities, maximum- likelihood meta- algorithm, fore- and easy- to-use. How- ever, "
            "Foo- Bar")
    clean = normalise(text, known)
    assert clean.text == ("A simple, diffusivities, maximum-likelihood meta-algorithm, fore- and easy-to-use. "
                          "However, Foo-Bar")
    start = clean.text.index("simple")
    assert text[slice(*clean.to_original(start, start + len("simple")))] == "sim- ple"
    assert normalise(text).text == " ".join(text.split())


def test_the_pipeline_mends_split_words_with_its_lemmatizer_s_words(extract_one):
    """The pinned pipeline knows "simple" and "hierarchical" and mends them; the entity's mention still points at the
    abstract as written."""
    result = extract_one("We propose a hi- erarchical sim- ple graph model for meth- ods of molecule generation.")
    names = {entity.name for entity in result.entities}
    assert any("hierarchical" in name for name in names), names
    assert not any("- " in name for name in names), names
    assert any("hi- erarchical" in m.text for e in result.entities for m in e.mentions)


def test_a_pipeline_without_lemmatizer_tables_knows_no_words_and_mends_nothing(nlp):
    assert known_words(spacy.blank("en")) is None
    known = known_words(nlp)
    assert known("methods") and known("The") and not known("ple")  # an inflection, a stop word, a fragment


def test_the_known_words_cache_keeps_no_pipeline_alive():
    import gc
    import weakref

    blank = spacy.blank("en")
    assert known_words(blank) is None and known_words(blank) is None  # read once, then from the cache
    gone = weakref.ref(blank)
    del blank
    gc.collect()
    assert gone() is None
