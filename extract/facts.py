"""The records that cross the seam between `extract/` (text) and `kg/` (graph).

Plain frozen dataclasses: `kg/` builds the graph from these alone and never sees a spaCy object, and
`extract/` produces them without knowing anything about RDF. All character offsets point into
`Paper.abstract` exactly as the user gave it (not into the normalised text the NLP stage reads), or into
`Paper.title` for evidence marked `in_title`.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The five entity types, in the order the graph, the legend and the statistics list them.
ENTITY_TYPES: tuple[str, ...] = ("Method", "Dataset", "Model", "Metric", "Task")

#: Paper-to-entity relations. `outperforms` is a narrower `comparesWith`.
RELATIONS: tuple[str, ...] = (
    "proposes",
    "addresses",
    "evaluatedOn",
    "usesModel",
    "usesMetric",
    "usesMethod",
    "comparesWith",
    "outperforms",
)

#: The relation an entity's type implies when the paper says nothing more of it (not proposes, not compared with).
RELATION_OF_TYPE: dict[str, str] = {
    "Dataset": "evaluatedOn",
    "Model": "usesModel",
    "Metric": "usesMetric",
    "Method": "usesMethod",
    "Task": "addresses",
}

#: Kinds of URL found in an abstract.
LINK_KINDS: tuple[str, ...] = ("codeRepository", "projectPage")


@dataclass(frozen=True)
class Paper:
    """One input record. `abstract` is verbatim; `id` is stable (given, or derived from the text)."""

    id: str
    abstract: str
    title: str | None = None
    url: str | None = None
    venue: str | None = None
    year: int | None = None
    source: str = ""
    metadata: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Evidence:
    """Where and how a fact was found: the sentence, the mention's offsets, the rule and its confidence.
    Offsets index the abstract, or the title when `in_title` (a name only the title gives: "SMART-Rain: ...")."""

    sentence: str
    sentence_start: int
    sentence_end: int
    start: int
    end: int
    rule: str
    confidence: float
    in_title: bool = False


@dataclass(frozen=True)
class Mention:
    """One occurrence of an entity in the original abstract."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Entity:
    """An entity as found in one paper; `kg/` merges entities across papers by their names."""

    key: str
    type: str
    name: str
    aliases: tuple[str, ...] = ()
    mentions: tuple[Mention, ...] = ()


@dataclass(frozen=True)
class Relation:
    """A paper-to-entity fact: `predicate` is one of RELATIONS, `entity` an `Entity.key` of the same paper."""

    predicate: str
    entity: str
    evidence: Evidence


@dataclass(frozen=True)
class Link:
    """A URL stated in the abstract (code repository or project page), repaired of markup and stray spaces."""

    kind: str
    url: str
    evidence: Evidence


@dataclass(frozen=True)
class Result:
    """A number the paper reports, as written ("66.21%") and as a number with its unit, the metric it measures,
    the entity it is for and the dataset (each when the abstract names it); `metric`, `entity` and `dataset` are
    Entity keys. A range ("2-4x") has its lower end as `value` and its upper end as `upper`."""

    value_text: str
    value: str
    unit: str
    metric: str
    entity: str | None
    dataset: str | None
    evidence: Evidence
    upper: str | None = None


@dataclass(frozen=True)
class PaperFacts:
    """Everything the NLP stage found in one paper."""

    paper: Paper
    label: str
    entities: tuple[Entity, ...] = ()
    relations: tuple[Relation, ...] = ()
    links: tuple[Link, ...] = ()
    results: tuple[Result, ...] = ()
