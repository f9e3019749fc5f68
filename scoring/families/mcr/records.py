"""MCR hands in the records (part: records): a hand's fact columns and rows from its facts and
back (``records.gamelogs`` asks for them), what a seat did in a hand (the flags the boards
count), and which of the hand's facts the admin edits."""

import json
from collections.abc import Iterable
from typing import Any, cast

from scoring.models import Hand, Incident, Win
from scoring.records.gamelogs import FactRows, penalty_row
from scoring.rules import FalseMahjong, MCRHand, MCRWin
from scoring.rules import Penalty as PenaltyFact
from scoring.rules.gamelog import tiles_text

ADMIN_FIELDS = ("result", "comment")
ADMIN_WIN_FIELDS = ("winner", "discarder", "fan", "flowers", "fans", "tiles")
ADMIN_INCIDENTS = True  # false mahjongs, a row each
# the columns of a riichi hand that an MCR hand leaves empty
EMPTY_COLUMNS: dict[str, Any] = {"riichi": [], "tenpai": [], "dead": [], "nagashi": [], "reason": "", "offender": None}


def facts_from_rows(
    hand: Hand, *, wins: Iterable[Win], penalties: tuple[PenaltyFact, ...], incidents: Iterable[Incident]
) -> MCRHand:
    """The engine's record of an MCR hand from its row, its win and its false mahjongs."""
    win = next(iter(wins), None)
    facts = None
    if win is not None:
        tiles = tiles_text(win.tiles) if win.tiles else ""
        facts = MCRWin(win.winner, win.discarder, win.fan, win.flowers, tuple(win.fans or ()), tiles)
    # a false mahjong's row has its caller
    return MCRHand(hand.result, facts, tuple(FalseMahjong(cast(int, i.caller)) for i in incidents), penalties)


def fact_rows(facts: MCRHand) -> FactRows:
    """The hand's fact columns and its unsaved win, penalty and incident rows."""
    wins: list[Win] = []
    if facts.win is not None:
        win = facts.win
        wins.append(
            Win(
                winner=win.winner,
                discarder=win.discarder,
                fan=win.fan,
                flowers=win.flowers,
                fans=list(win.fans),
                tiles=json.loads(win.tiles) if win.tiles else None,
            )
        )
    penalties = [penalty_row(p) for p in facts.penalties]
    incidents = [Incident(kind=Incident.FALSE_MAHJONG, caller=i.caller) for i in facts.incidents]
    return FactRows({"result": facts.result, **EMPTY_COLUMNS}, wins, penalties, incidents)


def winners_and_discarders(facts: MCRHand) -> tuple[dict[int, bool], set[int]]:
    """The winner (self-drawn or not) and the discarder who fed the win."""
    if facts.win is None:
        return {}, set()
    return {facts.win.winner: facts.win.discarder is None}, (
        {facts.win.discarder} if facts.win.discarder is not None else set()
    )


def seat_flags(facts: MCRHand, player: int) -> tuple[bool, bool, bool]:
    """MCR hands have no riichi, tenpai or chombo."""
    return False, False, False
