"""Lower-case names a type noun introduces: after a naming word ("an algorithmic framework, called hierarchical
guidance", "a task named camouflaged object detection", 'an attack we call "adversarial illusions"') and as the
examples a plural one lists ("cutting-plane approaches like the ellipsoid method", "inference methods such as belief
propagation and mean field inference").

The noun must be a type head (`type_heads` of `patterns/heads.json`: a method, model, dataset or task noun), which
also types the names; a name is a run of lower-case content words ("as" and an article skipped before it), ending in
a noun (or in an "-ing" word the tagger made a verb, before a mark: "a structural embedding,"), two words at least
(one word is no name of its own: "a method called boosting", "models like ours"; but one hyphenated word after a
naming word is a coined one: "a system, dubbed foo-sorter"), and its own head noun, if a type head, gives the same
type (a task's names an activity: "tasks such as colorectal cancer" is none). Capitalised names
there are the mention finder's name sources' work ("an approach called Deep Generic Segmentation", "models such as
BERT").
"""

from __future__ import annotations

from spacy.attrs import LOWER
from spacy.tokens import Doc, Token
from spacy.vocab import Vocab

from .entity_names import singular
from .names import ACTIVITY_ENDINGS, breaks_a_phrase, in_word_hyphen
from .rules import Rules

#: Words that may stand before a name: "termed as the ...", "such as the ...", 'we call "...'.
_SKIPPED = frozenset({"as", "the", "a", "an", "\u201c", '"', "'", "\u2018", "``"})
_NAME_POS = frozenset({"ADJ", "NOUN", "VERB", "PROPN"})
#: The words opening a list of examples after a plural type noun ("such" when "as" follows).
_EXAMPLE_WORDS = ("such", "like", "including", "e.g.", "namely")
#: What joins the examples of one list.
_LIST_JOINS = frozenset({",", "and", "or"})


#: Endings of nouns that name an activity, "analysis" among them.
_ACTIVITY_ENDINGS = (*ACTIVITY_ENDINGS, "sis")


def _final_gerund(token: Token) -> bool:
    """A lower-case "-ing" word the tagger made a verb that ends the phrase, before a mark or the end: the head noun
    of a name ("we call a structural widget embedding, ...")."""
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return token.tag_ == "VBG" and token.is_lower and (
        following is None or (following.is_punct and not in_word_hyphen(following)))


class LowerCaseNames:
    """Finds lower-case names after naming words and in lists of examples in a Doc."""

    def __init__(self, vocab: Vocab, rules: Rules):
        self.rules = rules
        self.naming_lowers = frozenset(vocab.strings.add(word) for word in rules.naming_words)
        self.example_lowers = frozenset(vocab.strings.add(word) for word in _EXAMPLE_WORDS)

    def __call__(self, doc: Doc, text: str) -> list[tuple[int, int, str, str]]:
        """(start, end, rule, type) of each name, in `text` (the Doc's text) offsets."""
        found = []
        for i, lower in enumerate(doc.to_array(LOWER).tolist()):
            if i == 0:
                continue
            if lower in self.naming_lowers:
                etype = self._namer_type(doc, i)
                name = self._name(doc, i + 1, etype, hyphenated_alone=True) if etype else []
                if name and not self._goes_on_in_capitals(doc, name):
                    found.append(self._found(name, "name:called-phrase", etype))
            elif lower in self.example_lowers and (doc[i].lower_ != "such" or doc[i + 1 : i + 2].text == "as"):
                noun = doc[i - 2] if doc[i - 1].text in (",", "(") and i > 1 else doc[i - 1]
                etype = self._type_of(noun) if noun.tag_ == "NNS" else None
                if etype and etype != "Dataset":  # "challenges such as occlusion levels": datasets have names
                    found.extend(self._found(name, "name:listed-example", etype)
                                 for name in self._examples(doc, i + 2 if doc[i].lower_ == "such" else i + 1, etype))
        return found

    @staticmethod
    def _found(name: list[Token], rule: str, etype: str) -> tuple[int, int, str, str]:
        return name[0].idx, name[-1].idx + len(name[-1].text), rule, etype

    def _namer_type(self, doc: Doc, i: int) -> str | None:
        """The type the noun the naming word doc[i] names gives: the noun before it ("a framework, called"), or
        before "(which) we" ("an attack we call", "a task which we name"), where the authors name their own
        work and a noun that is no type head gives a Method."""
        before = i - 1
        authors = doc[before].lower_ == "we"
        if authors:
            before -= 2 if before > 0 and doc[before - 1].lower_ in ("which", "that") else 1
        if before > 0 and doc[before].text == ",":
            before -= 1
        if before < 0:
            return None
        noun = doc[before]
        etype = self._type_of(noun)
        return etype or ("Method" if authors and noun.is_lower and noun.pos_ == "NOUN" else None)

    def _type_of(self, noun: Token) -> str | None:
        """The type a lower-case type-head noun gives ("framework": Method), else None."""
        lower = noun.is_lower or (noun.is_title and noun.is_sent_start)  # "Tasks such as ..."
        return self.rules.type_heads.get(noun.lemma_.lower()) if lower and noun.pos_ in ("NOUN", "PROPN") else None

    def _examples(self, doc: Doc, start: int, etype: str) -> list[list[Token]]:
        """The lower-case names of a list of examples starting at doc[start]; a capitalised member or one of one word
        is skipped."""
        names, last = [], False
        position = start + (start < len(doc) and doc[start].text == ",")  # "e.g., X"
        while position < len(doc):
            name = self._name(doc, position, etype)
            if name:
                if not self._goes_on_in_capitals(doc, name):
                    names.append(name)
                position = name[-1].i + 1
            elif doc[position].is_stop or not doc[position].is_alpha:
                break  # no member here: the list is over ("methods such as those based on ...")
            else:
                while position < len(doc) and doc[position].lower_ not in _LIST_JOINS and not (
                        doc[position].is_punct and not in_word_hyphen(doc[position])):
                    position += 1  # a capitalised member, a generic one, or one word
            if position >= len(doc) or doc[position].lower_ not in _LIST_JOINS or last:
                break
            while position < len(doc) and doc[position].lower_ in _LIST_JOINS:
                last = last or doc[position].lower_ in ("and", "or")  # ", and X": X ends the list
                position += 1
        return names

    def _name(self, doc: Doc, start: int, etype: str, hyphenated_alone: bool = False) -> list[Token]:
        """The lower-case name of type `etype` starting at doc[start] (after "as", an article and evaluative words
        such as "recent"), or [] when there is none: one word only (but for one hyphenated word where
        `hyphenated_alone`), a generic phrase, or a phrase whose own head noun gives another type ("tasks such as
        imbalanced datasets")."""
        while start < len(doc):
            word_end = start + 1
            while word_end + 1 < len(doc) and in_word_hyphen(doc[word_end]):
                word_end += 2  # a hyphenated word whole: "large-scale", "state-of-the-art"
            word = doc[start:word_end].text.lower()
            if not (doc[start].is_lower or doc[start].is_punct) or (
                    word not in _SKIPPED and word not in self.rules.stop_modifiers):
                break
            start = word_end
        end = start
        while end < len(doc) and (in_word_hyphen(doc[end]) or self._name_word(doc[end]) or _final_gerund(doc[end])):
            end += 1
        while end > start and (in_word_hyphen(doc[end - 1]) or (
                doc[end - 1].pos_ not in ("NOUN", "PROPN") and not _final_gerund(doc[end - 1]))):
            end -= 1  # a name ends in its head noun
        name = list(doc[start:end])
        if end < len(doc) and self._goes_on(doc[end]):
            return []  # the phrase goes on in a word no name takes ("offline word embedding compression")
        if (len(self._words(name)) < 2 and not (hyphenated_alone and len(name) > 1)) \
                or singular(doc[start:end].text).lower() in self.rules.generic_phrases:
            return []
        head = name[-1].lemma_.lower()
        head_type = self.rules.type_heads.get(head)
        # a task is named by an activity: "tasks such as formality transfer", not "tasks such as colorectal cancer"
        named_by_head = head_type == etype or (head_type is None and (etype != "Task" or self._names_an_activity(head)))
        return name if named_by_head else []

    def _names_an_activity(self, noun: str) -> bool:
        """Whether a noun that is no type head names something done ("formality transfer"), not a thing ("cancer")."""
        return noun.endswith(_ACTIVITY_ENDINGS) or noun in self.rules.activity_nouns

    @staticmethod
    def _name_word(token: Token) -> bool:
        """A lower-case content word that may be part of a name, or any part of a hyphenated word ("of" of
        "meta-out-of-context learning"); a verb only as a participle or a modifier ("distributed online conditional
        gradient"), not as the verb of a clause ("networks having ...", "employing ...")."""
        if token.is_lower and not breaks_a_phrase(token, hyphenated_ok=True) and token.is_stop:
            return True  # inside a hyphenated word
        return token.is_lower and token.pos_ in _NAME_POS and not token.is_stop and (
            token.pos_ != "VERB" or token.tag_ == "VBN" or token.dep_ in ("amod", "compound", "nmod"))

    @staticmethod
    def _goes_on(token: Token) -> bool:
        """A lower-case word that continues the noun phrase before it: a noun or adjective, or a gerund before a
        noun ("embedding compression"), not a verb of the clause ("... inference fail")."""
        if not (token.is_lower and token.is_alpha) or token.is_stop:
            return False
        return token.pos_ != "VERB" or (token.tag_ == "VBG" and token.i + 1 < len(token.doc)
                                        and token.nbor().pos_ == "NOUN")

    @staticmethod
    def _words(name: list[Token]) -> list[Token]:
        """The words of a name, a hyphenated word counting once."""
        return [t for t in name if not in_word_hyphen(t) and not (t.i > name[0].i and in_word_hyphen(t.nbor(-1)))]

    @staticmethod
    def _goes_on_in_capitals(doc: Doc, name: list[Token]) -> bool:
        """The name goes on in capitals ("called deep Q-Networks"): it is the start of a capitalised one."""
        end = name[-1].i + 1
        return end < len(doc) and doc[end].is_alpha and not doc[end].is_lower
