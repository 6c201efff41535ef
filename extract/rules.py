"""The rule data (lexicons, head nouns, cue words) read once from `patterns/`, so rules are data, not code."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


def _lower_set(items: list[str]) -> frozenset[str]:
    return frozenset(item.lower() for item in items)


@dataclass(frozen=True, eq=False)  # hashed by identity: the lookups by name below are cached per (name, rules)
class Rules:
    """Everything the extraction components look up; built from `patterns/lexicon.json` and `patterns/heads.json`."""

    model_families: tuple[str, ...]
    known: dict[str, str]  # lower-cased full name -> entity type (datasets, metrics, methods, models, tasks); a
    # name with capitals or digits also without its hyphens ("cifar10")
    known_cased: dict[str, str]  # the same names as written in the lexicon
    generic_model_classes: frozenset[str]
    not_names: frozenset[str]  # the eponyms included
    eponyms: frozenset[str]  # words made from people's names: no names alone, but they open one ("Gaussian Process")
    languages: frozenset[str]
    # places, organisations, diseases: no names alone ("India", "OpenAI", "COVID-19"), but they may open one ("UK
    # Biobank", "OpenAI Gym")
    names_never_alone: frozenset[str]
    # words that make capitalised words an organisation's name ("University", "Institute"): no name alone, and not
    # joined by "of" into one ("University of Foo")
    organisation_words: frozenset[str]
    venues: frozenset[str]  # conferences: a name ending in one, with its year or not, cites a paper ("Foo NeurIPS21")
    modalities: frozenset[str]  # lower-case: kinds of signal or record, not artifacts ("EEG recordings")
    type_heads: dict[str, str]  # head lemma -> entity type
    stop_modifiers: frozenset[str]
    stop_modifier_phrases: frozenset[str]  # "natural language": a stop modifier kept before the word after it
    metric_prefixes_dropped: frozenset[str]
    technique_heads: frozenset[str]  # a lower-case chunk they head names a method: "a contrastive widget loss"
    technique_amount_words: frozenset[str]  # left out before a technique head: "the total loss"
    kind_nouns: dict[str, str]  # noun -> the type of name it says the kind of: "Atari games", "the GIoU loss"
    narrowed_metric_heads: frozenset[str]  # measures only with a narrowing word: "generalization performance"
    narrowing_adjectives: frozenset[str]  # the adjectives that narrow them: "predictive performance"
    propose_verbs: frozenset[str]
    provide_verbs: frozenset[str]  # "we provide X": a contribution only where a contribution noun heads X
    not_contributions: frozenset[str]
    container_nouns: frozenset[str]
    plural_outputs: frozenset[str]
    title_praise_words: frozenset[str]
    proposer_subjects: frozenset[str]
    naming_words: frozenset[str]
    outperform_verbs: frozenset[str]
    compare_words: frozenset[str]
    compare_prepositions: frozenset[str]
    relative_words: frozenset[str]
    evaluation_cues: frozenset[str]
    dataset_prepositions: frozenset[str]
    list_member_types: dict[str, str]  # plural head -> the type of the names it lists: "models such as X"
    measure_phrases: dict[str, frozenset[str]]  # preposition -> lemmas whose object there is a measure
    study_verbs: frozenset[str]  # "we study / address X": what the paper is about
    problem_words: frozenset[str]  # "the problem of X", "the task of X": X is a task
    basis_words: dict[str, frozenset[str]]  # preposition -> lemmas whose object there a method rests on or beats
    self_references: frozenset[str]
    generic_phrases: frozenset[str]  # lower-case, singular: too general to be an entity found by its phrase alone
    central_class_phrases: frozenset[str]  # lower-case, plural: model classes that repetition makes central
    central_class_modifiers: frozenset[str]  # words allowed before them, left out of the name ("deep")
    central_class_short_forms: dict[str, str]  # short form -> the phrase it counts as ("DNNs", "deep networks")
    title_function_words: frozenset[str]  # besides stop words, where a phrase of a title may start or end
    study_gerunds: frozenset[str]  # opening a title, they make its subject studied, not built ("Exploring X")
    title_purpose_verbs: frozenset[str]  # after "to" in a title, what follows is the purpose ("to Facilitate X")
    task_gerunds: frozenset[str]  # opening a title, they name its task with their object ("Predicting X ...")
    title_contrast_words: frozenset[str]  # in a title's opening, they make it a slogan, no name ("Widgets Not ...")
    activity_heads: frozenset[str]  # Method heads naming an activity ("learning"), not a thing a paper builds
    eponym_heads: frozenset[str]  # nouns that a capitalised name before them makes a method: "Gibbs sampler"
    comparative_measures: dict[str, str]  # "faster" after a ratio names a speedup: "1.5x faster"
    judging_adverbs: frozenset[str]  # "well explored": the participle judges a known term, it does not narrow it
    object_gerunds: frozenset[str]  # "fine-tuning BERT", "fine-tune BERT": the verb takes the name as its object
    attention_verbs: frozenset[str]  # "received increasing attention": interest, not an attention mechanism
    handing_on_nouns: frozenset[str]  # "we present a set of X": the object hands on to X
    activity_nouns: frozenset[str]  # "formality transfer": an activity without an activity ending
    achieved_nouns: frozenset[str]  # "we achieve results that outperform X": the results compare the work
    split_words: frozenset[str]  # "the FooCOCO validation set": the name before a split is a dataset's

    def is_stop_modifier(self, word: str, after: str) -> bool:
        """A lower-case word that is evaluative or otherwise no part of a name (`stop_modifiers`), unless it opens a
        phrase kept whole with the word after it ("natural language", `stop_modifier_phrases`)."""
        return word in self.stop_modifiers and f"{word} {after}" not in self.stop_modifier_phrases

    def is_measure_drop(self, phrase: str) -> bool:
        """"performance loss", "accuracy loss": a drop in a measure (`narrowed_metric_heads` or a known metric),
        no training loss."""
        words = phrase.lower().split()
        return len(words) == 2 and words[1] in ("loss", "losses") and (
            words[0] in self.narrowed_metric_heads or self.known.get(words[0]) == "Metric")

    def family_of(self, name: str) -> str | None:
        """The known model family a name starts with (`Qwen3-VL-32B-Instruct` -> `Qwen`), the longest if several."""
        lowered = name.lower()
        spellings_by_lower = _family_spellings(self.model_families)
        for end in range(len(lowered), 0, -1):
            if end == len(lowered) or not lowered[end].isalpha():
                spellings = spellings_by_lower.get(lowered[:end])
                if spellings and _written_as_family(name, end, spellings):
                    return spellings[0]
        return None


@lru_cache(maxsize=8)
def _family_spellings(families: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each lower-cased family name's spellings, as listed (longest names first): the first is the family's name."""
    spellings: dict[str, tuple[str, ...]] = {}
    for family in families:
        spellings[family.lower()] = (*spellings.get(family.lower(), ()), family)
    return spellings


def _written_as_family(name: str, end: int, spellings: tuple[str, ...]) -> bool:
    """name[:end] is written as the family is: as listed, in capitals, in any case for a plain spelling ("llama-2"),
    or in lower or title case before a hyphen or digit for an acronym ("gpt-4", "Bert-base"). Not "Minimax Regret
    Optimisation" (MiniMax), nor "bloom filter" (BLOOM)."""
    written = name[:end]
    if written.isupper() or written in spellings:
        return True
    model_id = (written.islower() or written.istitle()) and name[end : end + 1] in ("-", *"0123456789")
    return any(not any(ch.isupper() for ch in family[1:]) or (model_id and family.isupper()) for family in spellings)


@lru_cache(maxsize=65536)  # asked of every name of every abstract; names repeat across abstracts
def dataset_family(name: str, rules: "Rules") -> str | None:
    """A known benchmark a versioned name extends (`ARC-AGI-2` -> `ARC-AGI`), the longest if several."""
    lowered = name.lower()
    for end in range(len(lowered) - 1, 0, -1):
        if lowered[end] in "-v0123456789 " and rules.known.get(lowered[:end]) == "Dataset":
            return lowered[:end]
    return None


def _entries(table: dict) -> dict:
    """A table of the pattern files without its "_doc" note."""
    return {key: value for key, value in table.items() if not key.startswith("_")}


def _by_preposition(table: dict) -> dict[str, frozenset[str]]:
    return {preposition: _lower_set(lemmas) for preposition, lemmas in _entries(table).items()}


def _read(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath("patterns", name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def load_rules() -> Rules:
    """Parse the pattern files once per process."""
    lexicon, heads = _read("lexicon.json"), _read("heads.json")
    known_cased: dict[str, str] = {}
    for key, etype in (("methods", "Method"), ("architectures", "Model"), ("metrics", "Metric"), ("datasets", "Dataset"),
                       ("tasks", "Task")):
        for name in lexicon[key]:
            known_cased[name] = etype
    known = {name.lower(): etype for name, etype in known_cased.items()}
    # a name with capitals or digits is often written without its hyphens ("CIFAR10", "ResNet50"): typed alike
    for name, etype in known_cased.items():
        if "-" in name and (name != name.lower() or any(ch.isdigit() for ch in name)):
            known.setdefault(name.replace("-", "").lower(), etype)
    type_heads = {lemma: etype for etype, lemmas in heads["type_heads"].items() for lemma in lemmas}
    families = sorted(lexicon["model_families"], key=lambda f: (-len(f), f))
    return Rules(
        model_families=tuple(families),
        known=known,
        known_cased=known_cased,
        generic_model_classes=_lower_set(lexicon["generic_model_classes"]),
        not_names=_lower_set(lexicon["not_names"] + lexicon["eponyms"]),
        eponyms=_lower_set(lexicon["eponyms"]),
        languages=_lower_set(lexicon["languages"]),
        names_never_alone=_lower_set(lexicon["places"] + lexicon["organisations"] + lexicon["diseases"]
                                     + lexicon["organisation_words"]),
        organisation_words=_lower_set(lexicon["organisation_words"]),
        venues=_lower_set(lexicon["venues"]),
        modalities=_lower_set(lexicon["modalities"]),
        type_heads=type_heads,
        stop_modifiers=_lower_set(heads["stop_modifiers"]),
        stop_modifier_phrases=_lower_set(heads["stop_modifier_phrases"]["phrases"]),
        metric_prefixes_dropped=_lower_set(heads["metric_prefixes_dropped"]),
        technique_heads=_lower_set(heads["technique_heads"]["heads"]),
        technique_amount_words=_lower_set(heads["technique_heads"]["amount_words"]),
        kind_nouns={noun: etype for etype, nouns in _entries(heads["kind_nouns"]).items() for noun in nouns},
        narrowed_metric_heads=_lower_set(heads["narrowed_metric_heads"]["heads"]),
        narrowing_adjectives=_lower_set(heads["narrowed_metric_heads"]["adjectives"]),
        propose_verbs=_lower_set(heads["propose_verbs"]),
        provide_verbs=_lower_set(heads["provide_verbs"]["verbs"]),
        not_contributions=_lower_set(heads["not_contributions"]),
        container_nouns=_lower_set(heads["container_nouns"]["nouns"]),
        plural_outputs=_lower_set(heads["plural_outputs"]["heads"]),
        title_praise_words=_lower_set(heads["title_praise_words"]["words"]),
        proposer_subjects=_lower_set(heads["proposer_subjects"]),
        naming_words=_lower_set(heads["naming_words"]),
        outperform_verbs=_lower_set(heads["outperform_verbs"]),
        compare_words=_lower_set(heads["compare_words"]),
        compare_prepositions=_lower_set(heads["compare_prepositions"]),
        relative_words=_lower_set(heads["relative_words"]),
        evaluation_cues=_lower_set(heads["evaluation_cues"]),
        dataset_prepositions=_lower_set(heads["dataset_prepositions"]),
        list_member_types=_entries(heads["list_member_types"]),
        measure_phrases=_by_preposition(heads["measure_phrases"]),
        study_verbs=_lower_set(heads["study_verbs"]),
        problem_words=_lower_set(heads["problem_words"]),
        basis_words=_by_preposition(heads["basis_words"]),
        self_references=_lower_set(heads["self_references"]),
        generic_phrases=_lower_set(heads["generic_phrases"]),
        central_class_phrases=_lower_set(heads["central_model_classes"]["phrases"]),
        central_class_modifiers=_lower_set(heads["central_model_classes"]["modifiers"]),
        central_class_short_forms={form: phrase.lower() for phrase, forms
                                   in heads["central_model_classes"]["short_forms"].items() for form in forms},
        title_function_words=_lower_set(heads["title_function_words"]),
        title_contrast_words=_lower_set(heads["title_contrast_words"]["words"]),
        task_gerunds=_lower_set(heads["task_gerunds"]["words"]),
        study_gerunds=_lower_set(heads["study_gerunds"]["words"]),
        title_purpose_verbs=_lower_set(heads["title_purpose_verbs"]["words"]),
        activity_heads=_lower_set(heads["activity_heads"]),
        eponym_heads=_lower_set(heads["eponym_heads"]),
        comparative_measures=_entries(heads["comparative_measures"]),
        judging_adverbs=_lower_set(heads["judging_adverbs"]["words"]),
        object_gerunds=_lower_set(heads["object_gerunds"]["words"]),
        attention_verbs=_lower_set(heads["attention_verbs"]["words"]),
        handing_on_nouns=_lower_set(heads["handing_on_nouns"]["words"]),
        activity_nouns=_lower_set(heads["activity_nouns"]["words"]),
        achieved_nouns=_lower_set(heads["achieved_nouns"]["words"]),
        split_words=_lower_set(heads["split_words"]["words"]),
    )
