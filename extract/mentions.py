"""The `mlkg_mentions` component: finds entity mentions in a Doc, groups them into entities and types them.

Signals, strongest first: abbreviation definitions, the curated lexicon, the shape of names, noun chunks headed by
a task or metric noun or named by the title too (read by `titles.TitleReader`), model classes a paper keeps coming
back to (`central_classes`), the objects of "we propose" and "we study" (`author_objects`), of "compared to" and
of "using" (`method_phrases`), and lower-case names a type noun introduces (`lower_case_names`). Overlaps are
resolved by that order, then by length; a lone modifier coordinated with an accepted term's first word shares its
rest (`shared_heads`). Mentions are grouped into entities (`doc_entities.DocEntity`, typed by
`doc_entities.EntityTyper`); then what the title names joins them (`title_entities`), with no mention in the
abstract when the abstract never uses it.
Results go to `doc.spans["mlkg"]` (label = entity type; `Span._.mlkg_key`, `_.mlkg_rule`, `_.mlkg_confidence`)
and `doc._.mlkg_entities` (key -> DocEntity).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, replace

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span, Token

from .abbreviations import find_abbreviations
from .author_objects import AuthorObjects
from .authorship import AuthorVerbs
from .central_classes import CentralClasses
from .lexicon_spellings import lexicon_spellings
from .lower_case_names import LowerCaseNames
from .method_phrases import MethodPhrases
from .opening_words import (ends_praise_of_the_art, is_stop_modifier, narrowing_activity, stop_modifier_apart,
                            strip_modifiers)
from .doc_cache import cached
from .doc_entities import DocEntity, EntityTyper, absorb, named, spelt_out_by
from .entity_names import display_name, name_key, plural_spellings, singular, singular_word
from .names import (ACRONYM, ACTIVITY_ENDINGS, cites_a_venue, has_shape, hyphenated_word_start, in_word_hyphen,
                    inside_longer_name, is_capitalised_compound, is_dimension, is_title_word, is_version, language_pair,
                    looks_like_dataset, looks_like_model, modifier_suffix_at, unbalanced_brackets, wordforms)
from .rules import Rules, dataset_family
from .shared_heads import SharedHeads, shared_editions
from .substring_filter import SubstringFilter
from .title_entities import TitleEntities
from .titles import TitleReader

#: A name cut out of a word or a formula: it opens with a hyphen, slash, tilde, underscore or backslash ("-norm" of
#: "\ell_1-norm", "/Kaplan"), holds a bar anywhere (a norm or a size: "|S1|"), or ends with a hyphen, slash, tilde,
#: dollar or a relation sign ("f:R→"), or it is variables listed with commas ("X,Y"), a citation's "et al", or a
#: function of a variable ("ln T").
_BROKEN_NAME = re.compile(r"^[-/~_\\]|\||[-/~$→∈≤≥↦]$|^\w(?:,\w)+$|^et al\.?$|^(?:ln|log|exp) \w{1,2}$")
#: One word that qualifies rather than names: "non-" before a name, or a participle after it.
_ADJECTIVE_OF_A_NAME = re.compile(r"^non-\S+$|^\S+-[a-z]+ed$")
#: Endings of nationality words, which say whose data a dataset holds, not its name ("an Indian dataset").
_NATIONALITY_ENDINGS = ("ian", "ese", "ish", "can")
#: Endings of a capitalised adjective the tagger may take for a name: "Unlabeled", "Graphical", "Neuro-Symbolic".
_ADJECTIVE_ENDINGS = ("ed", "al", "ic", "ive", "ous")
_NEXT_WORD = re.compile(r"\s*\)?\s*([A-Za-z][A-Za-z\-]*)")
#: The noun after a split's word that makes it a dataset's split: "validation set", "test split".
_SPLIT_NOUN = re.compile(r"\s+(?:set|split)s?\b", re.IGNORECASE)
#: Number words, stop words that a capitalised name may still open mid-sentence: "Two Stage FooNet".
_NUMBER_WORDS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})
#: The capitalised word right after a word, one space between them.
_NEXT_CAPITALISED = re.compile(r" ([A-Z][\w\-]*)")
#: A capitalised word and the space after it: a sentence's first word, before a name it may open.
_OPENING_WORD = re.compile(r"[A-Z][\w-]* ")
#: The rule of a name read with the sentence's first word, which the paper writes so elsewhere too.
_OPENED_NAME = "name:sentence-opening"
_APPOSITION = re.compile(r"\s*\)?\s*,\s*(?:a|an|the)\s+((?:[^\s,.;:()]+\s+){0,6}[^\s,.;:()]+)")
#: A capitalised word just after these opens a clause ("the question: Can we ...") and is no name by its capital.
_CLAUSE_START = re.compile(r"[:;?!\\]\s*$")
#: A list item's marker: a capitalised word after it that a lower-case word follows opens a clause ("that (a) Learns
#: a ...", "1) Uses a ..."), not a name ("(i) Domain Folding, ...").
_ITEM_MARKER = re.compile(r"(?:\((?:[a-h]|i{1,3}|iv|\d)\)|(?<![\w(])(?:[a-h]|\d)\))\s*$")
#: What follows an author's name in a citation.
_CITATION = re.compile(r"\s+(?:et al\b|\(\d{4}[a-z]?\))|\s+and\s+[A-Z][a-z]+\s+\(\d{4}")
#: An author's surname.
_AUTHOR = re.compile(r"[A-Z][\w'’-]+")
#: Authors named in a parenthesised citation: "(Xu & Mannor, 2012)", "(Zhang et al., 2016; Kawaguchi, 2017)",
#: "(Foo, Bar, & Baz 2004)", or a bracketed one, its year maybe in two digits ("[Foo & Bar 90]").
#: (A challenge named with its year is read as a citation too: "(Sigmorphon 2018)"; "(Lifschitz 1993)" is commoner.)
_CITED = re.compile(
    rf"(?<=[(\[;]) ?({_AUTHOR.pattern}(?:,? (?:(?:&|and) )?{_AUTHOR.pattern})*)(?: et al\.?)?,? "
    r"(?:(?:19|20)\d\d[a-z]?(?=[);\]])|\d\d(?=\]))")
#: "called / named / we name X": a capitalised phrase whose inner small words belong to the name.
_NAMED_PHRASE = re.compile(
    r"\b([A-Za-z]+)\s+[\"“']?([A-Z][\w\-]*(?:\s+(?:(?:to|of|for|and|the|in|on|with|via|from)\s+)?[A-Z][\w\-]*)*)"
)
_ASCII_LETTERS = frozenset(string.ascii_letters)
#: Tags of a verb in a finite or base form: a known metric's word so tagged is the verb ("recall", "score").
_FINITE_VERB_TAGS = frozenset({"VB", "VBD", "VBP", "VBZ"})
#: The word before a naming word ("agents" of "agents, called"): a plural one names a pair of names after it.
_WORD_BEFORE_NAMING = re.compile(r"([A-Za-z]+),?\s+$")
#: The noun and the naming word before a name: "an alternative approach called ", "a dataset, dubbed “".
_NAMED_AFTER = re.compile(r"([A-Za-z][A-Za-z\-]*),?\s+([a-z]+)\s+[\"“']?$")
#: How the text before a list's first member ends, when _LIST_HEAD can match there: a cheap test before the search.
_LIST_ENDS = ("(", ":", ",", " as", "including", "e.g.", "namely", "like")
#: "a real-world imbalanced dataset, " just before a name: the indefinite phrase the name then names (its head
#: noun in group 2), unless the word before it (group 1) is one of `_CLAUSE_PREPOSITIONS`.
_NAMED_BY_APPOSITION = re.compile(r"(?:^|(\w+)\s+)[Aa]n?\s+(?:[\w-]+\s+){0,5}?([a-z][a-z\-]*),\s*$")
#: Prepositions that open a clause the name after the comma is the subject of: "On a benchmark dataset, FooNet wins".
_CLAUSE_PREPOSITIONS = frozenset({"on", "in", "for", "with", "across", "over", "from", "at", "to", "by", "under",
                                  "after", "before", "through", "via", "using"})
#: A plural data noun just before a name, naming the set it opens: "the widget photo datasets " (FooFace and ...).
_DATA_NOUNS_BEFORE = re.compile(r"\b([a-z]+)\s+$")
#: What follows a list member, not a clause's subject: "FooFace and ...", "FooFace, ...", "FooFace."
_LISTED_AFTER = re.compile(r"\s*(?:[,.;)]|and\b|or\b|as well as\b|$)")
_LIST_HEAD = re.compile(r"([A-Za-z][A-Za-z\-]*)\s*(\(|:|,?\s+(?:such as|including|e\.g\.,?|namely|like))\s*$")
#: The plural noun a list of names ends with: " datasets", " and other large language models".
#: (a short bracket after the last name, its size or version, may come first: "Netflix and FooLens (10M) datasets")
_PLURAL_AFTER = re.compile(r"(?:\s+\([^()\s]{1,12}\))?\s+((?:and|or)\s+other\s+(?:[a-z][a-z\-]*\s+){0,2})?"
                           r"([a-z][a-z\-]*s)\b")
_NEXT_LOWER_WORD = re.compile(r"\s+([a-z][a-z\-]*)\b")
_DIGIT = re.compile(r"\d")
#: Kind nouns that, after a known lower-case term, name the procedure itself ("the primal-dual method"), where others
#: name a thing built with it ("attention network").
_PROCEDURE_KINDS = frozenset({"method", "algorithm", "approach", "technique", "scheme", "framework"})
_YEAR = re.compile(r"\b(?:19|20)\d\d[a-z]?\b")
_NEXT_TOKEN = re.compile(r" ([^\s,;:()]+)")
#: A parameter count right after a name: " with 11B parameters", " (7B)", " with 340M parameters".
_PARAMETER_COUNT_AFTER = re.compile(r"\s+(?:with\s+(?:about\s+|only\s+|over\s+)?|\()"
                                    r"\d+(?:\.\d+)?\s?[BM]\b(?:\s+parameters|\))")
#: -ing forms that work as prepositions, never part of a task's name: "tasks including gadget covering problems".
_PREPOSITION_GERUNDS = frozenset({"including", "using", "involving", "regarding", "concerning", "following",
                                  "excluding", "considering"})
#: What joins two members of a list, a count after the first allowed ("FooSet with 40 clips, BarSet (75 clips)").
_LIST_GLUE = re.compile(r"^(?:\s+with\s+\d[\d,.]*[KMB]?\s+[a-z-]+|\s*\(\d[\d,.]*[KMB]?\s+[a-z -]+\))?"
                        r"\s*(?:,|and|or|, and|, or)\s*$")
#: A lone lower-case word listed right after a list member ("..., colorization and deblurring"), and
#: (`_LISTED_WORD_BEFORE`) right before one: followed, in turn, by what ends a member.
_LISTED_WORD_AFTER = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)([a-z][a-z-]*[a-z])"
                                r"(?=\s*(?:[,.;)]|and\b|or\b))")
_LISTED_WORD_BEFORE = re.compile(r"(?:^|[(:,]|\b(?:as|including|e\.g\.|i\.e\.))\s*([a-z][a-z-]*[a-z])\s*,\s*$")

#: Known terms of these types take the lower-case words narrowing them ("soft attention", "distributed SGD").
_EXTENDED_TYPES = frozenset({"Task", "Method", "Model"})
_MODIFIER_DEPS = frozenset({"amod", "compound", "nmod", "npadvmod", "advmod"})
#: Dependencies of a noun that heads a noun chunk of its own.
_CHUNK_ROOT_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "conj", "appos", "attr", "ROOT"})
_MAX_MODIFIERS = 3

#: Priority of each signal when mentions overlap (lower wins).
_ABBREVIATION, _LEXICON, _NAME, _CHUNK, _PROPOSAL = 0, 1, 2, 2, 3
#: A technique's chunk ("a contrastive widget loss") gives way to any other signal on its words, which says more
#: (a governing word that makes it new, used or compared with).
_TECHNIQUE = 4


@dataclass
class Candidate:
    """A possible mention, in clean-text offsets."""

    start: int
    end: int
    name: str
    rule: str
    confidence: float
    priority: int
    type_hint: str | None = None
    pair: int | None = None  # abbreviation definition it belongs to
    written: str | None = None  # the form written, when the name leaves words out ("deep neural networks"): an alias



def _sized(text: str, entity: DocEntity) -> bool:
    """A name given a parameter count right after it is a model's: "Zorblat with 11B parameters", "Foo (7B)"."""
    return any(_PARAMETER_COUNT_AFTER.match(text, end) for _start, end, _rule, _confidence in entity.mentions)


def _broken_name(name: str) -> bool:
    """A name cut out of a word, a formula or a bracket ("-norm", "f:R→", "FSOD) and instance segmentation"), or
    an adjective made of a name ("non-IID", "LLM-generated", "L1-regularized")."""
    return bool(_BROKEN_NAME.search(name)) or unbalanced_brackets(name) or (
        bool(_ADJECTIVE_OF_A_NAME.match(name)) and any(ch.isupper() or ch.isdigit() for ch in name))


def _phrase_start(noun: Token) -> int:
    """Where the words before a noun that belong to its phrase start: lower-case nouns, adjectives and
    conjunctions, and hyphenated words without a determiner ("text-to-video retrieval"; "image generation" of
    "state-of-the-art image generation")."""
    doc, start = noun.doc, noun.i
    while start > noun.left_edge.i:
        previous = doc[start - 1]
        if in_word_hyphen(previous) or in_word_hyphen(doc[start]):
            if previous.pos_ == "DET":
                break
        elif not (previous.is_lower and previous.pos_ in ("NOUN", "ADJ", "CCONJ")):
            break  # a conjunction stays for the caller to split at: "text-to-video retrieval and action localization"
        start -= 1
    while start < noun.i and (in_word_hyphen(doc[start]) or in_word_hyphen(doc[start - 1])):
        start += 1  # the rest of a hyphenated word the walk stopped inside
    return start


def _paid_attention(span: Span, attention_verbs: frozenset[str]) -> bool:
    """The attention a topic receives, attracts or is paid ("a lot of" it too, "has been put on" it), or someone's
    ("their attention"), or that there is ("there has been little attention to ..."): no attention mechanism."""
    if span[-1].lower_ != "attention":
        return False
    token = span[-1]
    if any(child.dep_ == "poss" and child.tag_ == "PRP$" for child in token.children):
        return True  # "their attention drifts", "we turn our attention to"
    if token.dep_ == "attr" and token.head.lemma_ == "be" and any(c.dep_ == "expl" for c in token.head.children):
        return True  # "there has been minimal attention toward ..."
    if token.dep_ == "pobj" and token.head.lower_ == "of" and token.head.head.dep_ == "dobj":
        token = token.head.head  # "attracted a lot of attention", "a great deal of attention"
    return token.dep_ in ("dobj", "nsubjpass") and token.head.lemma_.lower() in attention_verbs


def _listed_under_tasks(noun: Token) -> bool:
    """A bare task noun listed as an example of tasks or problems: "problems such as classification or ranking",
    "tasks like summarization"."""
    while noun.dep_ == "conj" and noun.head.i != noun.i:
        noun = noun.head
    preposition = noun.head
    return (noun.dep_ == "pobj" and preposition.lower_ in ("as", "like", "including")
            and preposition.head.lemma_.lower() in ("task", "problem"))


def _compound_left_out(token: Token, chunk_start: int) -> bool:
    """A lower-case noun just before a noun chunk that the parser made part of a word after the chunk's start, or
    joined, with nothing of its own, to an earlier conjunct though nothing stands between it and the chunk
    ("imputation and seizure detection")."""
    return token.pos_ == "NOUN" and token.is_lower and (
        (token.dep_ == "compound" and token.head.i >= chunk_start)
        or (token.dep_ == "conj" and token.tag_ == "NN" and token.head.i < token.i
            and token.doc[chunk_start].pos_ == "NOUN" and token.n_lefts + token.n_rights == 0))


def _gerund_narrowing(token: Token, root: Token) -> bool:
    """"sampling" of "improves sampling speed": a gerund to the parser, whose object is the measure right after it,
    that says which activity's measure it is."""
    return token.tag_ == "VBG" and token.is_lower and root.dep_ == "dobj" and root.head.i == token.i


def _split_at(tokens: list, is_break) -> list[list]:
    """The runs of tokens between the tokens for which is_break(token before, token) holds; breaks are dropped."""
    segments, current = [], []
    for token in tokens:
        if is_break(current[-1] if current else None, token):
            segments.append(current)
            current = []
        else:
            current.append(token)
    segments.append(current)
    return segments


def _noun_phrase(words: list[str], stop_words: frozenset[str]) -> list[str]:
    """The words of a phrase up to the first function word after its first content word, lower-cased and singular:
    "a new VQA benchmark for ..." gives new, vqa, benchmark."""
    phrase = []
    for word in words:
        lowered = word.strip("-").lower()
        if lowered in stop_words:
            if phrase:
                break
            continue
        phrase.append(singular_word(lowered))
    return phrase


def _cites(text: str, start: int) -> bool:
    """The brackets open at `start` hold a citation: "dialogue systems (Madotto, Wu, and Fung 2018)"."""
    close = text.find(")", start)
    return bool(_YEAR.search(text, start, close if close >= 0 else len(text)))


def _head_hint(text: str, end: int, rules: Rules, stop_words: frozenset[str], start: int | None = None
               ) -> str | None:
    """Type given by the noun after a name ("ARC-AGI-2 benchmark"), by its apposition ("X, a VQA benchmark"),
    by the noun introducing a list it opens ("two benchmarks: Open-Travel and ...", "language models such as X",
    "pretrained models (X, ...)") or by the noun that names it ("an approach called X")."""
    if start is not None:
        before = text[max(start - 60, 0) : start]
        listed = _LIST_HEAD.search(text, max(start - 60, 0), start) if before.rstrip().endswith(_LIST_ENDS) else None
        if listed and listed.end() == start:
            word = singular_word(listed.group(1).lower())
            plural = word != listed.group(1).lower()
            member = rules.list_member_types.get(word) if plural else None
            head_type = member or (rules.type_heads.get(word) if rules.type_heads.get(word) != "Task" else None)
            if head_type and (listed.group(2) != "(" or (plural and not _cites(text, start))):
                return head_type  # in brackets, a list of many ("a model (X)" may be the paper's own)
        apposed = (_NAMED_BY_APPOSITION.search(text, max(start - 80, 0), start)
                   if before.rstrip().endswith(",") else None)
        head_type = rules.type_heads.get(singular_word(apposed.group(2))) if apposed and (
            apposed.group(1) or "").lower() not in _CLAUSE_PREPOSITIONS else None
        if head_type in ("Dataset", "Model"):  # "including a long-tailed dataset, FooVision"
            return head_type
        plural = _DATA_NOUNS_BEFORE.search(before)
        if plural and singular_word(plural.group(1)) != plural.group(1) and _LISTED_AFTER.match(text, end) \
                and rules.type_heads.get(singular_word(plural.group(1))) == "Dataset":
            return "Dataset"  # "on the widget photo datasets FooFace and ..." (not "environments FooRL can")
        named = _NAMED_AFTER.search(text, max(start - 60, 0), start) if _last_word(before) in rules.naming_words else None
        name = text[start:end]
        if named and named.end() == start and (
                " " in name or has_shape(name)):  # not the first word of a phrase cut short: "called Structured and"
            head_type = rules.type_heads.get(singular_word(named.group(1).lower()))
            if head_type in ("Method", "Model", "Dataset"):  # "an approach called Deep Generic Segmentation"
                return head_type
    apposition = _APPOSITION.match(text, end)
    if apposition:
        # its last word, "a VQA benchmark for ...", else its first, "a dataset containing 1,352 lecture files"
        phrase = _noun_phrase(apposition.group(1).split(), stop_words)
        head = (rules.type_heads.get(phrase[-1]) or rules.type_heads.get(phrase[0])) if phrase else None
        if head and head != "Task":
            return head
    nxt = _NEXT_WORD.match(text, end)
    if nxt:
        word = singular_word(nxt.group(1).lower())
        if word in rules.type_heads and rules.type_heads[word] != "Task":
            return rules.type_heads[word]
        if rules.type_heads.get(word) == "Task":  # "the FooQA question answering benchmark"
            return _dataset_after_task(text, end, rules)
        if word in rules.split_words and _SPLIT_NOUN.match(text, nxt.end()):
            return "Dataset"  # "the FooCOCO validation set"
    return None


def _dataset_after_task(text: str, end: int, rules: Rules) -> str | None:
    """Dataset when a data noun ends the lower-case words after a name that open with a task noun ("FooQA question
    answering benchmark", "FooGen generation dataset"); else None."""
    for _ in range(4):
        word = _NEXT_LOWER_WORD.match(text, end)
        if word is None:
            return None
        end = word.end()
        etype = rules.type_heads.get(singular_word(word.group(1)))
        if etype != "Task":
            return "Dataset" if etype == "Dataset" else None
    return None


def _word_before(text: str, start: int) -> str:
    """The run of ASCII letters that ends, but for whitespace, where text[start:] begins ("" if none): "on" before
    "ImageNet" in "results on ImageNet". A backward scan, where a regex search would try every place before."""
    end = start
    while end > 0 and text[end - 1].isspace():
        end -= 1
    begin = end
    while begin > 0 and text[begin - 1] in _ASCII_LETTERS:
        begin -= 1
    return text[begin:end]


def _last_word(before: str) -> str:
    """The word before a name that may be set off by a quote: "called" in 'called "X'; _NAMED_AFTER's second group."""
    before = before[:-1] if before.endswith(("\"", "“", "'")) else before
    return before.rsplit(None, 1)[-1] if before[-1:].isspace() and before.strip() else ""


def _whole_word_uses(text: str, names: list[str]) -> list[tuple[int, int]]:
    """Non-overlapping uses of the names (or their plural in s) as whole words, left to right; where several start
    at one place the earliest name in the list wins. Plain string search: a regex alternation of the names
    would have to be compiled anew for every Doc."""
    found = []
    for rank, name in enumerate(names):
        start = text.find(name)
        while start >= 0:
            end = start + len(name)
            if not (start and _is_word_char(text[start - 1])):
                if text[end : end + 1] == "s" and not _is_word_char(text[end + 1 : end + 2]):
                    found.append((start, rank, end + 1))
                elif not _is_word_char(text[end : end + 1]):
                    found.append((start, rank, end))
            start = text.find(name, start + 1)
    uses, position = [], 0
    for start, _rank, end in sorted(found):
        if start >= position:
            uses.append((start, end))
            position = end
    return uses


def _is_word_char(char: str) -> bool:
    """A character that continues a name (what regex \\w matches, or a hyphen); False for "", past the text's ends."""
    return char.isalnum() or char in ("_", "-")


def _after_unopened_bracket(tokens: list) -> list:
    """The tokens after a closing bracket that none of them opened: "non-semantic) segmentation", left when "generic
    (" was stripped from a chunk, is "segmentation"."""
    depth, cut = 0, 0
    for index, token in enumerate(tokens):
        if token.text in ("(", "[", "{"):
            depth += 1
        elif token.text in (")", "]", "}"):
            if depth:
                depth -= 1
            else:
                cut = index + 1
    return tokens[cut:]


def _version_follows(text: str, end: int) -> bool:
    """A version right after the word, which it names with the word: "Segtrack v2", "Pascal VOC 2012"."""
    following = _NEXT_TOKEN.match(text, end)
    return bool(following) and is_version(following.group(1))


def _lone_capitalised_word(entity: DocEntity) -> bool:
    """One capitalised word, used once, that nothing else marks as a name ("Divide", "Connect", "Xi"): too weak a
    signal alone; the same word named twice, typed by a head noun or context, or shaped like a name is kept."""
    return len(entity.mentions) == 1 and entity.mentions[0][2] == "name:proper-noun" and not entity.votes


def _inside_one(cand: Candidate, spans: list[tuple[int, int]]) -> bool:
    """The candidate lies inside one of the (start, end) spans and is not that span itself."""
    return any(s <= cand.start and cand.end <= e and (s, e) != (cand.start, cand.end) for s, e in spans)


def _verb_follows(doc: Doc, cand: Candidate) -> bool:
    """True when the word after the candidate, adverbs skipped, is a verb: the candidate is the subject of a clause
    ("..., FooNet significantly outperforms")."""
    span = doc.char_span(cand.start, cand.end, alignment_mode="expand")
    if span is None:
        return False
    after = span.end
    while after < len(doc) and doc[after].pos_ == "ADV":
        after += 1
    return after < len(doc) and doc[after].pos_ in ("VERB", "AUX")


class MentionFinder:
    """Callable spaCy component; holds the PhraseMatcher built from the lexicon."""

    def __init__(self, nlp, rules: Rules):
        self.rules = rules
        self.stop_words = frozenset(nlp.Defaults.stop_words)  # "It", "Can", "If" opening a clause are not names
        self.author_verbs = AuthorVerbs(nlp.vocab, rules)
        self.titles = TitleReader(rules, self.stop_words)
        self.comparative_pattern = re.compile(
            r"(?:\d(?:\s?(?:x|×|-fold)|\s+times)|\b(?:two|three|four|five|six|seven|eight|nine|ten|hundred|thousand)"
            r"(?:-fold|\s+times))\s+(" + "|".join(sorted(rules.comparative_measures)) + r")\b", re.IGNORECASE)
        self.central_classes = CentralClasses(rules, self.stop_words)
        self.typer = EntityTyper(rules)
        self.method_phrases = MethodPhrases(nlp.vocab, rules)
        self.author_objects = AuthorObjects(rules)
        self.lower_case_names = LowerCaseNames(nlp.vocab, rules)
        self.shared_heads = SharedHeads(rules, self.stop_words)
        # model classes named by a common word ("transformer", "LLM"), singular or plural, lower-cased: every
        # word whose singular_word is one of them, so a set lookup per word replaces calling it
        self.generic_class_forms = frozenset(
            form for name in rules.generic_model_classes
            for form in plural_spellings(name) if singular_word(form) == name or form == name)
        # Names with capitals match case-sensitively ("mAP" must not match "maps"); lower-case phrases match any case.
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        exact_forms, term_forms = [], []
        for name, etype in sorted(rules.known_cased.items()):
            lowered = name == name.lower()
            forms = [nlp.make_doc(form) for form in sorted(lexicon_spellings(name, etype))]
            (self.folded if lowered else self.exact).add(etype, forms)
            if not lowered:
                exact_forms.extend(forms)
            elif " " in name:
                term_forms.extend(forms)
        # the titles worth a Doc for the lexicon's names (see TitleEntities): those holding every token of a name
        # with capitals, or (lower-cased) of a term of two words or more
        known_in_title = SubstringFilter([[token.text for token in form] for form in exact_forms]
                                         + [[token.lower_ for token in form] for form in term_forms])
        self.title_entities = TitleEntities(rules, self.titles, self.central_classes, self.typer, self.stop_words,
                                            nlp.make_doc, self.exact, self.folded, known_in_title)

    def __call__(self, doc: Doc) -> Doc:
        doc._.mlkg_author_verbs = self.author_verbs(doc)
        text = cached(doc).text
        sentences = cached(doc).sentence_chars
        # each noun chunk as its first token's index and its root, read once for the two sources that use them:
        # bounds from the language's chunk iterator, as Span objects and Span.root cost more than the rest of it
        # (an English noun chunk ends at its root, the noun the iterator found it by)
        chunks = [(start, doc[end - 1]) for start, end in cached(doc).noun_chunks]
        chunks += self._unchunked_tasks(doc, chunks)
        candidates = (
            self._abbreviations(doc, text, sentences)
            + self._lexicon(doc)
            + self._names(doc, sentences)
            + [Candidate(start, end, text[start:end], rule, 0.7, _NAME, etype)
               for start, end, rule, etype in self.lower_case_names(doc, text)]
            + self._chunks(doc, chunks)
            + self._title_phrases(doc, chunks)
            + [Candidate(start, end, text[start:end], "chunk:proposed-object", 0.6, _PROPOSAL, etype)
               for start, end, etype in self.author_objects.proposed(doc)]
            + [Candidate(start, end, text[start:end], "chunk:provided-object", 0.6, _PROPOSAL, etype)
               for start, end, etype in self.author_objects.provided(doc)]
            + [Candidate(start, end, text[start:end], "chunk:studied-object", 0.6, _CHUNK, "Task")
               for start, end in self.author_objects.studied(doc)]
            + [Candidate(start, end, text[start:end], rule, 0.5, _PROPOSAL, etype)
               for start, end, rule, etype in self.method_phrases(doc, text)]
            + self._named_phrases(text)
            + self._comparative_measures(text)
            + [Candidate(start, end, name, "chunk:central-class", 0.5, _CHUNK, "Model", written=written)
               for start, end, name, written in self.central_classes(doc, text, doc._.mlkg_title)]
        )
        accepted = self._select(text, candidates)
        accepted = self._with_shared_heads(doc, accepted)
        accepted = self._with_listed_task_words(text, accepted)
        self._share_list_hints(doc, text, accepted)
        entities = self._group(doc, accepted, sentences)
        sized = {key for key, e in entities.items() if _lone_capitalised_word(e) and _sized(text, e)}
        for key in sized:
            entities[key].type = "Model"  # "Zorblat with 11B parameters": a parameter count says what it is
        entities = {key: e for key, e in entities.items()
                    if not (_lone_capitalised_word(e) and not self._introduced(doc, e) and key not in sized)
                    and not self._modality_modifier(doc, e) and not self._generic(e)
                    and not self._kind_of_result(doc, e) and not _broken_name(e.name)}
        _join_spelt_out(entities, self.typer)
        _join_names_ending_in_short_forms(entities)
        self.title_entities(doc._.mlkg_title, entities)
        self._add_kind_forms(text, entities)
        doc._.mlkg_entities = entities
        spans = []
        for entity in entities.values():
            for start, end, rule, confidence in entity.mentions:
                span = doc.char_span(start, end, label=entity.type, alignment_mode="expand")
                if span is None:
                    continue
                extension = span._  # one accessor object for the three values, as each `span._` makes a new one
                extension.mlkg_key = entity.key
                extension.mlkg_rule = rule
                extension.mlkg_confidence = confidence
                spans.append(span)
        doc.spans["mlkg"] = sorted(spans, key=lambda s: (s.start_char, s.end_char))
        return doc

    # -- candidate sources -------------------------------------------------------------------------------

    def _abbreviations(self, doc: Doc, text: str, sentences: list[tuple[int, int]]) -> list[Candidate]:
        found = []
        for number, ab in enumerate(find_abbreviations(text, sentences)):
            long_text, short_text = text[ab.long_start : ab.long_end], text[ab.short_start : ab.short_end]
            if long_text.lower() not in self.rules.known:  # "soft actor-critic (SAC) agent": SAC is the name
                long_text += self._head_after_brackets(doc, text, ab.long_end, ab.short_end)
            if short_text.lower() in self.rules.not_names:
                continue  # "deep neural networks (DNNs)", "natural language processing (NLP)": too generic to link
            hint = _head_hint(text, max(ab.long_end, ab.short_end), self.rules, self.stop_words,
                              min(ab.long_start, ab.short_start))
            if hint is None:
                hint = self.typer.long_form_type(long_text)
            found.append(Candidate(ab.long_start, ab.long_end, long_text, "abbreviation:long-form", 0.9, _ABBREVIATION, hint, number))
            found.append(Candidate(ab.short_start, ab.short_end, short_text, "abbreviation:short-form", 0.9, _ABBREVIATION, hint, number))
        return found

    def _head_after_brackets(self, doc: Doc, text: str, long_end: int, short_end: int) -> str:
        """" learning" of "Positive and Unlabeled (PU) learning", " models" of "Directed Acyclic Graphical (DAG)
        models": a long form ending in an adjective names nothing alone, so the lower-case noun right after the
        brackets ends the term; else ""."""
        if not (long_end < short_end and text[short_end : short_end + 1] == ")"):
            return ""
        last = doc.char_span(long_end - 1, long_end, alignment_mode="expand")
        bracket = doc.char_span(short_end, short_end + 1, alignment_mode="expand")
        if not last or not bracket or bracket.end >= len(doc) or self.typer.head_type(last[-1].text) or not (
                last[-1].pos_ in ("ADJ", "VERB") or last[-1].lower_.endswith(_ADJECTIVE_ENDINGS)):  # tagged a name
            return ""  # "question answering (QA) dataset": the long form ends in a head noun of its own
        noun = doc[bracket.end]
        return " " + noun.text if noun.is_lower and noun.is_alpha and noun.pos_ == "NOUN" else ""

    def _lexicon(self, doc: Doc) -> list[Candidate]:
        found = []
        text = cached(doc).text
        # a lower-case term whose capitalised first word ends a run of capitalised words crosses a name's end:
        # "Diffusion model" of "Stable Diffusion model" (not "Question Answering" of "Table Question Answering")
        matches = [*self.exact(doc), *((match_id, start, end) for match_id, start, end in self.folded(doc)
                                       if not (start and doc[start].is_title and doc[start - 1].is_title
                                               and not doc[start].is_sent_start and not doc[end - 1].is_title))]
        for match_id, start, end in matches:
            span = doc[start:end]
            if inside_longer_name(text, span.start_char, span.end_char) or _paid_attention(
                    span, self.rules.attention_verbs):
                continue
            etype = doc.vocab.strings[match_id]
            if etype == "Metric" and len(span) == 1 and span[0].tag_ in _FINITE_VERB_TAGS and not (
                    start and (doc[start - 1].pos_ == "CCONJ" or doc[start - 1].like_num)):
                continue  # a verb: "models that recall these memories" (not the tagger's "precision and recall")
            if etype in _EXTENDED_TYPES:
                start = self._modified_start(doc, span)
                # modifiers that cut a known term take all of it: "long short-term memory recurrent neural networks"
                start = min([start] + [other for _, other, other_end in matches if other < start < other_end])
            elif etype == "Dataset":  # the language of a corpus is part of its name: "English Gigaword"
                previous = doc[span.start - 1] if span.start else None
                start = span.start - (previous is not None and previous.is_title
                                      and previous.lower_ in self.rules.languages)
            else:
                start = span.start - 1 if etype == "Metric" and self._narrows_a_metric(doc, span) else span.start
                if (etype == "Metric" and end < len(doc) and doc[end].lemma_.lower() == "loss"
                        and has_shape(span.text)):  # (not "an accuracy loss", a drop in accuracy)
                    end, etype = end + 1, "Method"  # a measure's acronym made a training loss: "the MSE loss"
            rule = "lexicon" if start == span.start else "lexicon:with-modifiers"
            span = doc[start:end]
            found.append(Candidate(span.start_char, span.end_char, span.text, rule, 0.85, _LEXICON, etype))
        return found

    def _narrows_a_metric(self, doc: Doc, span) -> bool:
        """The word before a known one-word metric says which task's measure it is: a task noun ("forecasting
        accuracy", "detection accuracy", the tagger's participle "clustering accuracy") or a narrowing adjective
        ("predictive accuracy"); not "model accuracy", the end of a hyphenated word ("worst-case regret") nor of a
        task's name ("link prediction accuracy")."""
        if len(span) != 1 or span.start < 2:
            return False
        word = doc[span.start - 1]
        lower = word.lower_
        before = doc[span.start - 2]
        return (word.head.i == span.start and word.is_lower and not in_word_hyphen(before)
                and before.pos_ not in ("NOUN", "PROPN") and not any(c.dep_ in _MODIFIER_DEPS for c in word.children)
                and ((word.dep_ in ("compound", "amod") and lower != "task" and self.typer.head_type(lower) == "Task")
                     or lower in self.rules.narrowing_adjectives))

    def _modified_start(self, doc: Doc, span) -> int:
        """Where a known term starts once the words that narrow it are included: "collapsed Gibbs sampling",
        "vision-based manipulation", "multivariate time series classification". A modifier counts when it
        depends on the term (or on a word already added), is lower-case, and is no determiner or evaluative word
        ("our", "novel", "standard"); at most three words, hyphen-joined parts counting as one."""
        start, words = span.start, 0
        sentence_start = cached(doc).sentence_of(span).start
        while start > sentence_start and words < _MAX_MODIFIERS:
            chain = self._hyphen_chain_start(doc, start, span.end, sentence_start)
            if chain is not None:
                start, words = chain, words + 1
                continue
            if doc[start - 1].lower_ == "based" and not (
                    start - 2 >= sentence_start and in_word_hyphen(doc[start - 2])):  # (not "model-based")
                # "based" written apart names nothing alone ("point cloud based 3D reconstruction"), but with the
                # hyphenated word before it, whole, it does ("gradient-norm based pruning")
                first = hyphenated_word_start(doc, start - 2, sentence_start)
                if first < start - 2 and all(t.is_lower for t in doc[first : start - 1] if t.is_alpha):
                    start, words = first, words + 1
                break
            hyphen = in_word_hyphen(doc[start - 1])
            word = start - 2 if hyphen else start - 1
            if word < sentence_start or not self._narrows(doc[word], word, span.end, hyphen):
                break
            start, words = word, words + 1
        while start < span.start and in_word_hyphen(doc[start - 1]):
            start += 1  # the rest of a hyphenated word not taken whole ("shot" of "zero-shot")
        return start

    def _hyphen_chain_start(self, doc: Doc, start: int, end: int, sentence_start: int) -> int | None:
        """Where a lower-case word of three hyphen-joined parts or more that ends at `start` begins, when it
        modifies the term (tokens start..end) as a whole ("text-to-image diffusion models": the parser hangs
        "image" on "to"); else None."""
        first = hyphenated_word_start(doc, start - 1, sentence_start)
        if first > start - 5:
            return None  # no hyphen, or two parts: read word by word
        parts = doc[first:start]
        written = parts.text.lower()
        if written in self.rules.stop_modifiers or any(t.lower_ == "than" for t in parts) or not all(
                t.is_lower or t.like_num for t in parts if t.is_alpha):
            return None  # "off-the-shelf", "stronger-than-typical" judge the term
        return first if any(start <= t.head.i < end for t in parts) else None

    def _narrows(self, token, start: int, end: int, hyphenated: bool) -> bool:
        """A lower-case content word (or the sentence's first, capitalised), or an eponym the lexicon lists as no
        name alone ("Bayesian", "Gaussian"), that modifies the term being built (tokens start..end); a number counts
        as the first part of a hyphenated word ("zero-shot", "two-timescale")."""
        word = f"{token.lower_}-{token.doc[token.i + 2].lower_}" if hyphenated else token.lower_  # "well-known"
        eponym = token.is_title and token.lower_ in self.rules.not_names  # "Bayesian logistic regression"
        # a sentence's first word, not a name nor a gerund ("Training diffusion models is ..."): "Supervised ...",
        # "Model-free ..." (a hyphenated word going on in lower case, whatever the tagger says)
        opener = token.is_sent_start and token.is_title and not word.endswith("ing") and (
            token.pos_ != "PROPN" or (hyphenated and token.doc[token.i + 2].is_lower))
        # a verb with its object, the name after it: "by fine-tuning BERT", "for training CNNs"; one not in -ing
        # form takes a lower-case term too ("we fine-tune language models")
        verb = word.rsplit("-", 1)[-1]
        takes_object = verb in self.rules.object_gerunds and (
            not token.doc[end - 1].is_lower or not verb.endswith("ing"))
        # or a noun right before a one-word term that the parser hangs beside it, on the noun both modify: "group"
        # of "group lasso solvers"
        last = token.doc[end - 1]
        sibling = (token.i == end - 2 and token.pos_ == "NOUN" and token.dep_ in ("compound", "nmod")
                   and token.head.i >= end and token.head.i == last.head.i and last.dep_ in _MODIFIER_DEPS)
        # or a word the parser hangs on the method noun right after the term, which it and the term both modify:
        # "model-free" of "model-free RL algorithms"
        kind = (token.head.i == end and last.dep_ in _MODIFIER_DEPS and last.head.i == end
                and self.rules.kind_nouns.get(token.head.lemma_.lower()) == "Method"
                and (hyphenated or (token.i > 0 and in_word_hyphen(token.doc[token.i - 1]))))
        return ((start <= token.head.i < end or sibling or kind) and (token.is_lower or eponym or opener)
                and not (hyphenated and word in self.rules.stop_modifiers)
                and not is_stop_modifier(token, self.rules) and not takes_object
                and not (token.i > 0 and stop_modifier_apart(token.doc[token.i - 1], token, self.rules))
                and not ends_praise_of_the_art(token)
                and (hyphenated or (token.dep_ in _MODIFIER_DEPS and not token.is_stop and not token.like_num
                                    # a verb the tagger took for a plural ("X empowers agents"); "data" is none
                                    and not (token.tag_ == "NNS" and token.lower_.endswith("s"))
                                    # a participle an adverb of judgement or time qualifies: "well explored",
                                    # "widely used", "publicly available" (not "recursively branched")
                                    and not any(child.dep_ == "advmod" and child.lower_ in self.rules.judging_adverbs
                                                for child in token.children)
                                    and (token.pos_ in ("ADJ", "NOUN", "VERB") or eponym))))

    def _names(self, doc: Doc, sentences: list[tuple[int, int]]) -> list[Candidate]:
        """Runs of name-shaped words; a plain capitalised word counts mid-sentence, never as the sentence's first."""
        text, rules = cached(doc).text, self.rules
        found = []
        # authors a citation names are no names of methods, there or elsewhere ("the robustness arguments of Xu &
        # Mannor"); a name-shaped word is kept ("(BERT, 2019)" is rare, but a shaped word is never a surname)
        cited = {name for match in _CITED.finditer(text) for name in _AUTHOR.findall(match.group(1))}
        for sent_start, sent_end in sentences:
            run: list[tuple[int, int]] = []
            shaped = False

            def flush() -> None:
                nonlocal run, shaped
                if run and text[run[-1][0] : run[-1][1]] == "of":
                    run.pop()  # an "of" no capitalised word followed
                if run:
                    start, end = run[0][0], run[-1][1]
                    name = text[start:end]
                    first = text[run[0][0] : run[0][1]].lower()
                    if (name.lower() not in rules.not_names
                            and (first not in rules.not_names or (len(run) > 1 and first in rules.eponyms))
                            # "Deep Neural Networks" written with capitals: the class, read by CentralClasses
                            and not self.central_classes.is_class(name)
                            and not (name.istitle() and name.lower() in rules.stop_modifiers)  # "On Standard ..."
                            # "India", "OpenAI", not the "UK" of "UK Biobank"
                            and name.lower() not in rules.names_never_alone
                            and name.lower() not in rules.languages  # "German" of "English and German datasets"
                            and not cites_a_venue(name, rules)  # "Sellke NeurIPS21", "(Foo et al., ICML 2015)"
                            and not is_dimension(name)  # "2D-3D" of "2D-3D features"
                            # a lone version ("M2") is none, unless known as a name of its own ("T5")
                            and not (len(run) == 1 and is_version(name) and name.lower() not in rules.known
                                     and name not in rules.model_families)
                            and not language_pair(name, rules)):
                        rule = "name:shape" if shaped else ("name:multiword" if len(run) > 1 else "name:proper-noun")
                        confidence = 0.8 if shaped else 0.6
                        hint = _head_hint(text, end, rules, self.stop_words, start)
                        found.append(Candidate(start, end, name, rule, confidence, _NAME, hint))
                run, shaped = [], False

            for index, (start, end, word) in enumerate(wordforms(text, sent_start, sent_end)):
                if word == "of" and run and not shaped and self._of_joins(text, run, end):
                    run.append((start, end))  # "Mixture of Softmaxes", "Conway's Game of Life": one name
                    continue
                if word.islower() and word.isalpha() and word not in self.generic_class_forms:
                    if run:  # most words: lower-case letters, so no name nor part of one; the tests below agree
                        flush()
                    continue
                lower = word.lower()
                generic_class = lower in self.generic_class_forms
                if (word == lower and not word[0].isupper() and not generic_class and not (run and is_version(word))
                        and not has_shape(word)):
                    if run:  # no capital ("ℝn" has one) and no lower-case name ("word2vec"): no name either
                        flush()
                    continue
                if "://" in word or word.startswith("www.") or ("/" in word and "." in word):
                    flush()
                    continue
                if "/" in word and all(len(part) <= 1 for part in word.split("/")):
                    flush()  # letters joined by slashes ("R/G/B channels", "E/I balance") name no thing
                    continue
                parts = self._known_parts(word, start)
                if parts:  # "PSNR/SSIM", "METEOR/CIDEr-D": known names joined by a slash, each its own
                    flush()
                    found.extend(Candidate(part_start, part_end, text[part_start:part_end], "name:slash-part", 0.8,
                                           _NAME, etype) for part_start, part_end, etype in parts)
                    continue
                if word in cited and (not has_shape(word) or is_capitalised_compound(word)):  # "(Foo-Bar 2014)"
                    flush()
                    continue
                possessive = word.endswith(("'s", "’s")) and is_title_word(word[:-2])
                noun = _NEXT_WORD.match(text, end) if possessive and not run else None
                eponym = self._eponym(doc, start, end, noun) if noun else None
                if eponym:  # "Lloyd's algorithm", as "Lloyd algorithm"
                    found.append(eponym)
                    continue
                if run and possessive:
                    run, shaped = [], False  # "David Foster Wallace's": someone's name, none of it a method's
                    continue
                if noun and self._possessive_opens_name(word, noun):
                    run.append((start, end))  # "Raven's Progressive Matrices", "Children's Widget Test"
                    continue
                adjacent = run and text[run[-1][1] : start].strip() == "" and text[run[-1][1]] != "," if run else False
                word_shaped = generic_class or (has_shape(word) and lower not in rules.not_names)
                # an eponym opens no name mid-sentence ("a mixture of Gaussians") but goes on one of plain capitalised
                # words ("the Quux Hessian"; not an acronym's: "HMC Markov chains")
                eponym_after_name = bool(adjacent) and not shaped and singular_word(lower) in rules.eponyms
                title = (index > 0 and is_title_word(word)
                         and ((lower not in rules.not_names and singular_word(lower) not in rules.eponyms)
                              or eponym_after_name)
                         and (lower not in self.stop_words
                              or (lower in _NUMBER_WORDS and _NEXT_CAPITALISED.match(text, end)))  # "Two Stage X"
                         # after a colon, a capitalised word opens a clause unless a capitalised word follows it
                         # ("systems: Quux Rekognition and ...")
                         and not (_CLAUSE_START.search(text, max(start - 4, 0), start)
                                  and not (text[start - 2 : start].strip() == ":"
                                           and _NEXT_CAPITALISED.match(text, end)))
                         and not (_ITEM_MARKER.search(text, max(start - 6, 0), start)
                                  and _NEXT_LOWER_WORD.match(text, end))) or self._opens_name(word, text, end)
                if (word_shaped or title) and _CITATION.match(text, end):
                    flush()  # an author cited by name: "Marcus et al. (1995)", "Kirov and Cotterell (2018)"
                    continue
                version = is_version(word) and bool(run)
                # one capital letter between capitalised words goes on the name: "Fitted Q Iteration"
                letter = len(word) == 1 and word.isupper() and bool(adjacent) \
                    and bool(_NEXT_CAPITALISED.match(text, end))
                plain = (title and not word_shaped) or (not run and self._kind_naming_compound(text, word, end))
                if word_shaped or title or ((version or letter) and adjacent):
                    if run and (not adjacent or self._dataset_before_model(text[run[0][0] : run[-1][1]], word)):
                        flush()
                    noun = _NEXT_WORD.match(text, end) if plain else None
                    eponym = self._eponym(doc, start, end, noun) if noun and not run else None
                    if eponym:  # "Gibbs sampler", "Kalman filters"
                        found.append(eponym)
                        continue
                    if plain and not _version_follows(text, end) and self._is_modifier(doc, start, end):
                        # the last word of a name, before the noun it names a kind of ("Constant-Q Transform
                        # spectrogram"), unless it or that noun names a task, which the noun chunk gives whole
                        noun_type = self.typer.head_type(noun.group(1)) if noun else None
                        if (run and "Task" not in (self.typer.head_type(lower), noun_type)) or (
                                noun_type == "Dataset" and lower not in rules.languages
                                and not lower.endswith(_NATIONALITY_ENDINGS)):
                            run.append((start, end))  # alone, the name of a dataset: "the Charades dataset"
                        flush()
                        continue
                    run.append((start, end))
                    shaped = shaped or word_shaped
                    if text[end : end + 1] in ",;:)" or (end < len(text) and text[end] != " "):
                        flush()
                else:
                    flush()
            flush()
        return self._with_opening_words(text, sentences, found, doc._.mlkg_title or "")

    def _of_joins(self, text: str, run: list[tuple[int, int]], end: int) -> bool:
        """Whether "of", ending at `end`, joins the plain capitalised words of `run` (a possessive among them) to the
        capitalised word after it, one name: "Mixture of Softmaxes", "Conway's Game of Life", "Price of Anarchy"; not
        an organisation's ("University of Foo") nor after a name of its own shape ("AUROC of ...")."""
        following = _NEXT_CAPITALISED.match(text, end)
        words = [text[start:stop].removesuffix("'s").removesuffix("’s") for start, stop in run]
        return bool(following) and following.group(1).lower() not in self.stop_words \
            and all(map(is_title_word, words)) \
            and not any(word.lower() in self.rules.organisation_words for word in (*words, following.group(1)))

    def _possessive_opens_name(self, word: str, following: re.Match) -> bool:
        """A capitalised possessive, `following` the word after it, that opens a name of plain capitalised words
        ("Raven's Progressive Matrices", "Prisoner's Dilemma"): not an organisation's or a known name's ("OpenAI's
        Widget Model"), nor one before a name of its own shape ("Lloyd's K-means", "Dale's ANNs")."""
        stem = word[:-2].lower()
        return is_title_word(following.group(1)) and not has_shape(following.group(1)) and (
            stem not in self.stop_words and stem not in self.rules.names_never_alone and stem not in self.rules.known
            and stem not in self.rules.not_names)

    def _dataset_before_model(self, run: str, word: str) -> bool:
        """A known dataset's name before a model's ends there: "a Wikitext-103 LM", "an ImageNet ResNet-50" name a
        model trained on the dataset, not a dataset."""
        return self.rules.known.get(run.lower()) == "Dataset" and (
            word.lower() in self.rules.generic_model_classes or looks_like_model(word, self.rules)
            or self.rules.known.get(word.lower()) == "Model")

    @staticmethod
    def _with_opening_words(text: str, sentences: list[tuple[int, int]], found: list[Candidate],
                            title: str) -> list[Candidate]:
        """A name a sentence's capitalised first word opens is read whole where the paper writes it so elsewhere,
        mid-sentence or in its title: "Neural Foo is ..." after "we present Neural Foo" is Neural Foo, not Foo."""
        names = {cand.name for cand in found}
        starts = {start for start, _ in sentences}
        widened = []
        for cand in found:
            opening = _OPENING_WORD.match(text, text.rfind(" ", 0, cand.start - 1) + 1)
            if (opening and opening.end() == cand.start and opening.start() in starts
                    and cand.rule.startswith("name:") and cand.rule != "name:slash-part"):
                whole = text[opening.start() : cand.end]
                if whole in names or re.search(r"(?<![\w-])" + re.escape(whole) + r"(?![\w-])", title):
                    cand = replace(cand, start=opening.start(), name=whole, rule=_OPENED_NAME)
            widened.append(cand)
        return widened

    def _opens_name(self, word: str, text: str, end: int) -> bool:
        """An eponym before a capitalised word opens a name ("Gaussian Mixture Model", "Wasserstein GAN"), though
        alone it is none ("a Gaussian prior")."""
        if word.lower() not in self.rules.eponyms or not is_title_word(word):
            return False
        following = _NEXT_CAPITALISED.match(text, end)
        if not following:
            return False
        word_after = following.group(1)
        return (word_after.lower() not in self.rules.not_names and word_after.lower() not in self.stop_words
                and (is_title_word(word_after) or has_shape(word_after)))

    def _known_parts(self, word: str, start: int) -> list[tuple[int, int, str]]:
        """For a word of two or more parts joined by slashes, each a known name or a hyphenated variant of one
        ("CIDEr-D"), each part's offsets and type; else nothing."""
        if "/" not in word:
            return []
        parts, offset = [], start
        for part in word.split("/"):
            etype = self.rules.known.get(part.lower()) or self.rules.known.get(part.split("-", 1)[0].lower())
            if not part or etype is None:
                return []
            parts.append((offset, offset + len(part), etype))
            offset += len(part) + 1
        return parts

    def _eponym(self, doc: Doc, start: int, end: int, noun) -> Candidate | None:
        """A method named after someone or something: the capitalised word text[start:end] and the method noun
        right after it ("Gibbs sampler"), with the words that narrow them ("collapsed Gibbs sampler"). Not a known
        name ("the Adam method" is Adam) nor a place ("India index"), nor the end of a capitalised run ("Monte Carlo
        methods" at a sentence's start)."""
        text = cached(doc).text
        word = text[start:end].lower()
        if not (noun.start(1) == end + 1 and text[end] == " " and noun.group(1).islower()
                and singular_word(noun.group(1)) in self.rules.eponym_heads
                and word not in self.rules.known and word not in self.rules.names_never_alone):
            return None
        span = doc.char_span(start, noun.end(1))
        if span is None or (span[-1].pos_ not in ("NOUN", "PROPN") and span[-1].tag_ != "VBG"):
            return None  # not "Alice and Bob transform it" (a gerund is the noun: "Rauch-Tung-Striebel smoothing")
        if span.start and doc[span.start - 1].pos_ == "PROPN" and doc[span.start - 1].is_title:
            return None
        first = doc[self._modified_start(doc, span)].idx
        return Candidate(first, span.end_char, text[first : span.end_char], "name:eponym", 0.6, _NAME,
                         self.typer.head_type(noun.group(1)) or "Method")

    def _kind_naming_compound(self, text: str, word: str, end: int) -> bool:
        """Capitalised words joined by hyphens are shaped like a name, but before a lower-case noun they may name
        only its kind, as a plain capitalised word does: "Navier-Stokes flows", "Kullback-Leibler regularisation
        terms", and "Kullback-Leibler divergence" where the noun is one a name makes a method of. Not before a
        noun that types the name ("the Meta-Dataset benchmark", "the Plackett-Luce model") nor a language pair."""
        if not is_capitalised_compound(word) or word.lower() in self.rules.not_names or language_pair(word, self.rules):
            return False
        noun = _NEXT_WORD.match(text, end)
        return not noun or singular_word(noun.group(1).lower()) in self.rules.eponym_heads or (
            self.typer.head_type(noun.group(1)) in (None, "Task"))

    @staticmethod
    def _is_modifier(doc: Doc, start: int, end: int) -> bool:
        """`Bellman` in "Bellman constraints": a capitalised word that only modifies the lower-case noun after it."""
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None or span.end >= len(doc):
            return False
        nxt = doc[span.end]
        return nxt.is_lower and nxt.pos_ in ("NOUN", "ADJ") and span.root.dep_ in ("compound", "amod", "nmod")

    def _unchunked_tasks(self, doc: Doc, chunks: list) -> list[tuple[int, Token]]:
        """Task nouns the chunk iterator passed over, as (first token, root) from where their phrase starts
        (`_phrase_start`): it skips a noun whose words overlap an earlier chunk, as "video" of "text-to-video
        retrieval and action localization" is one."""
        chunked = {i for first, root in chunks for i in range(first, root.i + 1)}
        found = []
        for token in doc:
            # or one that heads a conjunct inside a chunk the parser closed on a later noun ("parsing, document
            # classification and language inference")
            swallowed = token.dep_ == "nmod" and token.i + 1 < len(doc) and doc[token.i + 1].pos_ == "CCONJ"
            if (token.i not in chunked or swallowed) and token.pos_ == "NOUN" \
                    and (token.dep_ in _CHUNK_ROOT_DEPS or swallowed) \
                    and self.rules.type_heads.get(token.lemma_.lower()) == "Task":
                start = _phrase_start(token)
                if start == token.left_edge.i or doc[start - 1].pos_ != "PROPN":
                    found.append((start, token))  # not after a name, whose task it is ("text-to-FooQuery generation")
        return found

    def _chunks(self, doc: Doc, chunks: list) -> list[Candidate]:
        """Noun chunks headed by a task noun ("code generation tasks"), by a metric noun next to a number, or in
        lower case by a technique noun ("a contrastive widget loss", `technique_heads`)."""
        rules, text = self.rules, cached(doc).text
        found = []
        for first, root in chunks:
            head = root.lemma_.lower()
            narrowed = head in rules.narrowed_metric_heads
            technique = head in rules.technique_heads
            etype = "Task" if head == "problem" else "Metric" if narrowed else rules.type_heads.get(head)
            if technique:
                etype = "Method"  # (its chunk gives no type hint: see below)
            elif etype not in ("Task", "Metric"):
                continue
            while first > 0 and (_compound_left_out(doc[first - 1], first)
                                 or (etype == "Metric" and _gerund_narrowing(doc[first - 1], root))):
                first -= 1  # "word" of "word sense induction benchmarks", a verb to the parser
            tokens = list(doc[first : root.i + 1])  # its words up to the root
            possessive = [i for i, t in enumerate(tokens) if t.tag_ == "POS" or t.dep_ == "case"]
            if possessive:
                tokens = tokens[possessive[-1] + 1 :]
            # a name inside is the entity ("ImageNet classification", "Cityscapes segmentation"), a modality is not
            # ("LiDAR ..."); a task's words after it are one where two or more (see _after_a_name)
            if any(self._names_a_thing(t, etype) for t in tokens) and (
                    etype != "Task" or head in ("task", "problem")):
                continue
            if etype == "Metric" and not (narrowed or self._near_number(doc, first, root) or self._measured_in(root)):
                continue
            if etype == "Task" and root.tag_ == "NNS" and head in rules.plural_outputs:
                continue  # "quantitative predictions", "neural network predictions": what a model gives, no task
            if head in ("task", "problem"):  # "mathematical reasoning and code generation tasks": two tasks
                segments = _split_at(self._task_list(doc, root)[:-1],
                                     lambda previous, token: token.pos_ in ("CCONJ", "PUNCT")
                                     and not in_word_hyphen(token))  # "low-rank matrix estimation problems"
            elif etype == "Task":  # "POS tagging and sentiment classification": two tasks, each with its head noun;
                # a comma makes a list of items ("memory, learning and spatial navigation"), only the last the head's
                listed = any(t.text == "," for t in tokens)
                segments = _split_at(tokens, lambda previous, token: token.text == "," or (
                    token.pos_ == "CCONJ" and previous is not None
                    and (listed or rules.type_heads.get(previous.lemma_.lower()) == "Task"
                         or previous.lower_.endswith(ACTIVITY_ENDINGS))))  # "language modeling and ..."
            else:
                segments = [tokens]
            for segment in segments:
                segment = self._after_a_name(segment, etype)
                segment = strip_modifiers(segment, etype, rules)
                segment = strip_modifiers(_after_unopened_bracket(segment), etype, rules)
                evaluative_pair = etype == "Task" and any(t.pos_ == "CCONJ" for t in segment) and any(
                    t.lower_ in rules.stop_modifiers for t in segment)  # "precise and flexible reasoning"
                if segment and (in_word_hyphen(segment[-1]) or evaluative_pair or not segment[-1].is_alpha
                                or (segment[-1].pos_ == "ADJ" and not segment[-1].lower_.endswith(ACTIVITY_ENDINGS))):
                    continue  # "primal sub-" of "primal sub-problem", "time series analysis i.e." of a list,
                    # "unconditional" of "unconditional, class-conditional and ... language generation"
                needed = 2 if technique or (etype == "Task" and head not in ("task", "problem") and not (
                    self._joined_to_tasks(root) or self._purpose_of_a_method_or_name(root)
                    or _listed_under_tasks(root))) else 1
                if technique:
                    segment = self._technique(segment)
                if len(segment) < needed or (head in ("task", "problem") and not self._listed_task(segment)):
                    continue
                if narrowed and not self._narrows_a_measure(segment):
                    continue
                start, end = segment[0].idx, segment[-1].idx + len(segment[-1].text)
                # the tasks written with their head noun right after ("widget control tasks"): an alias
                written = text[start : root.idx + len(root.text)] \
                    if head in ("task", "problem") and segment[-1].i == root.i - 1 else None
                # (a technique's chunk gives no type: "policy optimization" may name the task)
                found.append(Candidate(start, end, text[start:end], f"chunk:{etype.lower()}-head", 0.6,
                                       _TECHNIQUE if technique else _CHUNK, None if technique else etype,
                                       written=written))
        return found

    def _technique(self, words: list) -> list:
        """The words of a chunk a technique noun heads, without the words of amount or verdict before them ("the
        total loss"); none when a word has a capital (a name's technique is the name's: "the FooNet encoder"), when
        two are joined ("competitive or better training loss"), when the rest is generic ("learning
        algorithm") or when a measure's loss is its drop ("performance loss")."""
        rules = self.rules
        while words and words[0].lower_ in rules.technique_amount_words:
            words = words[1:]
        if any(not (t.is_lower or in_word_hyphen(t)) or t.pos_ == "CCONJ" for t in words) or \
                singular(" ".join(t.lower_ for t in words)) in rules.generic_phrases:
            return []
        if rules.is_measure_drop(" ".join(t.text for t in words)):
            return []  # "little performance loss"
        return words

    def _names_a_thing(self, token: Token, etype: str) -> bool:
        """A name-shaped word (not a generic model class, nor a modality before a task) or a known dataset's
        name, capitalised or as the lexicon writes it."""
        return ((has_shape(token.text) and token.lower_ not in self.rules.generic_model_classes
                 and not (etype == "Task" and self._modality(token.text)))
                or ((token.is_title or token.text in self.rules.known_cased)  # "Cityscapes", "enwik8"
                    and self.rules.known.get(token.lower_) == "Dataset"))

    def _after_a_name(self, words: list, etype: str) -> list:
        """The words of a task phrase after the last name in it, when they are two or more lower-case words
        ("widget classification" of "FooBench widget classification"); none when a name is in it otherwise
        ("FooBench classification" names the dataset, not a task)."""
        inside = [i for i, t in enumerate(words) if self._names_a_thing(t, etype)]
        if not inside:
            return words
        rest = words[inside[-1] + 1 :]
        return rest if len(rest) >= 2 and all(t.is_lower or in_word_hyphen(t) for t in rest) else []

    def _narrows_a_measure(self, words: list) -> bool:
        """"generalization performance", "communication efficiency", "predictive performance": lower-case nouns
        (or listed adjectives) before the head, none of them a method noun ("model performance")."""
        rules, first = self.rules, words[0]
        if first.i > 0 and in_word_hyphen(first.doc[first.i - 1]):
            return False  # the end of a longer hyphenated word: "art" of "state-of-the-art performance"
        return len(words) > 1 and all(
            in_word_hyphen(t) or (t.is_lower and (t.pos_ in ("NOUN", "VERB") or t.lower_ in rules.narrowing_adjectives)
                                  and (rules.type_heads.get(t.lemma_.lower()) not in ("Method", "Model")
                                       or narrowing_activity(t, words[-1], rules)))
            for t in words[:-1])

    def _listed_task(self, words: list) -> bool:
        """Whether words listed before "tasks" or "problems" name a task: a task noun ("classification and
        regression problems", "image-classification tasks"), or two words or more ending in a noun that are not one
        hyphenated word ("sparse regression problems"; not "inverse problems", "optimization problems", "target
        tasks", "low-data tasks")."""
        last = words[-1]
        if last.lower_ not in ("task", "tasks") and "Task" in (self.rules.type_heads.get(last.lemma_.lower()),
                                                              self.typer.head_type(last.text)):
            return True  # "captioning" of "image captioning tasks", which the tagger may call an adjective
        one_word = len(words) % 2 == 1 and all(in_word_hyphen(t) for t in words[1::2])
        return len(words) > 1 and not one_word and last.tag_ in ("NN", "NNS", "NNP", "NNPS", "VBG")

    def _joined_to_tasks(self, noun: Token) -> bool:
        """A bare task noun joined to "tasks" or to a task with modifiers is a task too: "two tasks,
        classification and semantic segmentation"."""
        partners = [noun.head] if noun.dep_ == "conj" else []
        partners += [child for child in noun.children if child.dep_ == "conj"]
        return any(p.lemma_.lower() == "task" or (self.rules.type_heads.get(p.lemma_.lower()) == "Task" and any(
            c.dep_ in ("amod", "compound") and c.i < p.i for c in p.children)) for p in partners)

    def _purpose_of_a_method_or_name(self, noun: Token) -> bool:
        """A bare task noun is a task when a method or model is for it: "a fast semi-supervised algorithm for
        regression and classification", or a name written right before the "for" ("FooSet for detection", "BarNet
        for classification": the parser often hangs the "for" elsewhere)."""
        while noun.dep_ == "conj" and noun.head.i != noun.i:
            noun = noun.head
        preposition = noun.head
        if noun.dep_ != "pobj" or preposition.lower_ != "for":
            return False
        before = noun.doc[preposition.i - 1] if preposition.i else None
        return ((preposition.head.pos_ in ("NOUN", "PROPN")
                 and self.rules.type_heads.get(preposition.head.lemma_.lower()) in ("Method", "Model"))
                or (before is not None and has_shape(before.text) and before.text.lower() not in self.rules.not_names))

    def _modality(self, word: str) -> bool:
        """An acronym that says what a task works on, part of the task's name: "LiDAR" in "LiDAR degradation
        estimation", "RGB-D", "EEG", "fMRI". Capitals but for one letter at most (not "MLDoc"), no digits, no
        known name or model family (those are entities of their own: "COCO detection", "GPT summarization") and
        no generic word ("AI-driven ...")."""
        letters = [ch for ch in word if ch.isalpha()]
        capitals = sum(ch.isupper() for ch in letters)
        return (capitals >= 2 and capitals >= len(letters) - 1 and not any(ch.isdigit() for ch in word)
                and word.lower() not in self.rules.known and word.lower() not in self.rules.not_names
                and not looks_like_model(word, self.rules)
                and not looks_like_dataset(word, self.rules) and not dataset_family(word, self.rules))

    def _generic(self, entity: DocEntity) -> bool:
        """A phrase too general to be an entity ("language processing", "learning rate"; `generic_phrases`), unless
        the paper centres on it as a model class ("neural networks", see CentralClasses)."""
        return (singular(entity.name).lower() in self.rules.generic_phrases
                and not any(rule == "chunk:central-class" for _, _, rule, _ in entity.mentions))

    @staticmethod
    def _introduced(doc: Doc, entity: DocEntity) -> bool:
        """The entity's one mention is what the authors' contribution verb takes: "we introduce Foo for ..."."""
        span = doc.char_span(entity.mentions[0][0], entity.mentions[0][1], alignment_mode="expand")
        return span is not None and span.root.dep_ == "dobj" and span.root.n_lefts + span.root.n_rights == 0 and (
            span.root.head.i, "proposes") in set(doc._.mlkg_author_verbs)  # not "Search with ..." of a longer name

    def _kind_of_result(self, doc: Doc, entity: DocEntity) -> bool:
        """An adjective and a noun that names no artefact (`not_contributions`): "a theoretical analysis", "a lower
        bound", "a topological view" are what the authors give, not things a graph should hold. Not a name with
        capitals ("Canonical Correlation Analysis") nor a longer phrase."""
        if (not entity.mentions or entity.aliases or entity.type == "Metric" or not entity.name.islower()
                or entity.name.count(" ") != 1):
            return False  # "predictive performance" is a measure
        span = doc.char_span(entity.mentions[0][0], entity.mentions[0][1], alignment_mode="expand")
        return (span is not None and len(span) == 2 and span[0].pos_ == "ADJ"
                and span[1].lemma_.lower() in self.rules.not_contributions)

    def _modality_modifier(self, doc: Doc, entity: DocEntity) -> bool:
        """A modality (`modalities` in the lexicon) that only says what a noun is of ("EEG recordings", "RGBD
        images", "CMOS sensors") names no artifact of the paper: not an entity, unless the abstract spells it out
        ("electroencephalography (EEG)")."""
        return (bool(entity.mentions) and entity.name.lower() in self.rules.modalities
                and all(rule.startswith("name:") and self._is_modifier(doc, start, end)
                        for start, end, rule, _ in entity.mentions))

    def _title_phrases(self, doc: Doc, chunks: list) -> list[Candidate]:
        """Noun phrases of the abstract that the title names too (see TitleReader.phrases), typed by their head."""
        text, found = cached(doc).text, []
        for match in self.titles.phrases(doc._.mlkg_title, doc, [(start, root.i + 1) for start, root in chunks]):
            start, end = match[0].idx, match[-1].idx + len(match[-1].text)
            etype = self.rules.type_heads.get(match[-1].lemma_.lower())
            found.append(Candidate(start, end, text[start:end], "chunk:title-phrase", 0.6, _CHUNK, etype))
        return found

    def _named_phrases(self, text: str) -> list[Candidate]:
        """The capitalised phrase after "called / named / dubbed ...", small words and all ("Contrast to Divide");
        after a plural noun, or of two acronyms, the names of a pair ("two widgets, called Foo Net and Bar Net")."""
        found = []
        for match in _NAMED_PHRASE.finditer(text):
            if match.group(1).lower() not in self.rules.naming_words:
                continue
            before = _WORD_BEFORE_NAMING.search(text, max(match.start() - 40, 0), match.start())
            noun = before.group(1) if before else ""
            plural = noun.islower() and singular_word(noun) != noun
            spans = [match.span(2)]
            pair = match.group(2).rpartition(" and ")
            if pair[1] and (plural or all(" " not in part and has_shape(part) for part in (pair[0], pair[2]))):
                cut = match.start(2) + len(pair[0])  # also two acronyms: "a method called FOO and BARF"
                spans = [(match.start(2), cut), (cut + len(" and "), match.end(2))]
            for start, end in spans:
                if " " in text[start:end]:  # one word is already a name candidate
                    found.append(Candidate(start, end, text[start:end], "name:after-naming-word", 0.8, _NAME))
        return found

    def _comparative_measures(self, text: str) -> list[Candidate]:
        """The measure a comparative after a ratio names, found at the comparative: "faster" in "1.05x faster" (or
        "ten times faster") is a mention of speedup, so the ratio is a result with that metric."""
        return [Candidate(match.start(1), match.end(1), self.rules.comparative_measures[match.group(1).lower()],
                          "metric:comparative", 0.6, _CHUNK, "Metric")
                for match in self.comparative_pattern.finditer(text)]

    @staticmethod
    def _task_list(doc: Doc, head) -> list:
        """The words before "tasks" that name tasks, read from the tags rather than the parse, which often
        splits "visual question answering and image captioning tasks" into two chunks."""
        start = head.i
        sentence_start = cached(doc).sentence_of(head).start
        while start > sentence_start and (
            doc[start - 1].tag_ in ("NN", "NNS", "NNP", "NNPS", "JJ", "VBG", "CC", "HYPH", ",")
            and not doc[start - 1].like_num and doc[start - 1].lower_ not in _PREPOSITION_GERUNDS
        ):
            start -= 1
        while start < head.i and (doc[start].tag_ in ("CC", ",", "HYPH") or in_word_hyphen(doc[start])
                                  or (start > 0 and in_word_hyphen(doc[start - 1]))):
            start += 1  # nor the rest of a hyphenated word cut short ("case" of "worst-case")
        return list(doc[start : head.i + 1])

    def _measured_in(self, root: Token) -> bool:
        """What results are measured in: "in terms of accuracy and convergence error", "measured by X"."""
        while root.dep_ == "conj" and root.head.i != root.i:
            root = root.head
        if root.dep_ != "pobj":
            return False
        preposition = root.head
        return preposition.head.lemma_.lower() in self.rules.measure_phrases.get(preposition.lower_, ())

    @staticmethod
    def _near_number(doc: Doc, start: int, root: Token) -> bool:
        """A number within four words before the chunk doc[start : root.i + 1] or five after it, in its sentence."""
        sentence = cached(doc).sentence_of(root)
        window = doc[max(start - 4, sentence.start) : min(root.i + 6, sentence.end)]
        return any(t.like_num or t.text == "%" for t in window)

    # -- resolution ----------------------------------------------------------------------------------------

    def _select(self, text: str, candidates: list[Candidate]) -> list[Candidate]:
        """Keep the strongest non-overlapping candidates; an abbreviation's two halves stand or fall together."""
        taken: list[tuple[int, int]] = []
        accepted: list[Candidate] = []
        lexical = [(c.start, c.end) for c in candidates if c.priority == _LEXICON]
        # (not a name a known term runs out of, which loses to it: "ImageNet Top-1" of "ImageNet Top-1 accuracy")
        longer = [(c.start, c.end) for c in candidates if ((c.rule.startswith("name:") and c.rule != "name:proper-noun")
                  or c.rule in ("chunk:task-head", "chunk:title-phrase"))
                  and not any(s < c.end < e or s < c.start < e for s, e in lexical)]
        proposals = [(c.start, c.end) for c in candidates if c.rule == "chunk:proposed-object"
                     and self.typer.head_type(c.name.rsplit(" ", 1)[-1]) in ("Method", "Model", "Dataset")]
        measures = [(c.start, c.end) for c in candidates if c.rule == "chunk:metric-head"]
        # A known word inside a longer name is part of that name: "Attention" in "Compositional Attention Networks";
        # a known task inside a longer task phrase too: "video understanding" in "long-form video understanding",
        # and a known term written in lower case inside what the authors propose ("a multi-agent reinforcement
        # learning method", "a proximal quasi-Newton algorithm"), or one that only modifies it ("a CNN-based framework").
        known = self.rules.known
        # and a name the abstract used before the proposal that holds it is what the proposal builds on: "PBT (...)
        # is a recent approach. We propose a black-box PBT framework"
        earlier = [(c.start, name_key(c.name)) for c in candidates if c.priority in (_ABBREVIATION, _NAME)]
        candidates = [c for c in candidates if not (
            (c.priority == _LEXICON and _inside_one(c, longer))
            or ((c.priority == _LEXICON or (c.rule.startswith("name:") and c.name.lower() in known))
                and c.name[:1].islower() and _inside_one(c, proposals))
            or (c.priority == _LEXICON and c.type_hint == "Method" and c.name[:1].islower()
                and _inside_one(c, measures))
            or (modifier_suffix_at(text, c.end) and any(s <= c.start and c.end < e for s, e in proposals))
            or (c.priority in (_ABBREVIATION, _NAME) and any(
                s <= c.start and c.end < e and any(at < s and key == name_key(c.name) for at, key in earlier)
                for s, e in proposals)))]
        for cand in sorted(candidates, key=lambda c: (c.priority, -(c.end - c.start), c.start)):
            if any(cand.start < e and s < cand.end for s, e in taken):
                continue
            taken.append((cand.start, cand.end))
            accepted.append(cand)
        # a known term narrowed by words its abbreviation leaves out is a mention of its own, beside the definition:
        # "multitask reinforcement learning (RL)" names multitask RL, and RL stands for reinforcement learning (a
        # long form written with capitals ends its name there: "shared Feature Pyramid Network (FPN)")
        definitions = {(c.start, c.end) for c in accepted if c.rule == "abbreviation:long-form" and c.name.islower()}
        accepted += [c for c in candidates if c.rule == "lexicon:with-modifiers"
                     and any(c.start < s and c.end == e for s, e in definitions)]
        return sorted(accepted, key=lambda c: (c.start, c.end))

    def _with_shared_heads(self, doc: Doc, accepted: list[Candidate]) -> list[Candidate]:
        """The accepted mentions, and for a lower-case term whose first word a lone modifier is coordinated with
        ("image and molecular generation"), the term that modifier makes (image generation), found alike."""
        terms = [c for c in accepted if c.name[:1].islower() and c.pair is None
                 and c.rule.startswith(("chunk:", "lexicon"))]
        shared = [Candidate(start, end, name, "coordination:shared-head", terms[i].confidence, terms[i].priority,
                            terms[i].type_hint)
                  for start, end, name, i in self.shared_heads(doc, [(c.start, c.end) for c in terms])]
        names = [c for c in accepted if c.pair is None and c.rule.startswith(("name:", "lexicon"))]
        shared += [Candidate(start, end, name, "coordination:shared-edition", names[i].confidence, names[i].priority,
                             names[i].type_hint)
                   for start, end, name, i in shared_editions(cached(doc).text, [(c.start, c.end) for c in names])]
        return sorted(accepted + shared, key=lambda c: (c.start, c.end)) if shared else accepted

    def _with_listed_task_words(self, text: str, accepted: list[Candidate]) -> list[Candidate]:
        """Lone task nouns listed beside a task the text names ("denoising, super-resolution, colorization and
        deblurring") are tasks too, though alone a single word is none: the list says what kind of word it is."""
        taken = [(c.start, c.end) for c in accepted]
        found = []
        for cand in (c for c in accepted if c.type_hint == "Task" or self.rules.known.get(c.name.lower()) == "Task"):
            end = cand.end
            while (word := _LISTED_WORD_AFTER.match(text, end)) and self._task_word(word.group(1)):
                found.append(word.span(1))
                end = word.end()
            start = cand.start
            while (word := _LISTED_WORD_BEFORE.search(text, max(start - 40, 0), start)) \
                    and self._task_word(word.group(1)):
                found.append(word.span(1))
                start = word.start(1)
        new = [Candidate(start, end, text[start:end], "chunk:listed-task", 0.5, _CHUNK, "Task")
               for start, end in sorted(set(found)) if not any(s < end and start < e for s, e in taken)]
        return sorted(accepted + new, key=lambda c: (c.start, c.end)) if new else accepted

    def _task_word(self, word: str) -> bool:
        """A singular task noun, not "task" itself nor a plural ("predictions" is what a model gives)."""
        return (self.rules.type_heads.get(word) == "Task" and singular_word(word) == word
                and word not in self.rules.problem_words)

    def _share_list_hints(self, doc: Doc, text: str, accepted: list[Candidate]) -> None:
        """Names in one list share a type hint: "benchmarks: Open-Travel and Open-DeepResearch"; a plural type
        noun the list ends with types each name-shaped member: "FooSet, BarSet and BazSet datasets", "FooLM,
        BarGPT and other large language models". A name after a bare comma that a verb follows opens a clause
        instead ("after this detection, SplitSGD is ...")."""
        runs = [[accepted[0]]] if accepted else []
        for previous, cand in zip(accepted, accepted[1:]):
            glue = _LIST_GLUE.match(text[previous.end : cand.start])
            if glue and (glue.group().strip() != "," or not _verb_follows(doc, cand)):
                if cand.type_hint is None and previous.type_hint:
                    cand.type_hint = previous.type_hint
                runs[-1].append(cand)
            else:
                runs.append([cand])
        for run in runs:
            ending = self._type_after(text, run[-1].end, len(run))
            for cand in run:  # names only: "question routing and answer selection models" are tasks' models; a
                # capitalised word too, not a language ("the FooTalk and BarTweets datasets")
                if cand.type_hint is None and (any(map(has_shape, cand.name.split())) or (
                        is_title_word(cand.name) and cand.name.lower() not in self.rules.languages)):
                    cand.type_hint = ending

    def _type_after(self, text: str, end: int, members: int) -> str | None:
        """The type a noun right after a list's last name gives the list: a plural (" datasets", " and other large
        language models", the only form for a lone name), or for two names or more a singular too ("MOT15 and
        MOT16 benchmark dataset"); not Task."""
        match = _PLURAL_AFTER.match(text, end)
        word = singular_word(match.group(2).lower()) if match else ""
        if not match or word == match.group(2).lower() or (members == 1 and not match.group(1)):
            single = _NEXT_LOWER_WORD.match(text, end) if members > 1 else None
            if single is None:
                return None
            word = single.group(1)
        etype = self.rules.list_member_types.get(word) or self.rules.type_heads.get(word)
        return etype if etype != "Task" else None

    def _add_kind_forms(self, text: str, entities: dict[str, DocEntity]) -> None:
        """Each name written with the noun saying what kind of thing it is right after it ("Atari games", "the GIoU
        loss"; `kind_nouns`) keeps that written form as an alias, where the noun fits the name's type ("RL
        benchmarks" are no reinforcement learning). Names with a capital or a digit only, and known terms before a
        noun of procedure ("the primal-dual method", `_PROCEDURE_KINDS`): another lower-case term before such a
        noun is as often part of another's name ("attention network"). Added last, as the joins before read an
        entity's aliases as its other names."""
        for entity in entities.values():
            fitting = ("Method", "Model") if entity.type in ("Method", "Model") else (entity.type,)
            for start, end, rule, _confidence in entity.mentions:
                kind = _NEXT_LOWER_WORD.match(text, end)
                noun = singular_word(kind.group(1)) if kind else None
                if not kind or self.rules.kind_nouns.get(noun) not in fitting:
                    continue
                written = text[start:end]
                if not rule.startswith("chunk:") and (written.lower() != written or _DIGIT.search(written) or (
                        rule.startswith("lexicon") and noun in _PROCEDURE_KINDS)):
                    entity.aliases.add(text[start : kind.end()])

    def _group(self, doc: Doc, accepted: list[Candidate], sentences: list[tuple[int, int]]) -> dict[str, DocEntity]:
        rules, text = self.rules, cached(doc).text
        sentence_starts = {start for start, _ in sentences}
        by_key: dict[str, DocEntity] = {}
        pair_key: dict[int, str] = {}

        def entity_for(cand: Candidate) -> DocEntity:
            key = name_key(cand.name)
            if cand.pair is not None and cand.pair in pair_key:
                primary = by_key[pair_key[cand.pair]]
                if key not in by_key:
                    by_key[key] = primary
                return primary
            if key not in by_key:
                by_key[key] = DocEntity(key=key, name=display_name(cand.name, self._capitalised_by_position(doc, cand, sentence_starts)))
            if cand.pair is not None:
                pair_key[cand.pair] = key
            return by_key[key]

        for cand in accepted:
            entity = entity_for(cand)
            entity.aliases.update(filter(None, (cand.name, cand.written)))
            entity.mentions.append((cand.start, cand.end, cand.rule, cand.confidence))
            if cand.type_hint:
                entity.votes[cand.type_hint] += 2
            self._context_vote(doc, cand, entity)

        self._more_mentions(text, by_key, accepted)
        unique = {id(e): e for e in by_key.values()}
        defaulted = set()  # the entities only the fallback typed
        for entity in unique.values():
            typed = self.typer.type_by_evidence(entity)
            entity.type = typed or "Method"
            if typed is None:
                defaulted.add(id(entity))
        self._share_list_types(text, accepted, by_key, defaulted)
        result: dict[str, DocEntity] = {}
        for entity in unique.values():
            entity.aliases.discard(entity.name)
            entity.aliases = {a for a in entity.aliases if name_key(a) != name_key(entity.name) or a != entity.name}
            entity.mentions.sort()
            result[entity.key] = entity
        return dict(sorted(result.items()))

    def _capitalised_by_position(self, doc: Doc, cand: Candidate, sentence_starts: set[int]) -> bool:
        """True when the name's first word is capitalised only because it opens the sentence."""
        if cand.start not in sentence_starts or cand.rule == _OPENED_NAME:
            return False  # (written so mid-sentence too: its capital is its own)
        first = doc.char_span(cand.start, cand.end, alignment_mode="expand")
        word = cand.name.split(" ", 1)[0]
        if cand.priority == _LEXICON and cand.name[:1].lower() + cand.name[1:] in self.rules.known_cased:
            return True  # the lexicon writes it in lower case: "Offline RL" opening a sentence is offline RL
        # a word the tagger calls a name is one, unless the text also writes it in lower case ("Knowledge
        # distillation (KD) ... transferring knowledge")
        return first is not None and word.lower() not in self.rules.not_names and (first[0].pos_ != "PROPN" or (
            cand.name[len(word):] == cand.name[len(word):].lower() and any(token.text == word.lower() for token in doc)))

    def _context_vote(self, doc: Doc, cand: Candidate, entity: DocEntity) -> None:
        """"on X" in a sentence about evaluation votes Dataset, unless a task noun heads X; a measure "on X" and a
        name before a metric noun ("MMLU accuracy") too; "the problem of X" votes Task."""
        cache = cached(doc)
        span = doc.char_span(cand.start, cand.end, alignment_mode="expand")
        if span is None:
            return
        root = span.root
        while root.dep_ in ("conj", "appos") and root.head.i != root.i and root.head.i < root.i:
            root = root.head
        if root.dep_ == "pobj":
            preposition = "" if self._rests_on(root.head) else root.head.lower_
        else:
            preposition = _word_before(cache.text, cand.start).lower()
        if preposition in self.rules.dataset_prepositions and \
                self.typer.head_type(cand.name.rsplit(" ", 1)[-1]) != "Task" and \
                cache.words(cache.sentence_of(span)) & self.rules.evaluation_cues:  # not "results on visual storytelling"
            entity.votes["Dataset"] += 1
        if root.dep_ == "pobj" and preposition == "on" and self._measured(root.head.head) and cand.type_hint is None:
            entity.votes["Dataset"] += 2  # "perplexity on WikiText": what a measure is taken on is data
        if root.dep_ == "pobj" and preposition == "of" and self._poses_a_problem(root.head.head, cand.name):
            entity.votes["Task"] += 3  # "the problem of distributed bilevel optimization": more than its head says
        nxt = _NEXT_WORD.match(cache.text, cand.end)
        if nxt and self.rules.known.get(nxt.group(1).lower()) == "Metric" and cand.type_hint is None:
            entity.votes["Dataset"] += 2

    def _measured(self, noun: Token) -> bool:
        """A known metric or a noun a metric heads: "perplexity", "top-1 accuracy", "error rate"."""
        lemma = noun.lemma_.lower()
        return self.rules.known.get(lemma) == "Metric" or self.rules.type_heads.get(lemma) == "Metric"

    def _poses_a_problem(self, noun: Token, name: str) -> bool:
        """"the problem of X", "the task of X": X is a task. Not a problem a thing has: "the consistency problem of
        fixed-lag smoothers", "problems of the metrics", "the problem of RNNLM" (a name: only "the task of SMT")."""
        word = noun.lower_
        if word == "task":
            return True
        return (word in self.rules.problem_words and not has_shape(name)
                and not any(c.dep_ == "compound" for c in noun.children))

    def _rests_on(self, preposition: Token) -> bool:
        """The preposition's object is what a method rests on or beats, not data it is evaluated on: "ICAs based
        on kernelized SVRs", "gains over the adopted SR"; but "results based on MSMARCO" is data."""
        governor = preposition.head
        evaluation = governor.dep_ == "acl" and governor.head.lemma_.lower() in self.rules.evaluation_cues
        words = self.rules.basis_words.get(preposition.lower_, ())
        # or the verb whose object the parser hung it on: "improves accuracy over X"
        verb = governor.head if governor.dep_ == "dobj" else None
        return (governor.lemma_.lower() in words or (verb is not None and verb.lemma_.lower() in words)) \
            and not evaluation

    @staticmethod
    def _more_mentions(text: str, by_key: dict[str, DocEntity], accepted: list[Candidate]) -> None:
        """Later uses of a name found once ("Aurora" opening a sentence) become mentions too."""
        taken = [(c.start, c.end) for c in accepted]
        names = sorted({alias for e in by_key.values() for alias in e.aliases if len(alias) > 1}, key=lambda a: (-len(a), a))
        for start, end in _whole_word_uses(text, names):
            if any(start < e and s < end for s, e in taken):
                continue
            entity = by_key.get(name_key(text[start:end]))
            if entity is None:
                continue
            taken.append((start, end))
            entity.mentions.append((start, end, "name:repeated", 0.7))

    @staticmethod
    def _share_list_types(text: str, accepted: list[Candidate], by_key: dict[str, DocEntity], defaulted: set[int]
                          ) -> None:
        """A name that nothing typed takes the type its list-mates agree on, when two of them at least have one:
        "XLNet, ELECTRA and FooFormer" makes FooFormer a Model."""
        lists, current = [], [accepted[0]] if accepted else []
        for previous, cand in zip(accepted, accepted[1:]):
            if _LIST_GLUE.match(text[previous.end : cand.start]):
                current.append(cand)
            else:
                lists.append(current)
                current = [cand]
        lists.append(current)
        for members in lists:
            entities = list({id(e): e for e in (by_key[name_key(c.name)] for c in members)}.values())
            evidenced = [e for e in entities if id(e) not in defaulted]
            types = {e.type for e in evidenced}
            if len(evidenced) >= 2 and len(types) == 1:
                for entity in entities:
                    if id(entity) in defaulted:
                        entity.type = next(iter(types))


def _join_spelt_out(entities: dict[str, DocEntity], typer: EntityTyper) -> None:
    """An acronym the abstract uses without defining it ("MDP") joins the one other name of the abstract that
    spells it out ("Markov decision process"), which has no abbreviation of its own: one entity, as a definition
    would make. Not where the acronym's own evidence types it otherwise ("ASIS" the algorithm is no "Arbitrary
    Shape Instance Segmentation" task; "RL" the method no "representation learning" task)."""
    for key, acronym in list(entities.items()):
        if acronym.aliases or not ACRONYM.match(acronym.name):
            continue
        spelt = spelt_out_by(acronym.name, entities)
        if spelt is None or typer.type_by_evidence(acronym) not in (None, spelt.type):
            continue
        absorb(entities, key, spelt)


def _join_names_ending_in_short_forms(entities: dict[str, DocEntity]) -> None:
    """A name ending in a short form the abstract defines ("offline RL", RL defined as reinforcement learning)
    joins the name with that short form spelt out ("offline reinforcement learning"): one entity."""
    long_forms = {name_key(alias): entity.name for entity in entities.values() for alias in entity.aliases
                  if ACRONYM.match(alias)}
    by_name = {name_key(entity.name): entity for entity in entities.values()}
    for key, entity in list(entities.items()):
        words = entity.name.split(" ")
        long_form = long_forms.get(name_key(words[-1])) if len(words) > 1 else None
        spelt = by_name.get(name_key(" ".join([*words[:-1], long_form]))) if long_form else None
        if spelt is not None and spelt is not entity:
            absorb(entities, key, spelt)

