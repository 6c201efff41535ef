"""Entity resolution across papers: one entity per real-world thing, however many papers name it.

Occurrences whose canonical names share a key (case, dashes, plurals folded) are one entity. A bare short form
("LLM") joins the entity whose long form it abbreviates when exactly one such entity exists, so an acronym that
means two things in two papers does not glue them together; so does a name that ends in it ("offline RL" joins
"offline reinforcement learning"). The type is the majority of the occurrences' types.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from extract.entity_names import family_name, name_key
from extract.facts import ENTITY_TYPES, PaperFacts

from .iris import unique_slugs


@dataclass(frozen=True)
class ResolvedEntity:
    """One node of the graph: its type, slug, preferred name and other names."""

    type: str
    slug: str
    label: str
    alt_labels: tuple[str, ...]


@dataclass(frozen=True)
class Resolution:
    """The resolved entities, and which one each (paper id, local entity key) became."""

    entities: tuple[ResolvedEntity, ...]
    members: dict[tuple[str, str], ResolvedEntity]
    #: (member, family) pairs: `ARC-AGI-2` is a member of `ARC-AGI`, `Qwen3-VL-32B-Instruct` of `Qwen3`.
    families: tuple[tuple[ResolvedEntity, ResolvedEntity], ...] = ()


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, item: str) -> str:
        self.parent.setdefault(item, item)
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _preferred(names: Counter) -> str:
    """The most used name; on a tie the lower-case one (not capitalised by sentence position), then alphabetical."""
    return min(names, key=lambda n: (-names[n], not n.islower(), n))


def resolve(all_facts: Sequence[PaperFacts]) -> Resolution:
    """Merge the entities of all papers."""
    clusters = _UnionFind()
    long_forms_of_short: dict[str, set[str]] = defaultdict(set)
    name_of: dict[str, str] = {}
    occurrences = []
    for facts in all_facts:
        for entity in facts.entities:
            primary = name_key(entity.name)
            clusters.find(primary)
            name_of.setdefault(primary, entity.name)
            occurrences.append((facts.paper.id, entity, primary))
            for alias in entity.aliases:
                alias_key = name_key(alias)
                if alias_key != primary:
                    long_forms_of_short[alias_key].add(primary)
    unique_long = {}
    for short, long_keys in long_forms_of_short.items():
        # a bare short form seen as its own entity joins its long form when that is unambiguous
        roots = {clusters.find(k) for k in long_keys}
        if len(roots) == 1:
            unique_long[short] = min(long_keys)
            if short in clusters.parent:
                clusters.union(short, next(iter(roots)))
    _join_narrowed_short_forms(clusters, name_of, unique_long)

    types: dict[str, Counter] = defaultdict(Counter)
    names: dict[str, Counter] = defaultdict(Counter)
    alt: dict[str, set[str]] = defaultdict(set)
    for _paper, entity, primary in occurrences:
        root = clusters.find(primary)
        types[root][entity.type] += 1
        names[root][entity.name] += 1
        alt[root].update(entity.aliases)

    chosen_type = {
        root: min(counts, key=lambda t: (-counts[t], ENTITY_TYPES.index(t))) for root, counts in types.items()
    }
    labels = {root: _preferred(names[root]) for root in names}
    family_of = _families(clusters, chosen_type, labels)
    slugs: dict[str, str] = {}
    for etype in ENTITY_TYPES:  # slugs need only be unique within a type: the type is part of the IRI
        slugs.update(unique_slugs((root, labels[root]) for root in labels if chosen_type[root] == etype))
    by_root: dict[str, ResolvedEntity] = {}
    for root in sorted(labels):
        label = labels[root]
        others = sorted((set(names[root]) | alt[root]) - {label})
        by_root[root] = ResolvedEntity(chosen_type[root], slugs[root], label, tuple(others))
    members = {
        (paper_id, entity.key): by_root[clusters.find(primary)] for paper_id, entity, primary in occurrences
    }
    entities = tuple(sorted(by_root.values(), key=lambda e: (e.type, e.slug)))
    families = tuple(sorted(((by_root[m], by_root[f]) for m, f in family_of.items()),
                            key=lambda pair: (pair[0].type, pair[0].slug)))
    return Resolution(entities=entities, members=members, families=families)


def _join_narrowed_short_forms(clusters: _UnionFind, name_of: dict[str, str], unique_long: dict[str, str]) -> None:
    """A name ending in a short form ("offline RL") joins the name with that short form spelt out ("offline
    reinforcement learning") when some paper has it and the short form has one long form."""
    for primary, name in sorted(name_of.items()):
        words = name.split(" ")
        long_key = unique_long.get(name_key(words[-1])) if len(words) > 1 else None
        if long_key is None:
            continue
        spelt_out = name_key(" ".join([*words[:-1], name_of[long_key]]))
        if spelt_out in clusters.parent and spelt_out != primary:
            clusters.union(primary, spelt_out)


def _families(clusters: _UnionFind, chosen_type: dict[str, str], labels: dict[str, str]) -> dict[str, str]:
    """Member root -> family root. A family is an entity some paper names (`ARC-AGI`), or one that at least two
    entities share (`Qwen3` for `Qwen3-8B` and `Qwen3-VL-32B-Instruct`), added with its members' type."""
    wanted: dict[str, list[str]] = defaultdict(list)
    family_label: dict[str, str] = {}
    for root, label in sorted(labels.items()):
        family = family_name(label, chosen_type[root])
        if family:
            key = clusters.find(name_key(family)) if name_key(family) in clusters.parent else name_key(family)
            if key != root:
                wanted[key].append(root)
                family_label.setdefault(key, family)
    links = {}
    for family, members in wanted.items():
        if family not in labels:
            if len(members) < 2:
                continue
            labels[family] = family_label[family]
            counts = Counter(chosen_type[m] for m in members)
            chosen_type[family] = min(counts, key=lambda t: (-counts[t], ENTITY_TYPES.index(t)))
        links.update((member, family) for member in members)
    return links
