"""URLs in abstracts: found in every written form, repaired, classified and given one spelling."""

from hypothesis import given, settings, strategies as st

from extract.links import canonical_url, classify_url, find_urls


def urls(text):
    return [(u.url, text[u.start : u.end]) for u in find_urls(text)]


def test_bare_url_without_sentence_punctuation():
    assert urls("Code is available at https://github.com/junbo-zou/VideoBrain.") == [
        ("https://github.com/junbo-zou/VideoBrain", "https://github.com/junbo-zou/VideoBrain")
    ]
    assert urls("Project Page (https://hyeon-cho.github.io/TAG/).")[0][0] == "https://hyeon-cho.github.io/TAG/"
    assert urls("see https://en.wikipedia.org/wiki/Foo_(bar), ok")[0][0] == "https://en.wikipedia.org/wiki/Foo_(bar)"


def test_latex_and_markdown_links():
    assert urls(r"at \url{https://github.com/ CraftJarvis/OpenHA}.") == [
        ("https://github.com/CraftJarvis/OpenHA", "https://github.com/ CraftJarvis/OpenHA")
    ]
    assert urls(r"\href{https://github.com/akhauriyash/SOL}") == [
        ("https://github.com/akhauriyash/SOL", "https://github.com/akhauriyash/SOL")
    ]
    assert urls(r"\href{https://a.org/x}{our site} and [demo](https://b.org/y)") == [
        ("https://a.org/x", "https://a.org/x"), ("https://b.org/y", "https://b.org/y")
    ]


def test_url_broken_by_a_stray_space_is_repaired():
    assert urls("at https://github.com/ foo/FooKit today")[0] == ("https://github.com/foo/FooKit", "https://github.com/ foo/FooKit")
    assert urls("at https://github.com/foo/ FooKit today")[0][0] == "https://github.com/foo/FooKit"
    assert urls("see https://example.org/ for details")[0][0] == "https://example.org/"


def test_duplicates_are_reported_once():
    assert len(find_urls("https://github.com/a/b and again https://github.com/a/b/ and https://GitHub.com/a/b.git")) == 1


def test_classify_and_canonical():
    assert classify_url("https://github.com/a/b") == "codeRepository"
    assert classify_url("https://www.gitlab.com/a/b") == "codeRepository"
    assert classify_url("https://a.github.io/b") == "projectPage"
    assert canonical_url("HTTPS://GitHub.com:443/a/b.git/") == "https://github.com/a/b"
    assert canonical_url("https://x.org/a b\"<c>") == "https://x.org/ab%22%3Cc%3E"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120), st.sampled_from(["https://", "http://a.b/", r"\url{", r"\href{", "](https://"]), st.text(max_size=60))
def test_any_text_gives_spans_inside_the_abstract(before, marker, after):
    text = before + marker + after
    for found in find_urls(text):
        assert 0 <= found.start < found.end <= len(text)
        assert found.url.startswith(("http://", "https://"))
        assert "".join(text[found.start : found.end].split()) == found.url
        assert " " not in canonical_url(found.url)
