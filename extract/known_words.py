"""The English words a spaCy pipeline knows: its lemmatizer's word index (WordNet's), irregular forms and suffix
rules ("methods" is "method" + s), and its language's stop words ("the", "of"). They tell a word a PDF line break
split ("sim- ple", "meth- ods") from a hyphenated compound broken there ("meta- algorithm") when the normaliser
mends them. A pipeline whose lemmatizer has no such tables knows no words, and nothing is mended."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from spacy.language import Language

_PARTS_OF_SPEECH = ("noun", "verb", "adj", "adv")


class KnownWords:
    """`known(word)`: the lower-cased word is a stop word, or it or a regular inflection of it is in the
    lemmatizer's index."""

    def __init__(self, index: dict[str, frozenset[str]], exceptions: dict[str, frozenset[str]],
                 rules: dict[str, tuple[tuple[str, str], ...]], stop_words: frozenset[str]):
        self._index, self._exceptions, self._rules, self._stop_words = index, exceptions, rules, stop_words

    def __call__(self, word: str) -> bool:
        word = word.lower()
        if word in self._stop_words:
            return True
        for pos, words in self._index.items():
            if word in words or word in self._exceptions[pos]:
                return True
            if any(word.endswith(old) and word[: len(word) - len(old)] + new in words
                   for old, new in self._rules[pos]):
                return True
        return False


#: Each pipeline's words, read once; weakly keyed, so that the cache keeps no unloaded pipeline alive.
_READ: weakref.WeakKeyDictionary[Language, KnownWords | None] = weakref.WeakKeyDictionary()


def known_words(nlp: Language) -> Callable[[str], bool] | None:
    """The words `nlp`'s lemmatizer knows, or None when it has no rule tables (a lookup-only or absent one)."""
    if nlp not in _READ:
        _READ[nlp] = _read(nlp)
    return _READ[nlp]


def _read(nlp: Language) -> KnownWords | None:
    """The lemmatizer's three tables, read into sets, and the language's stop words."""
    if "lemmatizer" not in nlp.pipe_names:
        return None
    lookups = getattr(nlp.get_pipe("lemmatizer"), "lookups", None)
    if lookups is None or not all(lookups.has_table(t) for t in ("lemma_index", "lemma_exc", "lemma_rules")):
        return None
    index, exceptions, rules = (lookups.get_table(t) for t in ("lemma_index", "lemma_exc", "lemma_rules"))
    parts = [pos for pos in _PARTS_OF_SPEECH if pos in index]
    return KnownWords({pos: frozenset(index[pos]) for pos in parts},
                      {pos: frozenset(exceptions.get(pos, {})) for pos in parts},
                      {pos: tuple((old, new) for old, new in rules.get(pos, [])) for pos in parts},
                      frozenset(nlp.Defaults.stop_words))
