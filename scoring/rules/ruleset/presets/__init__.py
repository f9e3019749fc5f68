"""The club's presets, one module each, in the order the site offers them; the tables the
engine and the rules page read are built from those blocks."""

from ...errors import RuleError
from ..block import Preset
from ..codec import RuleSet
from . import (
    american,
    american_tournament,
    ema_2008,
    ema_2016,
    ema_2025,
    jpml_a,
    mahjong_soul,
    mahjong_soul_tournament,
    mcr,
    mleague,
    reach,
    sanma_club,
    tenhou,
    tenhou_sanma,
    tenhou_sanma_thousands,
    tenhou_thousands,
    wrc,
)

BLOCKS: tuple[Preset, ...] = tuple(
    module.PRESET
    for module in (
        ema_2025,
        ema_2016,
        ema_2008,
        wrc,
        reach,
        mleague,
        jpml_a,
        tenhou,
        tenhou_thousands,
        mahjong_soul,
        mahjong_soul_tournament,
        tenhou_sanma,
        tenhou_sanma_thousands,
        sanma_club,
        mcr,
        american,
        american_tournament,
    )
)

PRESETS: dict[str, RuleSet] = {block.rules.slug: block.rules for block in BLOCKS}
# the presets of an online lobby's rules (slug -> the lobby): imported under one, a game must end
# with the results the lobby gave
LOBBIES: dict[str, str] = {block.rules.slug: block.lobby for block in BLOCKS if block.lobby}
# The preset a new club is offered first: the EMA's rulebook in force.
NEWEST_PRESET = "ema-2025"

# The rulebook of each preset, as the club names it.
BOOKS: dict[str, str] = {block.rules.slug: block.book for block in BLOCKS}
# The tournament regulations a preset is played under beside its rulebook (``Preset.regulations``).
REGULATIONS: dict[str, str] = {block.rules.slug: block.regulations for block in BLOCKS if block.regulations}
# Where each knob of a preset comes from (``Preset.sources``).
SOURCES: dict[str, dict[str, str]] = {block.rules.slug: block.sources for block in BLOCKS}
# The clauses quoted in error messages, by preset and topic (``Preset.clauses``).
CLAUSES: dict[str, dict[str, str]] = {block.rules.slug: block.clauses for block in BLOCKS if block.clauses}
# One sentence on each preset, in English (the rules page translates it).
SUMMARIES: dict[str, str] = {block.rules.slug: block.summary for block in BLOCKS}


def get_preset(slug: str) -> RuleSet:
    try:
        return PRESETS[slug]
    except KeyError:
        raise RuleError(f"unknown ruleset {slug!r}; the presets are {', '.join(PRESETS)}") from None
