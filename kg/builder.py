"""Facts from many papers -> one rdflib Graph in the shape of docs/graph.md (the single source of truth)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS, XSD

from extract.facts import RELATION_OF_TYPE, Evidence, Paper, PaperFacts, Result

from .iris import resource, short_hash, unique_slugs
from .resolve import resolve
from .vocab import MLKG, PREFIXES, SCHEMA


def new_graph() -> Graph:
    """An empty graph with the project's prefixes bound.

    rdflib's context-free SimpleMemory store: the build has one graph, and the default store's per-triple
    context index cost 15% more memory (1.40 GB against 1.19 GB for 20,000 papers) for nothing."""
    graph = Graph(store="SimpleMemory", bind_namespaces="none")
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace)
    return graph


def paper_iris(all_facts: Sequence[PaperFacts]) -> dict[str, URIRef]:
    """Paper id -> IRI (`paper/<slug of id>`), unique even when two ids slug alike."""
    slugs = unique_slugs((facts.paper.id, facts.paper.id) for facts in all_facts)
    return {paper_id: resource("paper", text) for paper_id, text in slugs.items()}


def _add_evidence(graph: Graph, paper: URIRef, predicate: URIRef, obj: URIRef, evidence: Evidence, source: Paper) -> None:
    """A reified statement (CS-KG style) saying where in which abstract (or title: mlkg:inTitle), by which rule
    and how sure."""
    in_title = ("title",) if evidence.in_title else ()  # abstract evidence keeps the IRI it always had
    node = resource("evidence", short_hash(paper, predicate, obj, evidence.start, evidence.end, evidence.rule, *in_title))
    text = (source.title or "") if evidence.in_title else source.abstract
    graph.add((node, RDF.type, MLKG.Evidence))
    graph.add((node, RDF.subject, paper))
    graph.add((node, RDF.predicate, predicate))
    graph.add((node, RDF.object, obj))
    graph.add((node, PROV.wasDerivedFrom, paper))
    graph.add((node, MLKG.sentence, Literal(evidence.sentence)))
    graph.add((node, MLKG.sentenceStart, Literal(evidence.sentence_start)))
    graph.add((node, MLKG.sentenceEnd, Literal(evidence.sentence_end)))
    graph.add((node, MLKG.mentionStart, Literal(evidence.start)))
    graph.add((node, MLKG.mentionEnd, Literal(evidence.end)))
    graph.add((node, MLKG.mentionText, Literal(text[evidence.start : evidence.end])))
    if evidence.in_title:
        graph.add((node, MLKG.inTitle, Literal(True)))
    graph.add((node, MLKG.rule, Literal(evidence.rule)))
    graph.add((node, MLKG.confidence, Literal(Decimal(str(evidence.confidence)), datatype=XSD.decimal)))


def _add_paper(graph: Graph, iri: URIRef, facts: PaperFacts) -> None:
    paper = facts.paper
    graph.add((iri, RDF.type, MLKG.Paper))
    graph.add((iri, DCTERMS.identifier, Literal(paper.id)))
    graph.add((iri, RDFS.label, Literal(facts.label)))
    graph.add((iri, DCTERMS.abstract, Literal(paper.abstract)))
    if paper.title:
        graph.add((iri, DCTERMS.title, Literal(paper.title)))
    if paper.url:
        graph.add((iri, SCHEMA.url, URIRef(paper.url) if paper.url.startswith(("http://", "https://")) else Literal(paper.url)))
    if paper.venue:
        graph.add((iri, MLKG.venue, Literal(paper.venue)))
    if paper.year is not None:
        graph.add((iri, MLKG.year, Literal(paper.year)))
    if paper.source:
        graph.add((iri, MLKG.inputFile, Literal(paper.source)))


def _add_result(graph: Graph, paper: URIRef, result: Result, facts: PaperFacts, resolution) -> None:
    """An n-ary Result node: the value as written and as a number (a range's ends as value and valueMax), its
    unit, metric, and the dataset and entity when the abstract names them (a result it leaves unattributed is
    still the paper's).

    Resolution may retype an entity by the votes of all papers; a result whose metric is no longer a Metric is
    left out (a value without a metric says nothing), and a dataset that is no longer a Dataset is not named."""
    metric = resolution.members[(facts.paper.id, result.metric)]
    if metric.type != "Metric":
        return
    dataset = resolution.members[(facts.paper.id, result.dataset)] if result.dataset else None
    entity = resolution.members[(facts.paper.id, result.entity)] if result.entity else None
    ev = result.evidence
    node = resource("result", short_hash(paper, ev.start, ev.end, result.metric, result.entity or ""))
    graph.add((paper, MLKG.reportsResult, node))
    graph.add((node, RDF.type, MLKG.Result))
    graph.add((node, RDFS.label, Literal(f"{result.value_text} {metric.label}")))
    graph.add((node, MLKG.valueText, Literal(result.value_text)))
    graph.add((node, MLKG.value, Literal(Decimal(result.value), datatype=XSD.decimal)))
    if result.upper is not None:
        graph.add((node, MLKG.valueMax, Literal(Decimal(result.upper), datatype=XSD.decimal)))
    if result.unit:
        graph.add((node, MLKG.unit, Literal(result.unit)))
    graph.add((node, MLKG.resultMetric, resource("metric", metric.slug)))
    if entity is not None:
        graph.add((node, MLKG.resultFor, resource(entity.type.lower(), entity.slug)))
    if dataset is not None and dataset.type == "Dataset":
        graph.add((node, MLKG.resultDataset, resource("dataset", dataset.slug)))
    _add_evidence(graph, paper, MLKG.reportsResult, node, ev, facts.paper)


_TYPE_IMPLIED = frozenset(RELATION_OF_TYPE.values())


def _predicate(local: str, resolved_type: str) -> str:
    """The relation as the graph states it: one that only restates the entity's type (usesMethod) follows the type
    the entity resolved to across papers, so a paper that read a name as a method but whose entity is a task
    addresses it; proposes and comparisons stay as the paper says."""
    return RELATION_OF_TYPE[resolved_type] if local in _TYPE_IMPLIED else local


def build_graph(all_facts: Sequence[PaperFacts]) -> Graph:
    """One graph for all papers: papers, shared entities, relations, links, and evidence for each fact."""
    graph = new_graph()
    resolution = resolve(all_facts)
    for entity in resolution.entities:
        iri = resource(entity.type.lower(), entity.slug)
        graph.add((iri, RDF.type, MLKG[entity.type]))
        graph.add((iri, RDFS.label, Literal(entity.label)))
        graph.add((iri, SKOS.prefLabel, Literal(entity.label)))
        for alt in entity.alt_labels:
            graph.add((iri, SKOS.altLabel, Literal(alt)))
    for member, family in resolution.families:
        graph.add((resource(member.type.lower(), member.slug), MLKG.memberOf, resource(family.type.lower(), family.slug)))
    papers = paper_iris(all_facts)
    for facts in all_facts:
        paper = papers[facts.paper.id]
        _add_paper(graph, paper, facts)
        for relation in facts.relations:
            entity = resolution.members[(facts.paper.id, relation.entity)]
            obj = resource(entity.type.lower(), entity.slug)
            predicate = MLKG[_predicate(relation.predicate, entity.type)]
            graph.add((paper, predicate, obj))
            _add_evidence(graph, paper, predicate, obj, relation.evidence, facts.paper)
        for result in facts.results:
            _add_result(graph, paper, result, facts, resolution)
        for link in facts.links:
            target = URIRef(link.url)
            predicate = MLKG[link.kind]
            graph.add((paper, predicate, target))
            _add_evidence(graph, paper, predicate, target, link.evidence, facts.paper)
    return graph
