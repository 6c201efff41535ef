"""The words that open a phrase but no name: articles, numbers, verbs, evaluative adjectives ("the complex travel
planning", "a large-scale benchmark"). Shared by every finder that cuts a name out of a noun chunk or a verb's
object (the mention finder, its method phrases and author objects, the central-phrase component), so that all
of them cut the same words.
"""

from __future__ import annotations

from spacy.tokens import Token

from .names import ACTIVITY_ENDINGS, in_word_hyphen
from .rules import Rules

#: Parts of speech a name never opens with: a noun chunk loses them at its start ("the", "%", "/", "using").
NO_NAME_OPENERS = frozenset({"DET", "NUM", "PRON", "PUNCT", "SYM", "ADV", "SCONJ", "ADP", "AUX", "VERB", "PART",
                             "CCONJ"})


def strip_modifiers(tokens: list, etype: str, rules: Rules, openers: frozenset[str] = NO_NAME_OPENERS) -> list:
    """Drop leading determiners, numbers, verbs and evaluative adjectives ("the complex travel planning"); a
    hyphenated word goes whole when it is evaluative ("large-scale", "fine-grained"; written apart too: "large
    scale") and stays whole otherwise ("few-shot KG completion", "two-stage detection", "24-hour imaging"). `etype`
    is the type the phrase is read as ("" when unknown): a metric keeps a method's activity ("sampling speed") and
    loses `metric_prefixes_dropped`. `openers` are the parts of speech cut: a caller reading phrases rather than names
    keeps participles and adverbs ("distributed training", "fully connected networks")."""
    tokens = list(tokens)
    while tokens:
        if len(tokens) > 2 and (tokens[0].is_alpha or (tokens[0].text.isdigit() and tokens[2].is_alpha)) \
                and in_word_hyphen(tokens[1]):  # "24-hour" too, a number opening the word
            word_end = 3  # the hyphenated word's parts, as many as there are: "state-of-the-art"
            while word_end + 1 < len(tokens) and in_word_hyphen(tokens[word_end]):
                word_end += 2
            if "".join(t.text for t in tokens[:word_end]).lower() not in rules.stop_modifiers:
                break
            del tokens[:word_end]
        elif len(tokens) > 2 and stop_modifier_apart(tokens[0], tokens[1], rules):
            del tokens[:2]
        elif (is_stop_modifier(tokens[0], rules) or tokens[0].text == "%"
              or (tokens[0].pos_ in openers and not _activity_of_a_measure(tokens, etype, rules))
              or ends_praise_of_the_art(tokens[0])
              or (etype == "Metric" and tokens[0].lower_ in rules.metric_prefixes_dropped)):
            tokens.pop(0)
        else:
            break
    return tokens


def is_stop_modifier(token: Token, rules: Rules) -> bool:
    """`Rules.is_stop_modifier` of a token and the word after it."""
    return rules.is_stop_modifier(token.lower_, token.doc[token.i + 1].lower_ if token.i + 1 < len(token.doc) else "")


def stop_modifier_apart(first: Token, second: Token, rules: Rules) -> bool:
    """Two words that, hyphenated, make a stop modifier: "large scale" (for "large-scale image retrieval")."""
    return f"{first.lower_}-{second.lower_}" in rules.stop_modifiers


def ends_praise_of_the_art(token: Token) -> bool:
    """"art" of "state of the art", "state of art" or "prior art" used as a modifier ("state of the art widget
    sorting methods", "prior art performance"): praise, no part of a name, as "state-of-the-art" is."""
    doc, i = token.doc, token.i
    return token.lower_ == "art" and (doc[max(i - 3, 0) : i].text.lower() == "state of the"
                                      or doc[max(i - 2, 0) : i].text.lower() == "state of"
                                      or (i > 0 and doc[i - 1].lower_ == "prior"))


def narrowing_activity(word: Token, measure: Token, rules: Rules) -> bool:
    """A method's activity narrows a measure other than performance: "inference speed", "sampling efficiency"
    (not "learning performance", which says nothing of what is measured)."""
    return measure.lemma_.lower() != "performance" and word.lower_.endswith(ACTIVITY_ENDINGS) and \
        rules.type_heads.get(word.lower_) == "Method"


def _activity_of_a_measure(tokens: list, etype: str, rules: Rules) -> bool:
    """"sampling" of "sampling speed": a method's activity, tagged a verb, that narrows the measure after it."""
    return etype == "Metric" and len(tokens) > 1 and tokens[0].tag_ == "VBG" and \
        narrowing_activity(tokens[0], tokens[-1], rules)
