"""The entities of one Doc as the mention finder builds them, and how one is typed from the evidence gathered.

Shared by the mention finder (which groups mentions into entities) and the title reader's entities
(`title_entities`, which adds the names only the title gives): both make, look up and type `DocEntity` records.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .abbreviations import spells_out
from .entity_names import head_word, name_key, singular, singular_word
from .names import ACRONYM, looks_like_dataset, looks_like_model
from .rules import Rules, dataset_family


@dataclass
class DocEntity:
    """One entity of one document: its names, its mentions (clean offsets) and the votes for its type."""

    key: str
    name: str
    aliases: set[str] = field(default_factory=set)
    mentions: list[tuple[int, int, str, float]] = field(default_factory=list)
    votes: Counter = field(default_factory=Counter)
    type: str = "Method"
    title_span: tuple[int, int] | None = None  # where the title names it: the name it opens with ("Seq2Tens: ..."),
    # or its subject or purpose phrase ("Compositional Attention Networks for ...")
    opens_title: bool = False  # the title opens with it, shaped as a name ("PointNet: ..."): the paper's own, even
    # when the lexicon knows it (the paper that introduced it)


def named(entities: dict[str, DocEntity], name: str) -> DocEntity | None:
    """The entity with this name, as its name or an alias (compared by key)."""
    key = name_key(name)
    return next((e for e in entities.values() if key == e.key or key in map(name_key, e.aliases)), None)


def spelt_out_by(acronym: str, entities: dict[str, DocEntity]) -> DocEntity | None:
    """The one entity whose name spells out the acronym (`spells_out`; "Markov decision process" for MDP), when
    that entity has no acronym of its own: an acronym used undefined, in the abstract or opening the title, is that
    entity's. None when no entity or several do."""
    spelt = [e for e in entities.values() if e.name != acronym and spells_out(acronym.rstrip("s"), e.name)]
    if len(spelt) != 1 or any(ACRONYM.match(alias) for alias in spelt[0].aliases):
        return None
    return spelt[0]


def absorb(entities: dict[str, DocEntity], key: str, into: DocEntity) -> None:
    """The entity under `key` becomes a spelling of `into`: its name an alias, its mentions and votes added."""
    entity = entities.pop(key)
    into.aliases.add(entity.name)
    into.aliases.update(entity.aliases)
    into.mentions = sorted(into.mentions + entity.mentions)
    into.votes.update(entity.votes)


class EntityTyper:
    """The type of an entity from its names and the votes its mentions gathered, and of a head noun."""

    def __init__(self, rules: Rules):
        self.rules = rules

    def head_type(self, word: str) -> str | None:
        """The type a head noun gives ("benchmark" gives Dataset), for a word in any case or number."""
        return self.rules.type_heads.get(singular_word(word.lower()))

    def long_form_type(self, long_text: str) -> str | None:
        """The type the head noun of an abbreviation's long form gives: "Corpus of Linguistic Acceptability" is a
        Dataset. A task noun before "of", "for", "with" ... names what a method does ("Safe Interval Path Planning
        with Reservation Table", "Dynamics-Aware Discovery of Skills"), so there the last word decides."""
        head = self.head_type(head_word(long_text).rsplit("-", 1)[-1])
        return head if head != "Task" else self.head_type(long_text.rsplit(" ", 1)[-1].rsplit("-", 1)[-1])

    def type_by_evidence(self, entity: DocEntity) -> str | None:
        """Lexicon and name shape first (a known metric before a measure noun too), then the votes of head nouns and
        context, then the name's own head noun; None when nothing types the entity (its callers fall back to
        Method)."""
        rules = self.rules
        names = [entity.name, *sorted(entity.aliases)]
        for name in names:
            lowered = singular(name).lower()
            if lowered in rules.generic_model_classes or name.lower() in rules.generic_model_classes:
                return "Model"
            if lowered in rules.known:
                return rules.known[lowered]
            if dataset_family(name, rules):
                return "Dataset"
        if any(looks_like_model(name, rules) for name in names):
            return "Model"
        # a benchmark's shape in an abbreviation of a task's name is the task's: "video question answering (VideoQA)"
        own = self.head_type(entity.name.rsplit(" ", 1)[-1]) if " " in entity.name else None
        if own == "Metric" and rules.known.get(entity.name.split(" ", 1)[0].lower()) == "Metric":
            return "Metric"  # a known metric with a measure noun after it, wherever it stands: "on BLEU Score (41.4%)"
        if own != "Task" and any(looks_like_dataset(name, rules) for name in names):
            return "Dataset"
        if entity.votes:  # a tie goes to the type of the name's own head: "relation classification (RC)", "RC model"
            return max(sorted(entity.votes), key=lambda t: (entity.votes[t], t == own))
        return own  # nothing else typed it: "Broad-Coverage Semantic Dependency Parsing" by its head noun
