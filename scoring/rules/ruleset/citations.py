"""Where a rule comes from, as a message or the rules page quotes it: a preset's knob by its
source, a topic by the preset's clause or, where the rulebook numbers none, by its subject."""

from ..errors import Citation, gettext_noop
from .block import CLUB_RULE
from .codec import RuleSet
from .presets import BOOKS, CLAUSES, PRESETS, SOURCES

CLUBS_CHOICE = gettext_noop("the club's own ruleset")
LAST_HAND_AT_GONG = gettext_noop(
    "the club's rule, decided where the rulebook is silent: the hand in progress at the gong is the last"
)


def source_of(preset: str, knob: str) -> str:
    """Where a preset's knob comes from, for the rules page (in English; the rulebook
    translates it)."""
    table = SOURCES.get(preset, {})
    if knob == "time_up" and knob not in table:
        return LAST_HAND_AT_GONG
    return table.get(knob) or table.get("*", CLUB_RULE)


def knob_clause(rules: RuleSet, knob: str) -> Citation:
    """The source of one of ``rules``' knobs, quoted in a message: the preset's (a club's copy
    quotes the preset it derives from, unless it changed that knob)."""
    preset = PRESETS.get(rules.preset)
    changed = preset is not None and getattr(preset, knob) != getattr(rules, knob)
    return Citation("", CLUBS_CHOICE if changed else source_of(rules.preset, knob), numbered=False)


# The subject of each topic a message may quote, for a rulebook that numbers no clause for it.
TOPICS: dict[str, str] = {
    "chombo": gettext_noop("chombo"),
    "noten_riichi": gettext_noop("riichi at an exhaustive draw"),
    "dead_hand": gettext_noop("dead hand"),
    "win": gettext_noop("paying a win"),
    "counters": gettext_noop("counters"),
    "dealer": gettext_noop("the deal"),
    "game_end": gettext_noop("the end of the game"),
    "liability": gettext_noop("liability (pao)"),
    "riichi": gettext_noop("riichi sticks"),
    "uma": gettext_noop("uma"),
    "abortive": gettext_noop("abortive draws"),
    "han_fu": gettext_noop("han and fu"),
    "multi_ron": gettext_noop("multiple ron"),
    "min_han": gettext_noop("the least han with five counters"),
    "penalty": gettext_noop("penalties"),
    "mistaken_call": gettext_noop("mistaken call"),
    "kan_pao": gettext_noop("kan pao"),
    "nagashi": gettext_noop("nagashi mangan"),
    "dora": gettext_noop("dora indicators"),
    "american": gettext_noop("paying a mahjong"),
    "dead_hand_challenge": gettext_noop("dead-hand challenge"),
    "misnamed_discard": gettext_noop("misnamed discard"),
    "mahjong_in_error": gettext_noop("mahjong in error"),
    "tournament_points": gettext_noop("tournament points"),
    "exposures": gettext_noop("the discarder's exposures"),
    "false_mahjong": gettext_noop("false mahjong"),
    "minimum": gettext_noop("the 8-point minimum"),
    "table_points": gettext_noop("table points"),
}


def clause(rules: RuleSet, topic: str) -> Citation:
    """The rule a message quotes: the preset's rulebook and its clause, or the rulebook and the
    subject where its text numbers none (a club's copy quotes the preset it derives from)."""
    own = CLAUSES.get(rules.preset, {}).get(topic)
    book = BOOKS.get(rules.preset, rules.name)
    return Citation(book, own or TOPICS[topic], numbered=bool(own))
