"""Whether a verb's subject is the paper's authors ("we propose", "this paper introduces"), not others' work.

The mention finder finds these verbs once per Doc and leaves them on `doc._.mlkg_author_verbs`: it reads their
objects as contributions even without a name, and the relation finder turns what follows them into `proposes`."""

from __future__ import annotations

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Token
from spacy.vocab import Vocab

from .rules import Rules


#: The matcher's key for the noun "contribution", the subject of "our main contribution is X".
_CONTRIBUTION = "contribution-subject"


class AuthorVerbs:
    """The authors' contribution, naming and study verbs of a Doc ("we propose", "this paper introduces", "we
    provide", "which we name", "we study"), found with one PhraseMatcher pass over lemmas (a hash lookup per token;
    the token Matcher with a LEMMA IN pattern took 35 times as long) rather than a Python loop over every token."""

    def __init__(self, vocab: Vocab, rules: Rules):
        self.rules = rules
        self.matcher = PhraseMatcher(vocab, attr="LEMMA")
        for kind, words in (("proposes", rules.propose_verbs), ("provides", rules.provide_verbs),
                            ("names", rules.naming_words), ("studies", rules.study_verbs)):
            lemmas = sorted({form for word in words for form in (word, word.capitalize())})
            self.matcher.add(kind, [Doc(vocab, words=[lemma], lemmas=[lemma]) for lemma in lemmas])
        # the subject of "our main contribution is X" (`_contribution_copula`), found in the same pass
        self.matcher.add(_CONTRIBUTION, [Doc(vocab, words=[lemma], lemmas=[lemma])
                                         for lemma in ("contribution", "Contribution")])

    def __call__(self, doc: Doc) -> list[tuple[int, str]]:
        """(token index, "proposes", "provides", "names" or "studies") for each such verb whose subject is the
        authors (or, proposing, that says in the passive what the paper brings: `own_passive`), in text order; a
        contribution or study word counts only where it is tagged VERB or AUX ("propose" the verb, not a noun)."""
        found = {(start, doc.vocab.strings[match_id]) for match_id, start, _ in self.matcher(doc)}
        copulas = [(subject.head.i, "proposes") for subject in (doc[i] for i, kind in found if kind == _CONTRIBUTION)
                   if self._contribution_copula(subject)]
        return sorted([(i, kind) for i, kind in found
                       if kind != _CONTRIBUTION
                       and (((kind == "names" or doc[i].pos_ in ("VERB", "AUX"))
                             and ((by_authors(doc[i], self.rules) and not _bare_participle(doc[i]))
                                  or (kind == "proposes" and own_passive(doc[i])))
                             and not (kind == "names" and self._names_what_is_studied(doc[i])))
                            or (kind == "proposes" and self._present_after_and(doc[i])))]
                      + copulas)

    def _contribution_copula(self, subject: Token) -> bool:
        """"Our main contribution is a new X", "The key contribution of this work is X": the "is" whose subject is
        the authors' contribution says what they bring, as "we propose" does (not "... is to cast X as Y")."""
        if subject.dep_ != "nsubj" or subject.head.lemma_ != "be" \
                or not any(c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN") for c in subject.head.children):
            return False
        ours = any(c.lower_ in ("our", "my") for c in subject.children if c.dep_ == "poss") or any(
            c.dep_ == "prep" and c.lower_ == "of" and any(is_authors(g, self.rules) for g in c.children)
            for c in subject.children)
        return ours or any(c.lower_ in ("main", "key", "primary", "principal") for c in subject.children)

    def _present_after_and(self, word: Token) -> bool:
        """"we show that ... and present FooNet, a ...": the tagger takes a fifth of the corpus's "and present" for
        the adjective, which leaves it no subject; it is the authors' verb when the sentence's root is theirs."""
        return (word.pos_ == "ADJ" and word.lower_ in ("present", "presents") and word.i > 0
                and word.doc[word.i - 1].lower_ == "and" and by_authors(word.sent.root, self.rules))

    def _names_what_is_studied(self, word: Token) -> bool:
        """"We study the task of ..., called post-training quantization": the name is the studied problem's."""
        return word.dep_ in ("advcl", "acl", "conj") and word.head.lemma_.lower() in self.rules.study_verbs


def by_authors(verb: Token, rules: Rules) -> bool:
    """True when the verb's subject is the authors, following conjoined and subordinate verbs up to 3 steps, and
    from a gerund after "by" to the verb it says how ("we address X by developing a Y")."""
    for _ in range(3):
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            return any(is_authors(s, rules) for s in subjects)
        if verb.dep_ in ("conj", "xcomp", "advcl") and verb.head.i != verb.i:
            verb = verb.head
        elif verb.dep_ == "pcomp" and verb.tag_ == "VBG" and verb.head.lower_ == "by" and verb.head.dep_ == "prep":
            verb = verb.head.head
        else:
            return False
    return False


def _bare_participle(verb: Token) -> bool:
    """A past participle with no auxiliary, its own or the verb it is joined to's, or a past form the parser joined
    to a gerund: "taking recently released datasets, we see ..." says who released nothing ("we have built and
    released X" does)."""
    joined = verb.head if verb.dep_ == "conj" else verb
    if verb.tag_ in ("VBD", "VBN") and joined.tag_ == "VBG":
        return True
    return verb.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass") for c in (*verb.children, *joined.children))


def own_passive(verb: Token) -> Token | None:
    """The subject of "a novel X is proposed", "an attention module is introduced": present tense, no "by", a
    subject opened by "a", "an" or "our" or called new; what the paper itself brings (others' work "was proposed",
    "has been introduced by"). None for any other verb."""
    if verb.tag_ != "VBN" or any(c.dep_ == "agent" for c in verb.children) or not any(
            c.dep_ == "auxpass" and c.lower_ in ("is", "are") for c in verb.children):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    if subject is None or not any((c.dep_ in ("det", "poss") and c.lower_ in ("a", "an", "our"))
                                  or (c.dep_ == "amod" and c.lower_ in ("new", "novel")) for c in subject.children):
        return None
    return subject


def is_authors(subject: Token, rules: Rules) -> bool:
    """"we" (or a single author's "I"), or "this/our paper (work, study)"; not "prior work" or "a recent study"."""
    if subject.lower_ in ("we", "i"):
        return True
    if subject.lemma_.lower() not in rules.proposer_subjects:
        return False
    return any(c.lower_ in ("this", "our", "my", "present")
               for c in subject.children if c.dep_ in ("det", "poss", "amod"))


def verb_object(verb: Token) -> Token | None:
    """The verb's direct object (of "is", its complement: "our contribution is X"); for a verb the tagger took for an
    adjective ("and present FooNet"), the head of the noun phrase right after it."""
    objects = [child for child in verb.children
               if child.dep_ == "dobj" or (child.dep_ == "attr" and verb.lemma_ == "be")]
    if objects or verb.pos_ != "ADJ":
        return objects[0] if objects else None
    return next((t for t in verb.doc[verb.i + 1 : verb.sent.end] if t.pos_ in ("NOUN", "PROPN")
                 and t.dep_ not in ("compound", "amod", "nmod")), None)
