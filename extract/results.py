"""The `mlkg_results` component: numbers the paper reports, as n-ary results with a metric and what they are for.

"G²-Reader reaches 66.21% average accuracy on VisDoMBench" gives value 66.21, unit %, metric accuracy, dataset
VisDoMBench, for G²-Reader. A number becomes a result only when a metric is named next to it (or next to the list
of numbers it opens: "1.7 and 1.2 BLEU points"); the result is for the entity just before a parenthesised number
("GPT-5 (53.08%)"), else the entity that is the subject of the sentence, else what the paper proposes (the proposal
its title names first), else for no entity: the paper's own, unattributed result. A range ("2-4x", "90%-94%") is
one result, valued at its lower end, with its upper end beside. Runs after `mlkg_relations`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from spacy.tokens import Doc, Span, Token

from .doc_cache import cached

#: A number as written ("8,400", "66.21") and a unit after it (a ratio's "x" not before another number: "9x9"); not
#: one with other letters glued on, a count or a name ("2.4M parameters", "7B", "3D").
_AMOUNT = r"\d+(?:,\d{3})*(?:\.\d+)?"
#: "N times" as a ratio only before a comparison or a change ("27 times faster", "10 times fewer", "a 27 times
#: speedup"), not as a count ("repeated 5 times", "5 times per epoch").
_TIMES = (r"\s+times\b(?=\s+(?:faster|slower|quicker|fewer|more|less|smaller|larger|bigger|lower|higher|better|"
          r"longer|shorter|deeper|cheaper|greater|speed-?ups?|acceleration|improvement|increase|reduction)\b)")
_UNIT = (rf"%|×(?!\s?\d)|x\b(?!\s?\d)|-fold\b|{_TIMES}|\s?percent(?:age)?\s+points?\b|\s?percent\b|\s?points?\b|"
         r"\s?pp\b|\s?p\.p\.|\s?dB\b")
_NUMBER = re.compile(rf"(?<![\w.×-])(?P<sign>[+\-−]?)(?P<number>{_AMOUNT})(?:\s?(?P<unit>{_UNIT})|(?![.,]?[^\W_]))")
_UNITS = {"%": "%", "percent": "%", "×": "×", "x": "×", "-fold": "×", "times": "×", "point": "points",
          "points": "points", "pp": "points", "p.p.": "points", "percent point": "points", "percent points": "points",
          "percentage point": "points", "percentage points": "points", "dB": "dB"}
#: How many words may stand between a number and its metric, after it and before it.
_WORDS_AFTER, _WORDS_BEFORE = 3, 6
_CLAUSE_BREAK = re.compile(r"[,;:()]|\b(?:and|while|but|whereas|which)\b")
_STANDALONE_NUMBER = re.compile(r"(?<![\w-])\d")
_FROM = re.compile(r"\bfrom\s*$")
#: "to 64.2" after a number, its metric's name may come between ("from 61.5% F1 to 64.2%").
_TO = re.compile(r"\s*(?:[A-Za-z][\w\-@]*\s+){0,3}to\s+[+\-−]?\d")
_FROM_TO = re.compile(r"\bfrom\s+\S+\s+to\b")
#: Counted as one word between a number and the metric after it.
_IN_TERMS_OF = re.compile(r"\bin\s+terms\s+of\b")
#: What joins a number to the next of a list of numbers that share a metric: "by 1.7 and 1.2 BLEU points",
#: "1.2%/1.4%/27.2% word error rate".
_DATASET_GLUE = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+)(?:the\s+)?")
_NEXT_IN_LIST = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|/\s*)(?:by\s+)?(?=[+\-−]?\d)")
#: "from 8.73 to " just before the value a result changed to.
_FROM_TO_END = re.compile(r"\bfrom\s+\S+\s+to\s*$")
#: The words that may join a result to the next one on another dataset, the measure left unsaid.
_PARALLEL_GLUE = frozenset({"on", "in", "for", "and", "the", "across", "respectively", "while"})
#: Values joined by slashes, each the value of the metric in the same place of a slash-joined list before them:
#: "METEOR/CIDEr-D of 25.2%/98.6%", "PSNR/SSIM: 31.2/0.91".
_SLASHED_VALUES = re.compile(rf"{_AMOUNT}(?:{_UNIT})?(?:\s?/\s?{_AMOUNT}(?:{_UNIT})?)+")
#: What may stand between the last metric of such a list and its values: "of", "by", "=", ":", a bracket.
_SLASHED_GAP = re.compile(r"\s*(?:of|is|are|was|were|by|=|:|\()?\s*(?:about\s+|up to\s+)?$")
#: An earlier group of slashed values and the glue after it: "by 3.73dB/0.07 and " before "9.43dB/0.16".
_SLASHED_BEFORE = re.compile(rf"(?:{_SLASHED_VALUES.pattern})\s*(?:,\s*(?:and\s+)?|and\s+|or\s+)$")
#: A ratio written before its number: "improved the execution time by a factor of 3".
_FACTOR_OF = re.compile(r"\bfactor of\s+$")
#: What joins a metric to the value it names: "a mean score of 8,400", "F1 = 85".
_VALUE_OF = re.compile(r"\s+(?:of|is|was)\s+(?:about\s+|around\s+|approximately\s+|over\s+|up to\s+)?$|\s*=\s*$")
#: A whole number that is not the value itself: a range's first end ("78-83%"), a count of orders of magnitude, the
#: first word of a count ("5 billion multiply-adds").
_NOT_THE_VALUE = re.compile(r"\s?[-–]\s?\d|\s*orders? of magnitude|\s+(?:thousand|million|billion|trillion)\b")
#: A range of values with its unit: "2-4x", "90%-94%", "19.3–28.9%"; its ends as numbers, the unit after the last.
_RANGE = re.compile(rf"(?P<low>{_AMOUNT})(?:\s?(?:%|×|x\b))?\s?[-–]\s?(?P<high>{_AMOUNT})\s?(?P<unit>{_UNIT})")
#: A range written with "to", the unit after both ends: "3.5x to 10.5x" (not "from 3.5x to 10.5x", a change).
_RANGE_TO = re.compile(rf"(?P<low>{_AMOUNT})\s?(?P<unit>%|×|x\b)\s+to\s+(?P<high>{_AMOUNT})\s?(?P=unit)")
#: A range of values whose unit is a metric written after it ("1 to 3 BLEU", "2-4 FPS"): no unit of its own.
_METRIC_RANGE = re.compile(rf"(?P<low>{_AMOUNT})(?:\s?[-–]\s?|\s+to\s+)(?P<high>{_AMOUNT})(?P<unit>)")


#: Words that make "the accuracy of many vanilla networks" other people's work, not the paper's result.
_OTHERS = frozenset({"many", "most", "other", "several", "all", "some", "existing", "previous", "prior",
                     "conventional", "traditional", "vanilla", "standard"})


@dataclass(frozen=True)
class ResultHit:
    """A reported number found in a Doc; offsets are clean-text offsets of the number as written."""

    value_text: str
    value: str
    unit: str
    metric: str
    entity: str | None
    dataset: str | None
    start: int
    end: int
    rule: str
    confidence: float
    upper: str | None = None  # the upper end of a range ("2-4x"), whose value is the lower


def _unit(written: str | None) -> str:
    """The unit a number was written with, as results record it ("percentage  points" -> "points"), or ""."""
    return _UNITS.get(" ".join((written or "").split()), "")


def _is_subject(token: Token) -> bool:
    """A subject, or a name in apposition to one ("Our best baseline, the T5-based Unicorn, achieves 70.2%")."""
    return token.dep_ in ("nsubj", "nsubjpass") or (token.dep_ == "appos" and token.head.dep_ in ("nsubj", "nsubjpass"))


class ResultFinder:
    """Callable spaCy component; results on `doc._.mlkg_results`."""

    def __call__(self, doc: Doc) -> Doc:
        entities = doc._.mlkg_entities or {}
        mentions = sorted(doc.spans.get("mlkg", []), key=lambda m: m.start_char)
        proposed = self._paper_name(doc._.mlkg_relations or (), entities)
        hits: list[ResultHit] = []
        for sent_start, sent_end in cached(doc).sentence_chars:
            in_sentence = [m for m in mentions if sent_start <= m.start_char < sent_end]
            previous, found = None, []
            for match in _NUMBER.finditer(cached(doc).text, sent_start, sent_end):
                if previous is not None and match.start() < previous.end:
                    continue  # the upper end of the range just read
                hit = self._result(doc, match, in_sentence, entities, proposed, previous)
                if hit:
                    found.append(hit)
                    previous = hit
            hits.extend(self._respective_datasets(cached(doc).text, found, in_sentence, entities))
        doc._.mlkg_results = hits
        return doc

    @staticmethod
    def _respective_datasets(text: str, hits: list[ResultHit], mentions: list[Span], entities) -> list[ResultHit]:
        """A list of numbers followed by as many datasets listed are paired in order: "72.3%, 76.4% and 74.2% mIoU
        on S3DIS, ScanNet V2 and SemanticKITTI" (each number would otherwise take the dataset closest to it)."""
        paired = list(hits)
        first = 0
        while first < len(hits):
            last = first
            while last + 1 < len(hits) and (joined := _NEXT_IN_LIST.match(text, hits[last].end)) \
                    and joined.end() == hits[last + 1].start:
                last += 1
            if last > first:
                datasets = ResultFinder._listed_datasets(text, mentions, entities, hits[last].end)
                if len(datasets) == last - first + 1:
                    for i, dataset in enumerate(datasets, first):
                        paired[i] = replace(hits[i], dataset=dataset)
            first = last + 1
        return paired

    @staticmethod
    def _listed_datasets(text: str, mentions: list[Span], entities, after: int) -> list[str]:
        """The keys of the datasets listed first after a position: "on S3DIS, ScanNet V2 and SemanticKITTI"."""
        keys, end = [], None
        for mention in mentions:
            found = entities.get(mention._.mlkg_key)
            if mention.start_char < after or found is None:
                continue
            if found.type != "Dataset" or (end is not None and not _DATASET_GLUE.fullmatch(text, end, mention.start_char)):
                if keys:
                    break
                continue
            keys.append(found.key)
            end = mention.end_char
        return keys

    @staticmethod
    def _paper_name(relations, entities) -> str | None:
        """What a number is for when the text does not say: what the paper proposes, the proposal its title names
        first ("Never Give Up: ...", "Lite Transformer with Long-Short Range Attention"), else the proposal the
        abstract names first."""
        proposals = [hit for hit in relations if hit.predicate == "proposes"]
        titled = [(entities[hit.key].title_span[0], hit.key) for hit in proposals
                  if hit.key in entities and entities[hit.key].title_span]
        if titled:
            return min(titled)[1]
        first = min(proposals, key=lambda hit: (hit.in_title, hit.start), default=None)
        return first.key if first else None

    def _result(self, doc: Doc, match: re.Match, mentions: list[Span], entities, proposed: str | None,
                previous: ResultHit | None) -> ResultHit | None:
        start, end = match.span()
        if any(m.start_char <= start < m.end_char for m in mentions):
            return None  # part of a name: ARC-AGI-2, Qwen3-VL-32B
        text = cached(doc).text
        if _TO.match(text, end) and _FROM.search(text, max(start - 16, 0), start):
            return None  # "from 4.8% to 0.9%": the result is the second number
        unit = _unit(match.group("unit"))
        ranged = _RANGE.match(text, match.start("number")) or _RANGE_TO.match(text, match.start("number"))
        if ranged is None and (bare := _METRIC_RANGE.match(text, match.start("number"))) \
                and self._names_value(text, mentions, entities, start, bare.end()):
            ranged = bare
        upper = ranged.group("high").replace(",", "") if ranged else None
        if upper is not None and Decimal(upper) > Decimal(ranged.group("low").replace(",", "")):
            end, unit = ranged.end(), _unit(ranged.group("unit"))
        else:
            upper = None
        factor = None if unit else _FACTOR_OF.search(text, max(start - 12, 0), start)
        if factor:
            unit, start = "×", factor.start()
        number = match.group("number").replace(",", "")
        if not unit and "." not in number and not self._names_value(text, mentions, entities, start, end):
            return None  # counts and years ("2 million parameters", "in 2024") are no results
        entity, rule = self._subject(doc, mentions, entities, start, proposed)
        # the metric after a list of numbers is each one's, before any named earlier: "improves translation quality by
        # 1.7 and 1.2 BLEU points"
        metric = (self._slashed_metric(doc, mentions, entities, start)
                  or self._listed_metric(doc, mentions, entities, end) or self._metric(doc, mentions, entities, start, end))
        subject_metric, owner = self._metric_subject(doc, mentions, entities, start)
        if subject_metric is not None and metric in (None, subject_metric):
            if owner is False:
                return None  # "the accuracy of many vanilla classifiers drops to 10%": not the paper's
            metric = subject_metric
            if owner:
                entity, rule = owner, "result:metric-of"
        dataset = None
        if metric is None and rule == "result:parenthesised" and previous:
            metric, dataset = entities[previous.metric], entities.get(previous.dataset)  # "GPT-5 (53.08%)"
        elif metric is None and previous and self._parallel(text, mentions, entities, previous, start):
            metric = entities[previous.metric]  # "from 14.73 to 11.48 on CIFAR-10 and from 8.73 to 6.66 on ..."
        if metric is None or entity == metric.key:
            return None
        if entity is None:
            rule = "result:unattributed"  # "the proposed method outperforms ... by 30% mAP": the paper's own result
        dataset = dataset or self._dataset(text, mentions, entities, start, end)
        if dataset is None:  # "the best model reaches 22.2% accuracy" on the benchmark the paper introduces
            dataset = next((entities[key] for key in (entity, proposed)
                            if key in entities and entities[key].type == "Dataset"), None)
        value = Decimal(("-" if match.group("sign") in ("-", "−") else "") + number)
        text = cached(doc).text[start:end].rstrip()
        return ResultHit(text, str(value), unit, metric.key, entity, dataset.key if dataset else None,
                         start, start + len(text), rule, 0.6, upper)

    @staticmethod
    def _parallel(text: str, mentions: list[Span], entities, previous: ResultHit, start: int) -> bool:
        """Only a dataset, the previous result's metric and glue words stand between the previous result and this
        number: the same measure on the next dataset ("11.48 on CIFAR-10 and from 8.73 to 6.66 on ImageNet", "91.2%
        on A and 88.0% on B", "54.6% accuracy for A and 43.9% for B")."""
        after = previous.end
        between = text[after:start]
        for mention in mentions:
            found = entities.get(mention._.mlkg_key)
            if found is not None and (found.type == "Dataset" or found.key == previous.metric) \
                    and after <= mention.start_char and mention.end_char <= start:
                between = between.replace(text[mention.start_char : mention.end_char], " ")
        words = _FROM_TO_END.sub(" ", between).replace(",", " ").split()
        return bool(words) and all(word in _PARALLEL_GLUE for word in words)

    @staticmethod
    def _names_value(text: str, mentions: list[Span], entities, start: int, end: int) -> bool:
        """True when a metric names the number just before it ("a mean score of 8,400") or is written right after
        it as its unit ("40 FPS", "3 BLEU"; a plural noun there counts things): then a whole number is a result
        too, not a count."""
        if _NOT_THE_VALUE.match(text, end):
            return False
        for mention in mentions:
            found = entities.get(mention._.mlkg_key)
            if found is not None and found.type == "Metric" and (
                    (mention.end_char <= start and _VALUE_OF.fullmatch(text, mention.end_char, start))
                    or (text[end : mention.start_char] == " "
                        and not (mention[-1].tag_ == "NNS" and mention[-1].is_lower))):  # "2916 label errors"
                return True
        return False

    @staticmethod
    def _slashed_metric(doc: Doc, mentions: list[Span], entities, start: int):
        """The metric in the same place of a slash-joined list of metrics as the number in the slash-joined values
        just after it ("METEOR/CIDEr-D of 25.2%/98.6%": CIDEr-D for 98.6%), or None."""
        text = cached(doc).text
        values = next((m for m in _SLASHED_VALUES.finditer(text, max(start - 60, 0), start + 60)
                       if m.start() <= start < m.end()), None)
        if values is None:
            return None
        place = text[values.start() : start].count("/")
        end = values.start()
        while (earlier := _SLASHED_BEFORE.search(text, max(end - 80, 0), end)) is not None:
            end = earlier.start()  # the metrics before the first of several groups: "by 1/2 and 3/4"
        listed: list[Span] = []  # the metrics right before the values, in text order
        for mention in reversed([m for m in mentions if m.end_char <= end]):
            found = entities.get(mention._.mlkg_key)
            gap = text[mention.end_char : end]
            if found is None or found.type != "Metric" or not (
                    gap.strip() == "/" if listed else _SLASHED_GAP.fullmatch(gap)):
                break
            listed.insert(0, mention)
            end = mention.start_char
        if len(listed) != values.group().count("/") + 1:
            return None
        return entities[listed[place]._.mlkg_key]

    @staticmethod
    def _metric(doc: Doc, mentions: list[Span], entities, start: int, end: int):
        """The metric named right after the number ("66.21% average accuracy", at most three words between, "in terms
        of" counting as one: "18.5% improvement in terms of accuracy") or shortly before it in the same clause
        ("reducing the mean Chamfer distance by 79.9%", "F1 (81.2)")."""
        best, best_distance = None, None
        for mention in mentions:
            found = entities.get(mention._.mlkg_key)
            if found is None or found.type != "Metric":
                continue
            if mention.start_char >= end:
                between, limit = _IN_TERMS_OF.sub(" in ", cached(doc).text[end : mention.start_char]), _WORDS_AFTER
            elif mention.end_char <= start:
                between, limit = _FROM_TO.sub(" ", cached(doc).text[mention.end_char : start]), _WORDS_BEFORE
            else:
                continue
            bracketed = between.strip(" ()") == "" and between.rstrip().endswith("(")  # "word error rate (29.6%)"
            labelled = mention.end_char <= start and between.strip() == ":"  # "(MOS: 4.44 versus 4.43)"
            if len(between.split()) > limit or (_CLAUSE_BREAK.search(between) and not (bracketed or labelled)) \
                    or _STANDALONE_NUMBER.search(between):
                continue
            if best_distance is None or len(between) < best_distance:
                best, best_distance = found, len(between)
        return best

    def _listed_metric(self, doc: Doc, mentions: list[Span], entities, end: int):
        """The metric after the last of a list of numbers, for each of them: "1.7 and 1.2 BLEU points", "3.1%,
        2.5% and 1.2% accuracy"."""
        text = cached(doc).text
        joined = _NEXT_IN_LIST.match(text, end)
        following = _NUMBER.match(text, joined.end()) if joined else None
        if following is None:
            return None
        return (self._metric(doc, mentions, entities, following.start(), following.end())
                or self._listed_metric(doc, mentions, entities, following.end()))

    @staticmethod
    def _metric_subject(doc: Doc, mentions: list[Span], entities, start: int):
        """The metric that is the subject of the verb the number is the object of, however far before it ("the
        accuracy of predicting the depth of objects can reach 96.25%"), and what it is "of": the key of a method or
        model ("the mAP of FooDet drops 68.3%"), False for other people's work ("the accuracy of many vanilla
        networks"), else None. (None, None) when no metric is the subject."""
        token = doc.char_span(start, start + 1, alignment_mode="expand")
        token = token.root if token is not None else None
        for _ in range(4):
            if token is None or token.pos_ in ("VERB", "AUX") or token.head.i == token.i:
                break
            token = token.head
        if token is None or token.pos_ not in ("VERB", "AUX"):
            return None, None
        subjects = [c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")]
        for mention in mentions:
            found = entities.get(mention._.mlkg_key)
            subject = next((s for s in subjects if mention.start <= s.i < mention.end), None)
            if found is not None and found.type == "Metric" and subject is not None:
                break
        else:
            return None, None
        of = [g for c in subject.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
              if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")]
        if not of:
            return found, None
        owner = next((entities.get(m._.mlkg_key) for m in mentions if m.start <= of[0].i < m.end), None)
        if owner is not None:
            return found, owner.key if owner.type in ("Method", "Model") else None
        others = any(c.lower_ in _OTHERS for c in of[0].children if c.dep_ in ("det", "amod", "predet"))
        return found, False if others else None

    @staticmethod
    def _dataset(text: str, mentions: list[Span], entities, start: int, end: int):
        """The dataset named shortly after the number, no other number between ("66.8% mIoU on QuxSet"), else the
        one named closest to it in its sentence."""
        best, best_distance = None, None
        for mention in mentions:
            found = entities.get(mention._.mlkg_key)
            if found is None or found.type != "Dataset":
                continue
            if mention.start_char >= end:
                between = text[end : mention.start_char]
                if len(between.split()) <= _WORDS_BEFORE and not _STANDALONE_NUMBER.search(between):
                    return found
            distance = mention.start_char - end if mention.start_char >= end else start - mention.end_char
            if distance >= 0 and (best_distance is None or distance < best_distance):
                best, best_distance = found, distance
        return best

    @staticmethod
    def _subject(doc: Doc, mentions: list[Span], entities, start: int, proposed: str | None):
        """What the number is for, and the rule that decided it."""
        before = cached(doc).text[:start].rstrip()
        if before.endswith("("):
            previous = [m for m in mentions if m.end_char <= start and not cached(doc).text[m.end_char : start].strip(" (")]
            if previous and entities[previous[-1]._.mlkg_key].type not in ("Metric", "Dataset"):
                return previous[-1]._.mlkg_key, "result:parenthesised"
        for mention in mentions:
            if mention.start_char >= start:
                break
            found = entities.get(mention._.mlkg_key)
            if found and found.type in ("Method", "Model") and any(_is_subject(t) for t in mention):
                return found.key, "result:subject"
        return proposed, "result:proposed"
