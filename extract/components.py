"""Registers the extraction stage as spaCy components, with their results on `Doc._` and `Span._`."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

from .central_chunks import CentralChunks, CentralityModel
from .mentions import MentionFinder
from .relations import RelationFinder
from .results import ResultFinder
from .rules import load_rules

for _name, _default in (("mlkg_entities", None), ("mlkg_relations", None), ("mlkg_results", None),
                       ("mlkg_author_verbs", None),
                       ("mlkg_title", None), ("mlkg_text", None)):
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=_default)
for _name, _default in (("mlkg_key", None), ("mlkg_rule", None), ("mlkg_confidence", None)):
    if not Span.has_extension(_name):
        Span.set_extension(_name, default=_default)


@Language.factory("mlkg_mentions")
def make_mention_finder(nlp: Language, name: str) -> MentionFinder:
    """Entity mentions, grouped and typed: `doc.spans["mlkg"]`, `doc._.mlkg_entities`."""
    return MentionFinder(nlp, load_rules())


@Language.factory("mlkg_central_chunks")
def make_central_chunks(nlp: Language, name: str) -> CentralChunks:
    """The generic phrases central to the paper, scored by the trained model: added to the mention finder's."""
    return CentralChunks(load_rules(), CentralityModel.load())


@Language.factory("mlkg_relations")
def make_relation_finder(nlp: Language, name: str) -> RelationFinder:
    """Paper-to-entity relations with evidence: `doc._.mlkg_relations`."""
    return RelationFinder(load_rules())


@Language.factory("mlkg_results")
def make_result_finder(nlp: Language, name: str) -> ResultFinder:
    """Reported numbers as n-ary results (value, unit, metric, dataset, entity): `doc._.mlkg_results`."""
    return ResultFinder()
