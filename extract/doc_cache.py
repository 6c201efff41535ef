"""What components read many times from one Doc, computed once: its text, its sentences and its noun chunks.

spaCy rebuilds `Doc.text` from the tokens on every access (`titled_doc` keeps the text it made the Doc from, in
`doc._.mlkg_text`), and `Doc.sents`, `Token.sent` and `Span.sent` walk the
whole Doc on every call; read in loops they were the largest cost of extraction. The cache lives in the Doc's
`user_data` (spaCy's storage for a user's own data, where extension attributes keep their values too), so it goes
when the Doc goes; read there directly, as an extension attribute's accessor, made on each read, cost more than
the cache saves on a short read."""

from __future__ import annotations

from bisect import bisect_right

from spacy.tokens import Doc, Span, Token


class DocCache:
    """A Doc's text, its sentences' character bounds and noun chunks, the sentence holding any token or span, and
    each sentence's words. It holds no Span (a Span holds its Doc): a Doc whose cache held one would be in a
    reference cycle, freed only by the cyclic garbage collector, and hundreds of parsed Docs piled up waiting for it."""

    def __init__(self, doc: Doc):
        self.text: str = doc._.mlkg_text or doc.text  # the text the Doc was made from, if it was kept: the same
        sentences = list(doc.sents)
        #: (start_char, end_char) of each sentence, in order.
        self.sentence_chars: list[tuple[int, int]] = [(sent.start_char, sent.end_char) for sent in sentences]
        self._bounds = [(sent.start, sent.end) for sent in sentences]
        self._starts = [start for start, _ in self._bounds]
        self._words: dict[int, frozenset[str]] = {}
        #: (start, end) token bounds of the noun chunks, from the language's iterator, read once for the mention
        #: finder and the central-phrase component (an English chunk ends at its root).
        self.noun_chunks: list[tuple[int, int]] = [(start, end) for start, end, _ in doc.noun_chunks_iterator(doc)]

    def words(self, sentence: Span) -> frozenset[str]:
        """The sentence's words, lower-cased, and their lemmas: cue words are looked up here."""
        found = self._words.get(sentence.start)
        if found is None:
            found = frozenset(t.lower_ for t in sentence) | frozenset(t.lemma_.lower() for t in sentence)
            self._words[sentence.start] = found
        return found

    def sentence_of(self, item: Token | Span) -> Span:
        """The sentence a token (or a span's first token) is in."""
        first = item.i if isinstance(item, Token) else item.start
        start, end = self._bounds[max(bisect_right(self._starts, first) - 1, 0)]
        return item.doc[start:end]


#: The cache's key in `Doc.user_data`: a tuple, unlike the string keys users pick, and unlike the extension keys.
_CACHE_KEY = ("mlkg", "doc_cache")


def cached(doc: Doc) -> DocCache:
    """The Doc's cache, built on first use."""
    cache = doc.user_data.get(_CACHE_KEY)
    if cache is None:
        cache = DocCache(doc)
        doc.user_data[_CACHE_KEY] = cache
    return cache
