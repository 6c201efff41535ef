"""The graph as NetworkX: papers and entities as nodes, paper -> entity facts as edges carrying their evidence.

Family links (`entity mlkg:memberOf family`) are entity -> entity edges keyed "memberOf"; they are not facts,
so paper counts and related papers look at paper -> entity edges only (`papers_of`). n-ary results are not
nodes: they sit in `view.graph["results"]` (paper IRI -> records), off the nodes so GraphML stays scalar.

Derived from the RDF graph alone (docs/graph.md is the contract), so GraphML and the HTML explorer never
disagree with the Turtle. Every lookup is one `triples` pattern over the whole graph, not one query per node,
because a corpus may hold 20k papers.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from itertools import islice

import networkx as nx
from rdflib import Graph, URIRef
from rdflib.namespace import DCTERMS, RDF, RDFS, SKOS

from extract.facts import ENTITY_TYPES, LINK_KINDS, RELATIONS

from .vocab import MLKG, SCHEMA

PAPER = "Paper"
#: Node kinds in the order the legend and the filters list them.
KINDS: tuple[str, ...] = (PAPER, *ENTITY_TYPES)
#: Edge key of a family link (member -> family).
MEMBER_OF = "memberOf"
#: Slack for comparing sums of logs added in different orders.
_EPSILON = 1e-9


def _term(name: str) -> URIRef:
    """An ontology term built from the namespace's base, so the view reads graphs with terms newer than the
    kg.vocab it runs with (MLKG is a closed namespace and would raise)."""
    return URIRef(str(MLKG) + name)


def _values(graph: Graph, predicate: URIRef) -> dict[str, list[str]]:
    """Subject IRI -> sorted string values of `predicate`, for every subject at once."""
    found: dict[str, list[str]] = defaultdict(list)
    for subject, _, obj in graph.triples((None, predicate, None)):
        found[str(subject)].append(str(obj))
    return {subject: sorted(values) for subject, values in found.items()}


def _first(values: dict[str, list[str]], subject: str) -> str:
    """The smallest value (deterministic when the data has several), or "" when there is none."""
    return values.get(subject, [""])[0]


def _evidence(graph: Graph) -> dict[tuple[str, str, str], list[dict]]:
    """(paper, relation name, entity) -> its evidence records, sorted by position (`inTitle` only on title evidence)."""
    fields = {
        "sentence": MLKG.sentence, "start": MLKG.mentionStart, "end": MLKG.mentionEnd,
        "sentenceStart": MLKG.sentenceStart, "sentenceEnd": MLKG.sentenceEnd,
        "rule": MLKG.rule, "confidence": MLKG.confidence, "inTitle": MLKG.inTitle,
    }
    columns = {name: {s: o for s, _, o in graph.triples((None, predicate, None))} for name, predicate in fields.items()}
    subjects = {s: o for s, _, o in graph.triples((None, RDF.subject, None))}
    predicates = {s: o for s, _, o in graph.triples((None, RDF.predicate, None))}
    objects = {s: o for s, _, o in graph.triples((None, RDF.object, None))}
    found: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for node in graph.subjects(RDF.type, MLKG.Evidence):
        if node not in subjects or node not in predicates or node not in objects:
            continue
        record = {name: column[node].toPython() for name, column in columns.items() if node in column}
        record["confidence"] = float(record.get("confidence", 0.0))
        relation = str(predicates[node]).removeprefix(str(MLKG))
        found[(str(subjects[node]), relation, str(objects[node]))].append(record)
    for records in found.values():
        records.sort(key=lambda r: (r.get("start", -1), r.get("end", -1), r.get("rule", ""), r.get("sentence", "")))
    return found


def to_networkx(graph: Graph) -> nx.MultiDiGraph:
    """The browsable view of `graph`: one node per paper and entity (keyed by IRI), one edge per fact."""
    labels = _values(graph, RDFS.label)
    aliases = _values(graph, SKOS.altLabel)
    kinds = {str(s): kind for kind in KINDS for s in graph.subjects(RDF.type, MLKG[kind])}
    paper_data = {
        name: _values(graph, predicate)
        for name, predicate in (("title", DCTERMS.title), ("abstract", DCTERMS.abstract), ("url", SCHEMA.url),
                                ("identifier", DCTERMS.identifier))
    }
    links = {kind: _values(graph, MLKG[kind]) for kind in LINK_KINDS}
    facts = sorted(
        (str(s), relation, str(o))
        for relation in RELATIONS
        for s, _, o in graph.triples((None, MLKG[relation], None))
        if kinds.get(str(s)) == PAPER and kinds.get(str(o), PAPER) != PAPER
    )
    linked: dict[str, set[str]] = defaultdict(set)
    for paper, _, entity in facts:
        linked[entity].add(paper)

    view = nx.MultiDiGraph(results=_results(graph, kinds))
    for iri in sorted(kinds):
        kind = kinds[iri]
        attrs = {"kind": kind, "label": _first(labels, iri) or iri.rsplit("/", 1)[-1], "aliases": aliases.get(iri, [])}
        if kind == PAPER:
            attrs.update({name: _first(values, iri) for name, values in paper_data.items()})
            attrs["code"] = links["codeRepository"].get(iri, [])
            attrs["project"] = links["projectPage"].get(iri, [])
        else:
            attrs["papers"] = len(linked[iri])
        view.add_node(iri, **attrs)
    evidence = _evidence(graph)
    for paper, relation, entity in facts:
        view.add_edge(paper, entity, key=relation, evidence=evidence.get((paper, relation, entity), []))
    for member, group in sorted((str(s), str(o)) for s, _, o in graph.triples((None, _term(MEMBER_OF), None))):
        if kinds.get(member, PAPER) != PAPER and kinds.get(group, PAPER) != PAPER and member != group:
            view.add_edge(member, group, key=MEMBER_OF)
    return view


def _results(graph: Graph, kinds: dict[str, str]) -> dict[str, list[dict]]:
    """Paper IRI -> its results (entity, metric, dataset IRIs, value as written, number, unit), in the order
    they appear in the abstract."""
    fields = {"entity": "resultFor", "metric": "resultMetric", "dataset": "resultDataset", "value": "valueText",
              "number": "value", "unit": "unit"}
    columns = {name: {str(s): o for s, _, o in graph.triples((None, _term(term), None))} for name, term in fields.items()}
    starts = {str(s): o.toPython() for s, _, o in graph.triples((None, MLKG.mentionStart, None))}
    position = {str(o): starts.get(str(s), -1) for s, _, o in graph.triples((None, RDF.object, None))}
    found: dict[str, list[dict]] = defaultdict(list)
    for paper, _, result in graph.triples((None, _term("reportsResult"), None)):
        paper, result = str(paper), str(result)
        if kinds.get(paper) != PAPER:
            continue
        record = {name: str(column.get(result, "")) for name, column in columns.items() if name != "number"}
        number = columns["number"].get(result)
        record.update(iri=result, number=float(number.toPython()) if number is not None else None,
                      start=position.get(result, -1))
        found[paper].append(record)
    return {paper: sorted(found[paper], key=lambda r: (r["start"], r["value"], r["iri"])) for paper in sorted(found)}


def papers_of(view: nx.MultiDiGraph, entity: str) -> list[str]:
    """The papers linked to `entity`, sorted (its members, which also point at it, are not papers)."""
    return sorted(p for p in view.predecessors(entity) if view.nodes[p]["kind"] == PAPER)


def family(view: nx.MultiDiGraph, entity: str) -> tuple[list[str], list[str]]:
    """(families `entity` is a member of, members of `entity`), each sorted."""
    up = sorted(t for _, t, k in view.out_edges(entity, keys=True) if k == MEMBER_OF)
    down = sorted(s for s, _, k in view.in_edges(entity, keys=True) if k == MEMBER_OF)
    return up, down


def papers(view: nx.MultiDiGraph) -> list[str]:
    """Paper IRIs in the view's (sorted) order."""
    return [node for node, kind in view.nodes(data="kind") if kind == PAPER]


def entities(view: nx.MultiDiGraph) -> list[str]:
    """Entity IRIs in the view's (sorted) order."""
    return [node for node, kind in view.nodes(data="kind") if kind != PAPER]


def related_index(view: nx.MultiDiGraph) -> dict[str, tuple[float, tuple[str, ...], frozenset[str]]]:
    """Entity -> (rarity weight, its papers sorted, the same as a set): what `related_papers` needs, built once
    when it is asked for every paper of a big graph."""
    total = len(papers(view))
    index = {}
    for entity in entities(view):
        linked = papers_of(view, entity)
        if linked:
            index[entity] = (math.log(total / len(linked)), tuple(linked), frozenset(linked))
    return index


def related_papers(view: nx.MultiDiGraph, paper_iri: str, top: int = 10,
                   index: dict[str, tuple[float, tuple[str, ...], frozenset[str]]] | None = None,
                   ) -> list[tuple[str, float, list[str]]]:
    """Papers sharing entities with `paper_iri`, best first: (iri, score, shared entity labels).

    Each shared entity adds log(N papers / papers of that entity), so sharing a rare dataset counts for more
    than sharing "accuracy". Ties go to the smaller IRI; labels are listed rarest entity first (then by IRI). Pass
    `related_index(view)` when asking for many papers.

    Exact, but it avoids walking every paper of a common entity (a third of a corpus may use "accuracy"): the
    paper's entities are added rarest first, the walk stops once `top` papers are ahead of anything the rest
    could add (those still in the running are completed by set lookups), and of the papers first met at the
    last entity only its first `top` by IRI can place. Every score is summed in that same rarest-first order,
    so it does not depend on where the walk stopped.
    """
    index = related_index(view) if index is None else index
    own = sorted(view.successors(paper_iri), key=lambda e: (-index[e][0], e))
    scores: dict[str, float] = {}
    for position, entity in enumerate(own):
        weight, members, member_set = index[entity]
        if position == len(own) - 1:
            for other in member_set.intersection(scores):
                scores[other] += weight
            fresh = islice((p for p in members if p != paper_iri and p not in scores), top)
            scores.update((other, weight) for other in list(fresh))
            break
        for other in members:
            if other != paper_iri:
                scores[other] = scores.get(other, 0.0) + weight
        rest = own[position + 1:]
        still = sum(index[e][0] for e in rest)
        ahead = heapq.nlargest(top, scores.values())
        if len(ahead) == top and ahead[-1] > still + _EPSILON:
            scores = {other: score for other, score in scores.items() if score + still + _EPSILON >= ahead[-1]}
            for later in rest:
                weight, _, member_set = index[later]
                for other in member_set.intersection(scores):
                    scores[other] += weight
            break
    ranked = heapq.nsmallest(top, scores, key=lambda other: (-scores[other], other))
    return [(other, scores[other], [view.nodes[e]["label"] for e in own if other in index[e][2]]) for other in ranked]


def entity_ranking(view: nx.MultiDiGraph) -> list[str]:
    """Entities by number of papers (most first), then label (ignoring case) and IRI: what a big graph shows first."""
    return sorted(entities(view), key=lambda e: (-view.nodes[e]["papers"], view.nodes[e]["label"].casefold(), e))
