"""What a paper's title says about it, read without parsing the title: the name it opens with ("SMART-Rain: A
Degradation Evaluation Dataset for ..."), its subject and purpose phrases ("Compositional Attention Networks for
Machine Reasoning"), and which noun phrases of the abstract it names too.

The mention finder asks; this module only reads the title's words (and the abstract's noun chunks it is given),
so title reading stays one small, testable piece beside the abstract's components.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from spacy.attrs import IDX, LOWER
from spacy.symbols import NOUN, PROPN
from spacy.tokens import Doc, Token

from .doc_cache import cached
from .entity_names import phrase_key, plural_spellings, singular, singular_word
from .names import NETWORK_ACRONYM, has_shape, in_word_hyphen, is_title_word
from .rules import Rules

#: A title that opens with a short name and a colon or dash: "Seq2Tens: Efficient Representations of ...".
_OPENING_NAME = re.compile(r"^\s*([^:;,.!?]{2,60}?)\s*(?::|\s(?:---?|[-–—])\s)\s*(\S.*)", re.S)
#: A system named before the numbered shared task or workshop it was built for: "FooMiner at SemEval-2019 Task 3".
_AT_VENUE = re.compile(r"^(\S+) (?:at|@) \S*\d")
#: An article opening a title's name, no part of it: "The FooSet Dataset: ...", "A Widget-first Processor: ...".
_OPENING_ARTICLE = re.compile(r"(?:A|An|The)\s+(?=\S)")
#: A title's words (hyphenated ones whole) and its punctuation, one match each.
_TITLE_PART = re.compile(r"[\w'’]+(?:-[\w'’]+)*|[^\w\s]")
#: A capitalised word, or a part of a hyphenated one: "Multi", "Object", "Tracking" of "Multi-Object Tracking".
_CAPITALISED_PART = re.compile(r"(?<![\w'’])[A-Z][a-z]+")
#: A capitalised word, hyphenated ones whole.
_CAPITALISED_WORD = re.compile(r"(?<![\w'’-])[A-Z][a-z]+(?:-[A-Za-z][a-z]*)*")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_NOUNS = (NOUN, PROPN)
#: A number of dimensions, the one kind of word with digits that opens a phrase of the title ("3D widget datasets").
_DIMENSIONS = re.compile(r"[1-9]D")
#: Words before a title's instrument, the method it names in three words or more: "Training Deep Neural-Networks
#: Using a Noise Adaptation Layer" (in two, mostly a method it uses: "... with Transformer Networks").
_INSTRUMENT_WORDS = frozenset({"using", "via", "with", "through"})
#: Those of them that say only how, so that two words after them name the paper's means, whatever their head ("...
#: via Widget Diagnostics", "... using Gadget Discriminators"); "with" also says what a setting has ("... with
#: Noisy Widgets").
_MEANS_WORDS = frozenset({"using", "via", "through"})
#: Activities that, heading a title's subject, mostly name the setting studied ("Few-Shot Class-Incremental
#: Learning via ...", "Decomposable Non-Smooth Convex Optimization with ..."), not the paper's method.
_SETTING_HEADS = frozenset({"learning", "optimization"})
#: Endings of a title's last word that make it a verb or an activity, not a thing made ("... Quantized for ...").
_VERB_ENDINGS = ("ing", "ed", "ly")
#: Verbs after a title's subject that make the title a sentence about it ("RL Algorithms are ..."), no name of a
#: contribution.
_CLAIM_VERBS = frozenset({"is", "are", "was", "were", "can", "cannot", "do", "does", "may", "might", "will", "should",
                          "must", "could"})
#: Longer, such a subject is a sentence more often than a setting ("Explicit homography estimation improves
#: contrastive self-supervised learning").
_MAX_SETTING_WORDS = 5


@dataclass(frozen=True)
class OpeningName:
    """The name a title opens with, where it is in the title, and the type the words after it give ("Dataset" in
    "SMART-Rain: A Degradation Evaluation Dataset for ...", else None)."""

    name: str
    start: int
    end: int
    type_hint: str | None
    description: int  # where the words after the opening (its venue, its colon) begin


@dataclass(frozen=True)
class TitlePhrase:
    """A phrase of the title that names a task or a contribution by its head noun: the title's subject ("A
    Pipeline-Based Approach for ...") or its purpose ("... for Cross-Dataset Human Parsing"), where it is in the
    title, and its type."""

    name: str
    start: int
    end: int
    type: str
    # "Parallel Sampling" of a task read as "Parallel Sampling of Diffusion Models"; a task gerund ("Predicting")
    activity: str | None = None


def _head_noun(word: str) -> str:
    """A title word's head noun, singular and lower-case: of a hyphenated word its last part ("M-Estimation")."""
    return singular_word(word.lower().rsplit("-", 1)[-1])


def _marked_words(doc: Doc, form_ids: set[int]) -> bytearray:
    """1 for each token whose lower-case form's hash is in form_ids or that is not ASCII, else 0: read from arrays
    and the text, as making every token's Token object costs more than the rest of TitleReader.phrases."""
    flags = bytearray(lower in form_ids for lower in doc.to_array(LOWER).tolist())
    text = cached(doc).text
    if not text.isascii():
        starts = doc.to_array(IDX).tolist()
        for match in _NON_ASCII.finditer(text):
            flags[bisect_right(starts, match.start()) - 1] = 1
    return flags


class TitleReader:
    """Reads titles for the mention finder; `breaks` are the words a title's phrases end at (stop words and the
    rules' title function words: "for", "with", "via")."""

    def __init__(self, rules: Rules, stop_words: frozenset[str]):
        self.rules = rules
        self.breaks = stop_words | rules.title_function_words

    def opening_name(self, title: str | None) -> OpeningName | None:
        """The name a title opens with when it looks like one: one to four capitalised or name-shaped words
        ("Seq2Tens", "Never Give Up"), not "In the Eye of the Beholder" nor a contrast ("Widgets Not Gadgets",
        `title_contrast_words`); of a one-word system before the numbered shared task it was built for, the system
        ("FooMiner at SemEval-2019 Task 3: ...")."""
        opening = _OPENING_NAME.match(title or "")
        if not opening:
            return None
        name, start, end = opening.group(1), *opening.span(1)
        at_venue = _AT_VENUE.match(name)
        if at_venue:  # "FooMiner at SemEval-2019 Task 3: ...": the system, not its venue
            name, end = at_venue.group(1), start + at_venue.end(1)
        article = _OPENING_ARTICLE.match(name)
        if article:
            name, start = name[article.end() :], start + article.end()
        words = name.split()
        if words[0].lower() in self.rules.title_function_words or (len(words) > 1 and words[0].lower().endswith("ing")):
            return None  # "Towards Hierarchical Importance Attribution: ...", "Deciphering Graph Forecasting: ..."
        if any(word.lower() in self.rules.title_contrast_words for word in words[1:]):
            return None  # a slogan or a contrast: "Widgets Not Gadgets: ...", "Foo vs Bar: ..."
        if not (len(words) <= 4 and all(has_shape(w) or w[:1].isupper() for w in words)
                and (len(words) > 1 or has_shape(name) or is_title_word(name))):
            return None
        hint = self.rules.type_heads.get(singular_word(self._description_head(opening.group(2)).lower()))
        return OpeningName(name, start, end, hint if hint in ("Dataset", "Model", "Method") else None, opening.end(1))

    @staticmethod
    def long_form(title: str | None, acronym: str) -> tuple[int, int] | None:
        """Where the title spells out an acronym the abstract uses undefined: capitalised words whose initials (a
        hyphenated word giving one, or else each of its parts) are the acronym's letters ("Semi-Supervised Widget
        Sorting" for SWS, "Multi-Object Tracking" for MOT), whole words ("Contrastive Language-Image Pre-Training"
        spells no CLIP); for a network's ("FB-Net", "FBNet"), its letters' words and the network word after them
        ("Foo Bar Network")."""
        network = NETWORK_ACRONYM.match(acronym)
        letters = network.group(1) if network else acronym.upper()
        size = len(letters) + bool(network)
        for pattern in (_CAPITALISED_WORD, _CAPITALISED_PART):
            words = [(m.start(), m.end(), m.group()) for m in pattern.finditer(title or "")]
            for first in range(len(words) - size + 1):
                run = words[first : first + size]
                if "".join(word[0] for _, _, word in run[: len(letters)]) == letters and all(
                        title[a_end:b_start] in (" ", "-") for (_, a_end, _), (b_start, _, _) in zip(run, run[1:])) \
                        and (not network or run[-1][2].startswith("Net")) \
                        and "-" not in (title[run[0][0] - 1 : run[0][0]], title[run[-1][1] : run[-1][1] + 1]):
                    return run[0][0], run[-1][1]
        return None

    def named_phrases(self, title: str | None, opening: OpeningName | None) -> list[TitlePhrase]:
        """What a title says the paper is about, by head noun: its subject, the phrase it opens with (unless it opens
        with a name; praise joined by "and" before it left out: "Fast and Accurate ..."), when headed by a task noun
        or by a contribution noun that is not an activity ("Compositional Attention Networks for ...") and no verb
        follows ("RL Algorithms are ...": the title is a sentence about it), or by an activity other than learning
        or optimization in three words or more before "with", "for", "via" or "using" ("Neural Architecture Search
        with ..."), or by learning so before "for" ("Deep Residual Learning for ..."), or by a noun of no type
        before "for" when no verb opens the title ("Differentiable Widget Layouts for ...": a thing made for it);
        a subject headed by learning or optimization, in five words at most and not before "for" or "of", is the
        setting studied, a task ("Few-Shot Class-Incremental Learning via ..."); and its purpose, the phrase after
        "for" (or after "to" and a `title_purpose_verbs` verb: "... to Facilitate Gadget Detection"), when headed by
        a task noun ("... for Low-light Image Enhancement") or, in five words at most, by learning or optimization
        (the setting served); tasks listed after a task share its role (`_listed_tasks`); and the instrument that
        ends it (or comes just before that purpose), after "with" in three words or more when a method noun, an
        activity or a gerund heads it ("... with Weighted Model Ensembling"), after "via", "using" or "through" in
        two or more whatever heads it ("... via Deep Skill Chaining", "... via Widget Diagnostics"). After a name
        the title opens with, the task heading its description ("FooNet: Sarcasm Detection with ..."), not before
        "of" ("...: Fast Estimation of X" is X's). Two words at least, a verb opening the title or the description
        left out, but a task gerund names the task with its object (`_gerund_task`) and a study gerund ("Exploring
        ...") makes the subject studied, no contribution; question titles and generic phrases say nothing.
        `opening` is opening_name(title)."""
        if not title or title.rstrip().endswith("?"):
            return []
        found = []
        segments = self._segments(title, opening.description if opening else 0)
        if len(segments) > 1 and segments[1][0] == "and" and not self._without_praise(segments[0][1]):
            # praise joined by "and" opens the subject: "Fast and Accurate Widget Detection with ..."
            segments = [(segments[0][0], segments[1][1]), *segments[2:]]
        for index, (before, words) in enumerate(segments):
            described = index == 0 and opening is not None  # "FooNet: Sarcasm Detection with ...": its task
            opener = words[0].group().lower()
            if before == "to" and opener in self.rules.title_purpose_verbs:
                before, words = "for", words[1:]  # "... to Facilitate Gadget Detection": the purpose
                if not words:
                    continue
                opener = words[0].group().lower()
            studied = before is None and opener in self.rules.study_gerunds  # "Exploring X ..."
            verb_opened = (before is None or described) and opener.endswith("ing")
            if verb_opened:
                if opener in self.rules.task_gerunds and len(words) > 1:
                    task = self._gerund_task(title, segments, index)  # "Predicting Widget Trajectories"
                    if task:
                        found.append(task)
                    continue
                words = words[1:]  # a title (or its description) opening with a verb: "Enhancing Generic ..."
            words = self._without_praise(words)  # "Effective GANs", "Unified Framework for ..."
            if len(words) < 2:
                continue
            start, end = words[0].start(), words[-1].end()
            name = title[start:end]
            head = _head_noun(words[-1].group())
            etype = self.rules.type_heads.get(head)
            following = segments[index + 1][0] if index + 1 < len(segments) else None
            subject = index == 0 and before in (None, "towards", "toward") and opening is None  # "Towards X"
            # a subject a verb follows is what the title's sentence is about: "Widget Nets are Gadget Sorters"
            contribution = (etype in ("Dataset", "Model", "Method") and head not in self.rules.activity_heads
                            and not studied and not (subject and following in _CLAIM_VERBS))
            if subject and etype is None and following == "for" and not verb_opened \
                    and not head.endswith(_VERB_ENDINGS):
                # a thing made for a purpose, whatever its noun: "Differentiable Widget Layouts for ..." (not what a
                # verb opening the title acts on: "Implementing Widget Bias for ...")
                etype, contribution = "Method", True
            if subject and head in self.rules.activity_heads and len(words) > 2 and (
                    following in ("for", *_INSTRUMENT_WORDS) if head not in _SETTING_HEADS
                    else following == "for" and head == "learning"):
                # "Neural Architecture Search with Reinforcement Learning"; learning only before its purpose:
                # "Deep Residual Learning for Image Recognition", not "Offline Multi-agent Reinforcement Learning via"
                etype, contribution = "Method", True
            if subject and head in _SETTING_HEADS and len(words) <= _MAX_SETTING_WORDS and following not in ("of", "for"):
                # the setting studied: "Sparse Polynomial Learning and ...", "Few-Shot Class-Incremental Learning via
                # ..."; before "for", the means to a purpose ("Deep Residual Learning for Image Recognition")
                etype = "Task"
            if before == "for" and head in _SETTING_HEADS and len(words) <= _MAX_SETTING_WORDS:
                etype = "Task"  # the setting served: "... for Few-Shot Learning", "... for Operator Learning"
            last = index == len(segments) - 1 or (index == len(segments) - 2 and following == "for")
            means = before in _MEANS_WORDS
            instrument = before in _INSTRUMENT_WORDS and (len(words) > 2 or means)
            if last and instrument and (etype in ("Method", "Model")
                                        or (etype is None and (head.endswith("ing") or means))):
                etype, contribution = etype or "Method", True  # "... via Deep Skill Chaining": what the paper does
            if not ((etype == "Task" and (subject or before == "for" or (
                    described and head != "task" and following != "of")))  # "...: Fast Estimation of X": X's
                    or (contribution and (subject or (instrument and etype != "Dataset")))):
                continue
            generic = singular(name).lower()
            if {generic, generic.replace("-", " ")} & self.rules.generic_phrases or name.lower() in self.rules.not_names:
                continue  # "deep neural-networks" too
            if etype == "Task" and before == "for" and following == "of" and self._of_ends(segments, index + 1):
                end = segments[index + 1][1][-1].end()  # "... for Automatic Prediction of Widget Edge Location"
                name = title[start:end]
            found.append(TitlePhrase(name, start, end, etype))
        found += self._listed_tasks(title, segments, found)
        activities = self._activity_of(title, segments, opening)
        # the activity is named whole with what it is of: "Unsupervised Detection of Recurrent Patterns", not also
        # "Unsupervised Detection"
        return [p for p in found if not any((p.start, p.name) == (a.start, a.activity) for a in activities)] + activities

    def _listed_tasks(self, title: str, segments: list, found: list[TitlePhrase]) -> list[TitlePhrase]:
        """Tasks listed after a task the title names, joined by "and" or a comma, share its role: "... for Gadget
        Detection and Gizmo Segmentation", "Widget Minimization and Gadget Maximization with ...". Each headed by a
        task noun, in two words or more."""
        starts = {p.start for p in found if p.type == "Task"}
        listed = []
        for index, (_before, words) in enumerate(segments):
            if not words or words[0].start() not in starts:
                continue
            for before, following in segments[index + 1 :]:
                following = self._without_praise(following)
                if before not in ("and", ",") or len(following) < 2:
                    break
                if self.rules.type_heads.get(_head_noun(following[-1].group())) != "Task":
                    break
                start, end = following[0].start(), following[-1].end()
                listed.append(TitlePhrase(title[start:end], start, end, "Task"))
        return listed

    def _activity_of(self, title: str, segments: list, opening: OpeningName | None) -> list[TitlePhrase]:
        """A title that opens with an activity or task noun and what it is of, up to a function word or the end
        ("Parallel Sampling of Diffusion Models", "Implicit Regularization of SGD via ..."): a task, named whole.
        Not after a name or "On", and not where "and" goes on ("Joint Training of Ratings and Reviews")."""
        if opening is not None or len(segments) < 2 or segments[0][0] is not None or segments[1][0] != "of":
            return []
        words, of_words = segments[0][1], segments[1][1]
        words = self._without_praise(words)
        head = _head_noun(words[-1].group()) if words else ""
        if not words or (head not in self.rules.activity_heads and self.rules.type_heads.get(head) != "Task"):
            return []
        if not self._of_ends(segments, 1):
            return []  # goes on, or ends in a participle ("... of Probabilistic Automaton based")
        start, end = words[0].start(), of_words[-1].end()
        return [TitlePhrase(title[start:end], start, end, "Task", title[start : words[-1].end()])]

    def _gerund_task(self, title: str, segments: list, index: int) -> TitlePhrase | None:
        """The task a title's opening gerund names with its object (`task_gerunds`): "Predicting Widget
        Trajectories", "Estimating Sizes of Gadget Sets" (an "of" phrase that ends it taken in); none where the
        object goes on past "and", "or" or a comma, ends in a participle ("Ranking X Based on ..."), or its "of"
        phrase does not end."""
        following = segments[index + 1][0] if index + 1 < len(segments) else None
        last = index + 1 if following == "of" else index
        if not self._of_ends(segments, last) or (following in ("and", "or", ",") and last == index):
            return None
        start, end = segments[index][1][0].start(), segments[last][1][-1].end()
        # the gerund is the activity: the abstract naming its object ("widget trajectories") names no task
        return TitlePhrase(title[start:end], start, end, "Task", activity=segments[index][1][0].group())

    @staticmethod
    def _of_ends(segments: list, index: int) -> bool:
        """The "of" phrase segments[index] ends what it is of: the title goes on with no other "of", "and", "or" or
        comma, and it ends in no participle ("... of Probabilistic Automaton based")."""
        return (not (index + 1 < len(segments) and segments[index + 1][0] in ("of", "and", "or", ","))
                and not segments[index][1][-1].group().endswith("ed"))

    def _without_praise(self, words: list[re.Match]) -> list[re.Match]:
        """The words after those of praise a title phrase opens with (`title_praise_words`)."""
        while words and words[0].group().lower() in self.rules.title_praise_words:
            words = words[1:]
        return words

    def _segments(self, title: str, offset: int) -> list[tuple[str | None, list[re.Match]]]:
        """The title's runs of words from `offset` on, split at punctuation and function words, each with the word
        before it, an article skipped ("using" for "Using a Noise Adaptation Layer"; None for the title's first)."""
        segments, words, before = [], [], None
        for part in _TITLE_PART.finditer(title, offset):
            word = part.group()
            key = phrase_key(word)
            if word[0].isalnum() and key and key not in self.breaks:
                words.append(part)
                continue
            ended = bool(words)
            if ended:
                segments.append((before, words))
                words = []
            if key in ("a", "an", "the") and not ended:
                continue  # an article keeps the word before it: "Using a ...", "for the ...", or none at the start
            before = key if word[0].isalnum() else word
        if words:
            segments.append((before, words))
        return segments

    def _description_head(self, description: str) -> str:
        """The last word of the description's first phrase, its head noun: "Dataset" in "A Degradation Evaluation
        Dataset for Autonomous Driving"; an "and" before a capitalised word joins ("A Widget and Gadget Benchmark
        for ...")."""
        words = _TITLE_PART.findall(description)
        if words and words[0].lower() in ("a", "an", "the"):
            words = words[1:]
        phrase = []
        for word, after in zip(words, [*words[1:], ""]):
            joining = bool(phrase) and word.lower() in ("and", "&") and after[:1].isupper()
            if not joining and (not word[0].isalnum() or word.lower() in self.breaks):
                break
            phrase.append(word)
        return phrase[-1] if phrase else ""

    def phrases(self, title: str | None, doc: Doc, chunks: list[tuple[int, int]]) -> list[list[Token]]:
        """For each noun chunk (the token range of its words up to the root), the longest part that the title names as a whole ("a
        noise adaptation layer" under the title "Training ... using a noise adaptation layer"): what title and
        abstract both name is central to the paper. Two words at least, ending in a noun, and where the title's
        phrase ends too, at a function word or punctuation (not "Low-light Image" of "Low-light Image
        Enhancement"; words before it may narrow it, "fast gain modulation"); generic phrases ("neural
        networks") are left out."""
        if not title:
            return []
        words, continued = self._title_words(title)
        nouns_in_title = set(words)
        # every lower-cased word whose key is a title word (the word and its plurals): a set lookup per token
        # rules a chunk out before any key is computed
        forms = {form for key in nouns_in_title for form in plural_spellings(key)}
        # title words a phrase may end with: those before punctuation, a function word or the end
        ends = {word for word, after in zip(words, [*words[1:], "|"]) if after == "|"}
        flags = _marked_words(doc, {doc.vocab.strings[form] for form in forms})
        found = []
        for start, end in chunks:
            if 1 not in flags[start:end]:
                continue  # no word of the title here: most chunks, found so without making their Token objects
            tokens = list(doc[start:end])
            nouns = [t.pos in _NOUNS for t in tokens]
            keys = [singular_word(t.text).casefold() if noun else "" for t, noun in zip(tokens, nouns)]
            if not any(key in nouns_in_title for key in keys if key):
                continue  # no noun of the title here, so no phrase of it ends here
            # where a phrase of the title may end: a noun that ends one there (a plain word is its own key;
            # a hyphenated or non-alphabetic one is left to the full test)
            may_end = [noun and (key in ends or not t.is_alpha or (t.i > 0 and in_word_hyphen(t.doc[t.i - 1])))
                       for t, noun, key in zip(tokens, nouns, keys)]
            for length in range(len(tokens), 1, -1):
                match = next((tokens[i:i + length] for i in range(len(tokens) - length + 1)
                              if may_end[i + length - 1] and self._in_title(tokens[i:i + length], words, continued)),
                             None)
                if match:
                    found.append(match)
                    break
        return found

    def _title_words(self, title: str) -> tuple[list[str], frozenset[int]]:
        """The title as phrase_key words, hyphenated ones in their parts (so "Foo-Based Widgets" and "foo based
        widgets" are one phrase), with "|" for punctuation and for function words ("for", "with", "via"), the
        places a phrase of the title may end; and the places of the parts after a hyphen, where none starts."""
        words: list[str] = []
        continued = set()
        for part in _TITLE_PART.findall(title):
            key = phrase_key(part)
            pieces = ["|"] if not key or key in self.breaks else key.split("-")
            continued.update(range(len(words) + 1, len(words) + len(pieces)))
            words.extend(pieces)
        return words, frozenset(continued)

    def _in_title(self, tokens: list[Token], title: list[str], continued: frozenset[int]) -> bool:
        first, last = tokens[0], tokens[-1]
        dimensions = _DIMENSIONS.fullmatch(first.text) is not None
        if dimensions and len(tokens) < 3:
            return False  # two words besides it, as without it: not "3D assets"
        if (not (first.is_alpha or dimensions) or first.is_stop or first.pos_ in ("DET", "PRON", "NUM")
                or last.pos not in _NOUNS):
            return False
        if self.rules.is_stop_modifier(first.lower_, tokens[1].lower_) or any(
                t.is_punct and not in_word_hyphen(t) for t in tokens):
            return False
        doc = first.doc
        if ((first.i > 0 and in_word_hyphen(doc[first.i - 1]))
                or (last.i + 1 < len(doc) and in_word_hyphen(doc[last.i + 1]))):
            return False  # a part of a hyphenated word: "based widget" of "foo-based widget"
        name = doc[first.i : last.i + 1].text
        if singular(name).lower() in self.rules.generic_phrases:
            return False
        key = phrase_key(name)
        if " " not in key:
            return False  # one hyphenated word ("real-time", "state-space") is a modifier more often than a name
        words = key.replace("-", " ").split(" ")
        size = len(words)
        return any(title[i : i + size] == words and i not in continued  # not "based search" of "DP-based Search"
                   and (i + size == len(title) or title[i + size] == "|") for i in range(len(title) - size + 1))
