"""`python -m bench.scierc [--split dev|test] [--data DIR]`: our extractor against SciERC's entity annotations.

SciERC (document-level DyGIE form, one abstract per line: `sentences` of tokens, `ner` spans [start, end,
label] in document token indices, end inclusive, coreference `clusters`) is an outside yardstick next to the
dev gold. Its labels map onto our types: Method -> Method or Model (either counts), Material -> Dataset,
Metric -> Metric, Task -> Task; OtherScientificTerm and Generic are skipped, and a prediction on exactly such a
span counts neither way. The text we extract from is the tokens joined with spaces (PTB brackets restored);
a mention counts at the span level only when its offsets fall on token boundaries. Printed: span-level P/R/F1 (exact token
span, typed and untyped) and the per-document entity-set scores of `kg eval` (strict and lenient). Nothing
from SciERC is written anywhere.
"""

from __future__ import annotations

import argparse
import bisect
import json
from pathlib import Path

from extract.facts import Paper, PaperFacts
from extract.pipeline import DEFAULT_MODEL, extract_papers, load_pipeline
from kg.evaluate import MODES, GoldEntity, PredEntity, Score, match, predictions_from_facts, strict_key

DEFAULT_DATA = Path("../shared/corpora/scierc")
#: SciERC label each of our types counts as.
LABEL_OF_TYPE = {"Method": "Method", "Model": "Method", "Dataset": "Material", "Metric": "Metric", "Task": "Task"}
LABELS = ("Method", "Material", "Metric", "Task")
SKIPPED = frozenset({"OtherScientificTerm", "Generic"})
_PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"'}


class Document:
    """One SciERC abstract: its detokenised text, token offsets, kept gold spans and skipped spans."""

    def __init__(self, record: dict):
        self.key = record["doc_key"]
        self.tokens = [_PTB.get(token, token) for sentence in record["sentences"] for token in sentence]
        self.starts, offset = [], 0
        for token in self.tokens:
            self.starts.append(offset)
            offset += len(token) + 1
        self.text = " ".join(self.tokens)
        spans = [(start, end, label) for sentence in record["ner"] for start, end, label in sentence]
        self.gold = {((s, e), label) for s, e, label in spans if label not in SKIPPED}
        self.skipped = {(s, e) for s, e, label in spans if label in SKIPPED} - {span for span, _ in self.gold}
        self.clusters = [[tuple(span) for span in cluster] for cluster in record.get("clusters", [])]

    def surface(self, start: int, end: int) -> str:
        return " ".join(self.tokens[start:end + 1])

    def token_span(self, char_start: int, char_end: int) -> tuple:
        """(first token, last token) when [char_start, char_end) falls on token boundaries; otherwise a key that
        matches no gold span (a mention inside a token, like `domain parsing` in `restricted-domain parsing`)."""
        first = bisect.bisect_right(self.starts, char_start) - 1
        last = bisect.bisect_right(self.starts, char_end - 1) - 1
        if self.starts[first] == char_start and self.starts[last] + len(self.tokens[last]) == char_end:
            return (first, last)
        return ("chars", char_start, char_end)

    def gold_entities(self) -> list[GoldEntity]:
        """Gold spans grouped into entities by coreference cluster and by name, surface forms as alternatives."""
        spans = sorted(span for span, _ in self.gold)
        group = {span: span for span in spans}

        def find(span):
            while group[span] != span:
                span = group[span]
            return span

        by_key: dict[str, tuple[int, int]] = {}
        for span in spans:
            other = by_key.setdefault(strict_key(self.surface(*span)), span)
            group[find(span)] = find(other)
        for cluster in self.clusters:
            kept = [span for span in cluster if span in group]
            for span in kept[1:]:
                group[find(span)] = find(kept[0])
        names: dict[tuple[int, int], list[str]] = {}
        for span in spans:
            alternatives = names.setdefault(find(span), [])
            if self.surface(*span) not in alternatives:
                alternatives.append(self.surface(*span))
        return [GoldEntity(tuple(alternatives)) for _, alternatives in sorted(names.items())]


def predicted_spans(doc: Document, facts: PaperFacts) -> set[tuple[tuple, str]]:
    """Our mentions as (token span, SciERC label), without those on skipped spans."""
    spans = set()
    for entity in facts.entities:
        for mention in entity.mentions:
            span = doc.token_span(mention.start, mention.end)
            if span not in doc.skipped:
                spans.add((span, LABEL_OF_TYPE[entity.type]))
    return spans


def predicted_entities(doc: Document, facts: PaperFacts) -> list[PredEntity]:
    """All our entities of the document, without those named only like a skipped span."""
    skipped = {strict_key(doc.surface(*span)) for span in doc.skipped}
    return [entity for entities in predictions_from_facts(facts).values() for entity in entities
            if not {strict_key(name) for name in entity.names} <= skipped]


def score(docs: list[Document], facts: list[PaperFacts]) -> dict:
    """Span-level scores (typed overall and per label, untyped) and entity-set scores (micro, and macro F1)."""
    spans = {"typed": Score(), "untyped": Score(), **{label: Score() for label in LABELS}}
    sets = {mode: Score() for mode in MODES}
    per_doc_f1: dict[str, list[float]] = {mode: [] for mode in MODES}
    for doc, found in zip(docs, facts):
        predicted = predicted_spans(doc, found)
        spans["typed"] += Score(len(doc.gold), len(predicted), len(doc.gold & predicted))
        for label in LABELS:
            g = {item for item in doc.gold if item[1] == label}
            p = {item for item in predicted if item[1] == label}
            spans[label] += Score(len(g), len(p), len(g & p))
        g_untyped, p_untyped = {span for span, _ in doc.gold}, {span for span, _ in predicted}
        spans["untyped"] += Score(len(g_untyped), len(p_untyped), len(g_untyped & p_untyped))
        gold_entities, pred_entities = doc.gold_entities(), predicted_entities(doc, found)
        for mode in MODES:
            doc_score = Score(len(gold_entities), len(pred_entities), len(match(gold_entities, pred_entities, mode)))
            sets[mode] += doc_score
            per_doc_f1[mode].append(doc_score.f1 or 0.0)
    macro = {mode: sum(values) / len(values) if values else None for mode, values in per_doc_f1.items()}
    return {"spans": spans, "entity_set": sets, "macro_f1": macro}


def _line(label: str, s: Score) -> str:
    def ratio(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    return f"{label:<26}{s.gold:>6}{s.predicted:>6}{s.hits:>6}{ratio(s.precision):>8}{ratio(s.recall):>8}{ratio(s.f1):>8}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help=f"SciERC folder [default: {DEFAULT_DATA}]")
    parser.add_argument("--model", default=DEFAULT_MODEL)
    args = parser.parse_args()
    path = args.data / f"{args.split}.json"
    if not path.is_file():
        parser.exit(2, f"no SciERC file at {path} (pass --data DIR)\n")
    with path.open(encoding="utf-8") as lines:
        docs = [Document(json.loads(line)) for line in lines if line.strip()]
    nlp = load_pipeline(args.model)
    facts = list(extract_papers([Paper(id=doc.key, abstract=doc.text) for doc in docs], nlp))
    result = score(docs, facts)
    header = f"{'':<26}{'gold':>6}{'pred':>6}{'hits':>6}{'P':>8}{'R':>8}{'F1':>8}"
    print(f"SciERC {args.split}: {len(docs)} documents, model {args.model}")
    print("\nspan level (exact token span; Method = our Method or Model, Material = Dataset)")
    print(header)
    print(_line("typed", result["spans"]["typed"]))
    for label in LABELS:
        print(_line(f"  {label}", result["spans"][label]))
    print(_line("untyped", result["spans"]["untyped"]))
    print("\nentity set per document (as in kg eval; micro over documents)")
    print(header)
    for mode in MODES:
        macro = result["macro_f1"][mode]
        print(_line(mode, result["entity_set"][mode]) + f"   macro F1 {macro:.3f}")


if __name__ == "__main__":
    main()
