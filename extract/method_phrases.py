"""Method phrases a paper is compared with, builds with or presents as new, named by no capitals: "compared to
large-batch training", "more efficient than exhaustive search", "an improvement over planning without subgoals",
"using a reverse translation model", "we employ confident learning algorithms", "encodes each patch via a new
adaptive temporal pooling", "our spline-based recalibration approach outperforms ...".

The governing words (the `compare_words` of `patterns/heads.json`, "than" among them, and its "over"
`basis_words`; `USE_VERBS` and "based on" (the "on" `basis_words`), with what is listed beside their object; "new" or
"novel" in a phrase opened by "a" or "our", "proposed" in one opened by "the" or "our", and "our" or "my" before a
phrase not headed by an activity) are found from the Doc's lemma array, not by visiting every token; the phrase
their object heads counts when a method or activity noun heads it and it names a method of its own (a generic
head such as "method" or "model" needs two words before it, one where compared with or used: "compared to subspace
methods", "we use a genetic algorithm"; "existing methods", "a transformer-based model", "deep neural networks" are
none).
"""

from __future__ import annotations

from collections import Counter

from spacy.attrs import LEMMA
from spacy.tokens import Doc, Token
from spacy.vocab import Vocab

from .entity_names import singular
from .names import EXAMPLE_PREPOSITIONS, breaks_a_phrase, has_shape, in_word_hyphen
from .opening_words import strip_modifiers
from .rules import Rules

#: Verbs whose object is what a method is built with or on: "using a reverse translation model", "we extend the
#: multinomial logit model".
USE_VERBS = frozenset({"use", "employ", "leverage", "adopt", "apply", "utilize", "utilise", "exploit", "extend",
                       "adapt", "generalize", "generalise", "combine"})
#: Adjectives that mark a phrase opened by "a" or "our" as the paper's own: "a new adaptive temporal pooling".
NEW_WORDS = frozenset({"new", "novel"})
_OWN_DETERMINERS = frozenset({"a", "an", "our", "my"})
#: Determiners that with "proposed" make a phrase the authors' own: "the proposed reconstruction loss".
_PROPOSED_DETERMINERS = frozenset({"the", "our", "my"})
#: Possessives that make a method phrase the authors' own: "our spline-based recalibration approach".
_OWN_POSSESSIVES = frozenset({"our", "my"})


def _has_examples(noun: Token) -> bool:
    """Examples follow the noun: "methods such as FooGrad"."""
    return any(child.dep_ == "prep" and child.lower_ in EXAMPLE_PREPOSITIONS for child in noun.children)


class MethodPhrases:
    """Finds compared and used method phrases in a Doc (their opening words cut as the mention finder cuts
    them: `opening_words.strip_modifiers`)."""

    def __init__(self, vocab: Vocab, rules: Rules):
        self.rules = rules
        strings = vocab.strings
        over = rules.basis_words["over"]
        self.compare_lemmas = frozenset(strings.add(form) for word in (*rules.compare_words, *over)
                                        for form in (word, word.capitalize()))
        self.use_lemmas = frozenset(strings.add(form) for word in USE_VERBS for form in (word, word.capitalize()))
        self.built_on_lemmas = frozenset(strings.add(word) for word in rules.basis_words["on"])
        self.new_lemmas = frozenset(strings.add(word) for word in NEW_WORDS)
        self.propose_lemma = strings.add("propose")
        self.own_lemmas = frozenset(strings.add(word) for word in _OWN_POSSESSIVES)

    def __call__(self, doc: Doc, text: str) -> list[tuple[int, int, str, str]]:
        """(start, end, rule, type) of each phrase, in `text` (the Doc's text) offsets."""
        lemmas = doc.to_array(LEMMA).tolist()  # read once for both kinds of governing word
        compared = [doc[i] for i, lemma in enumerate(lemmas) if lemma in self.compare_lemmas]
        used = [doc[i] for i, lemma in enumerate(lemmas) if lemma in self.use_lemmas]
        built_on = [doc[i] for i, lemma in enumerate(lemmas) if lemma in self.built_on_lemmas]
        new = [doc[i] for i, lemma in enumerate(lemmas)
               if lemma in self.new_lemmas or (lemma == self.propose_lemma and doc[i].lower_ == "proposed")]
        own = [doc[i] for i, lemma in enumerate(lemmas) if lemma in self.own_lemmas]
        # a phrase both used and new is new: "our approach combines a novel widget scheme and ..."
        return self._compared(compared, text) + self._new(new, own, text) + self._used(used, built_on, text)

    def _compared(self, governors: list[Token], text: str) -> list[tuple[int, int, str, str]]:
        rules, found = self.rules, []
        for governor in governors:
            lemma = governor.lemma_.lower()
            if governor.lower_ == "than" and governor.dep_ == "prep":  # "more efficient than exhaustive search"
                objects = [token for token in governor.children if token.dep_ == "pobj"]
            else:
                objects = [token for preposition in governor.children
                           if (preposition.lower_ in ("to", "with") and lemma in rules.compare_words)
                           or (preposition.lower_ == "over" and lemma in rules.basis_words["over"])
                           for token in preposition.children if token.dep_ == "pobj"]
            # with what is listed beside it ("compared to subspace methods and widget sorting"); not a class whose
            # examples follow, which are what is compared ("than other adaptive methods such as FooGrad")
            found.extend(phrase for token in dict.fromkeys(objects + [c for o in objects for c in o.conjuncts])
                         if token.pos_ == "NOUN" and not _has_examples(token)
                         for phrase in self._phrase(text, token, "chunk:compared-object", 1))
        return found

    def _used(self, verbs: list[Token], built_on: list[Token], text: str) -> list[tuple[int, int, str, str]]:
        """What a use verb takes as its object, or "based on" / "built on" / "relies on" as theirs, with what is
        listed beside it ("based on convolutional autoregressive models and variational autoencoders")."""
        objects = [token for verb in verbs for token in verb.children if token.dep_ == "dobj"]
        objects += [token for word in built_on for preposition in word.children
                    if preposition.dep_ == "prep" and preposition.lower_ == "on"
                    for token in preposition.children if token.dep_ == "pobj"]
        objects += [conjunct for token in objects for conjunct in token.conjuncts]
        return [phrase for token in dict.fromkeys(objects) if token.pos_ == "NOUN"
                for phrase in self._phrase(text, token, "chunk:used-object", 1)]

    def _new(self, adjectives: list[Token], possessives: list[Token], text: str) -> list[tuple[int, int, str, str]]:
        """Phrases the authors present as their own: "a new adaptive temporal pooling", "the proposed
        reconstruction loss" (not "the previously proposed ..."), "our spline-based recalibration approach"."""
        nouns = [adjective.head for adjective in adjectives
                 if adjective.dep_ == "amod" and adjective.head.pos_ == "NOUN"
                 and any(c.lower_ in (_OWN_DETERMINERS if adjective.lower_ in NEW_WORDS else _PROPOSED_DETERMINERS)
                         for c in adjective.head.children if c.dep_ in ("det", "poss"))
                 and not any(c.dep_ == "advmod" for c in adjective.children)
                 # a description of the name it is in apposition to: "FooNet, a novel widget ranking approach"
                 and not (adjective.head.dep_ == "appos" and has_shape(adjective.head.head.text))]
        owned = [word.head for word in possessives if word.dep_ == "poss" and word.head.pos_ == "NOUN"
                 and word.head.lemma_.lower() not in self.rules.activity_heads]  # not "our architecture design"
        # a phrase the authors call theirs twice or more is their method with one word before its head too:
        # "our routing model" ... "our routing model"
        written = {noun.i: text[noun.left_edge.idx : noun.idx + len(noun.text)].lower() for noun in owned}
        repeated = Counter(written.values())
        return [phrase for noun in dict.fromkeys(nouns + owned) for phrase in self._phrase(
            text, noun, "chunk:new-object", 1 if repeated[written.get(noun.i)] > 1 else 2)]

    def _phrase(self, text: str, noun: Token, rule: str, words_needed: int = 2) -> list[tuple[int, int, str, str]]:
        """The noun phrase `noun` heads, when it names a method of its own (with `words_needed` words before a
        generic head); else none."""
        rules, doc = self.rules, noun.doc
        head = noun.lemma_.lower()
        if rules.type_heads.get(head) not in ("Method", "Model") and head not in rules.activity_heads:
            return []
        tokens = strip_modifiers(list(doc[noun.left_edge.i : noun.i + 1]), "Method", self.rules)
        if len(tokens) < 2 or any(breaks_a_phrase(t)
                                  or t.like_num or not (t.is_lower or in_word_hyphen(t)) for t in tokens):
            return []
        words = [t for t in tokens[:-1] if not in_word_hyphen(t) and not (t.i > 0 and in_word_hyphen(t.nbor(-1)))]
        start, end = tokens[0].idx, noun.idx + len(noun.text)
        modifier = text[start : tokens[-2].idx + len(tokens[-2].text)]
        # one hyphenated word before a generic head in the singular says what kind of thing it is, naming none ("a
        # transformer-based model"); in the plural, a class of methods ("reward-shaping methods")
        lone_hyphenated = len(words) == 1 and len(tokens) > 2 and noun.tag_ != "NNS"
        if singular(text[start:end]).lower() in rules.generic_phrases or (head not in rules.activity_heads and (
                len(words) < words_needed or lone_hyphenated or singular(modifier).lower() in rules.generic_phrases)):
            return []
        return [(start, end, rule, "Model" if rules.type_heads.get(head) == "Model" else "Method")]
