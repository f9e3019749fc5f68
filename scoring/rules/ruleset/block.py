"""A preset as one block: its knobs, the rulebook it follows, where each knob comes from, the
clauses its messages quote and its summary. A new preset is one module in ``presets/``
holding one ``Preset``, and its place in ``presets.BLOCKS``."""

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import gettext_noop
from ..vocabulary import Extension, MultiRonSticks, NagashiMode, PaoHand, Renhou, ResultRounding, UmaTies
from .codec import ABORTIVE_REASONS, RIICHI, RuleSet

CLUB_RULE = gettext_noop("the club's rule: decided where the rulebook is silent")
# knob values several presets share
ALL_ABORTIVE = ABORTIVE_REASONS
BIG_AND_KONGS = (PaoHand.BIG_DRAGONS, PaoHand.BIG_WINDS, PaoHand.FOUR_KONGS)


@dataclass(frozen=True)
class Preset:
    """One preset and what is said about it (every text in English, translated where read)."""

    rules: RuleSet
    # the rulebook, as the club names it
    book: str
    # one sentence for the rules page and the start form
    summary: str
    # where each knob comes from, for the rules page: the rulebook and its clause, or the club's
    # rule where the rulebook is silent; knobs not named: the "*" entry
    sources: dict[str, str]
    # the clauses quoted in error messages, by topic; a topic the rulebook's text does not number
    # is quoted by its subject (``citations.TOPICS``) after the rulebook's name
    clauses: dict[str, str] = field(default_factory=dict)
    # the tournament regulations the preset is played under beside its rulebook, as the club
    # names them (a knob's source may cite them instead of the rulebook); "" for none
    regulations: str = ""
    # the online lobby whose rules these are ("Tenhou", "Mahjong Soul"): a game of it imported
    # under the preset ends with the results the lobby gave; "" for a table's rulebook
    lobby: str = ""


def online_lobby(slug: str, name: str, **knobs: Any) -> RuleSet:
    """A four-player ranked rule of the online lobbies (Tenhou rules, Mahjong Soul rules): what
    they share, and ``knobs`` of its own."""
    shared = RuleSet(
        slug,
        name,
        RIICHI,
        uma_ties=UmaTies.SEAT_ORDER,
        kazoe=True,
        max_yakuman=6,
        multi_ron_sticks=MultiRonSticks.FIRST,
        abortive_draws=ALL_ABORTIVE,
        nagashi=True,
        nagashi_mode=NagashiMode.MANGAN_AT_DRAW,
        bust=True,
        red_fives=True,
        renhou=Renhou.NONE,
        finish_points=30000,
        extension=Extension.NEXT_WIND,
    )
    return replace(shared, **knobs)


def in_thousands(preset: Preset, slug: str, name: str, summary: str, source: str) -> Preset:
    """``preset`` with each player's points from the return in whole thousands (``result_rounding``
    ``thousands``), as a lobby's older logs give its results; ``source`` says which logs."""
    return Preset(
        replace(preset.rules, slug=slug, name=name, result_rounding=ResultRounding.THOUSANDS),
        book=preset.book,
        summary=summary,
        sources={**preset.sources, "result_rounding": source},
        lobby=preset.lobby,
    )
