"""Whether a verb's subject is the paper's authors ("we propose", "this paper introduces"), not others' work.

Shared by the mention finder (the object of "we propose" is a contribution even without a name) and the relation
finder (it becomes a `proposes` fact)."""

from __future__ import annotations

from spacy.tokens import Token

from .rules import Rules


def by_authors(verb: Token, rules: Rules) -> bool:
    """True when the verb's subject is the authors, following conjoined and subordinate verbs up to 3 steps."""
    for _ in range(3):
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            return any(is_authors(s, rules) for s in subjects)
        if verb.dep_ in ("conj", "xcomp", "advcl") and verb.head.i != verb.i:
            verb = verb.head
        else:
            return False
    return False


def is_authors(subject: Token, rules: Rules) -> bool:
    """"we", or "this/our paper (work, study)"; not "prior work" or "a recent study"."""
    if subject.lower_ == "we":
        return True
    if subject.lemma_.lower() not in rules.proposer_subjects:
        return False
    return any(c.lower_ in ("this", "our", "present") for c in subject.children if c.dep_ in ("det", "poss", "amod"))


def is_proposal_verb(verb: Token, rules: Rules) -> bool:
    """"we propose / introduce / present ...": a contribution verb whose subject is the authors."""
    return verb.lemma_.lower() in rules.propose_verbs and verb.pos_ in ("VERB", "AUX") and by_authors(verb, rules)
