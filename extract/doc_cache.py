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

from .names import in_word_hyphen


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
        #: (start, end) token bounds of the noun chunks, from the language's iterator with the phrases around
        #: hyphenated words mended (`_noun_chunks`), read once for the mention finder and the central-phrase
        #: component (an English chunk ends at its root).
        self.noun_chunks: list[tuple[int, int]] = _noun_chunks(doc)

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


def _noun_chunks(doc: Doc) -> list[tuple[int, int]]:
    """The language's noun chunks, each the parser cut out of a hyphenated word ("the-art" of "state-of-the-art")
    replaced by the phrase of the noun that word modifies, which the iterator skipped as overlapping the cut-out
    chunk: "state-of-the-art test accuracies", "out-of-distribution detection", "image-to-image translation"."""
    chunks = [(start, end) for start, end, _ in doc.noun_chunks_iterator(doc)]
    repaired = []
    for number, (start, end) in enumerate(chunks):
        if not (start and in_word_hyphen(doc[start - 1])):
            repaired.append((start, end))
            continue
        noun = _noun_modified(doc, start, end)
        next_start = chunks[number + 1][0] if number + 1 < len(chunks) else len(doc)
        if noun is not None and noun.i < next_start and (not repaired or repaired[-1][1] <= noun.left_edge.i):
            repaired.append((noun.left_edge.i, noun.i + 1))
    return repaired


def _noun_modified(doc: Doc, start: int, end: int) -> Token | None:
    """The noun heading the phrase around the hyphenated word that doc[start:end] ends, if one follows within a few
    words: the first whose left edge reaches back past the word and whose head lies outside its phrase."""
    for token in doc[end : min(end + 6, len(doc))]:
        if token.is_punct and not in_word_hyphen(token):
            return None
        if (token.pos_ in ("NOUN", "PROPN") and token.left_edge.i < start and token.dep_ != "compound"
                and not token.left_edge.i <= token.head.i <= token.i):
            return token
    return None


#: The cache's key in `Doc.user_data`: a tuple, unlike the string keys users pick, and unlike the extension keys.
_CACHE_KEY = ("mlkg", "doc_cache")


def cached(doc: Doc) -> DocCache:
    """The Doc's cache, built on first use."""
    cache = doc.user_data.get(_CACHE_KEY)
    if cache is None:
        cache = DocCache(doc)
        doc.user_data[_CACHE_KEY] = cache
    return cache
