"""Riichi hands in the records (part: records): a hand's fact columns and rows from its facts
and back (``records.gamelogs`` asks for them), what a seat did in a hand (the flags the boards
count), and which of the hand's facts the admin edits."""

import json
from collections.abc import Iterable
from typing import Any

from scoring.models import Hand, Incident, Win
from scoring.records.gamelogs import FactRows, penalty_row, seats_of
from scoring.rules import Penalty as PenaltyFact
from scoring.rules import RiichiHand
from scoring.rules import Win as WinFact
from scoring.rules.gamelog import tiles_text
from scoring.rules.vocabulary import RiichiResult

ADMIN_FIELDS = ("result", "riichi", "tenpai", "dead", "nagashi", "reason", "offender", "comment")
ADMIN_WIN_FIELDS = ("winner", "discarder", "han", "fu", "yakuman", "liable", "tiles")
ADMIN_INCIDENTS = False  # a riichi hand has no incidents beside its result (a chombo is one)


def facts_from_rows(
    hand: Hand, *, wins: Iterable[Win], penalties: tuple[PenaltyFact, ...], incidents: Iterable[Incident]
) -> RiichiHand:
    """The engine's record of a riichi hand from its row and its wins (it has no incidents)."""
    return RiichiHand(
        hand.result,
        wins=tuple(
            WinFact(w.winner, w.discarder, w.han, w.fu, w.yakuman, w.liable, tiles_text(w.tiles) if w.tiles else "")
            for w in wins
        ),
        riichi=seats_of(hand.riichi),
        tenpai=seats_of(hand.tenpai),
        dead=seats_of(hand.dead),
        nagashi=seats_of(hand.nagashi),
        reason=hand.reason,
        offender=hand.offender,
        penalties=penalties,
    )


def fact_rows(facts: RiichiHand) -> FactRows:
    """The hand's fact columns and its unsaved win and penalty rows."""
    wins = [
        Win(
            winner=w.winner,
            discarder=w.discarder,
            han=w.han,
            fu=w.fu,
            yakuman=w.yakuman,
            liable=w.liable,
            tiles=json.loads(w.tiles) if w.tiles else None,
        )
        for w in facts.wins
    ]
    columns: dict[str, Any] = {
        "result": facts.result,
        "riichi": list(facts.riichi),
        "tenpai": list(facts.tenpai),
        "dead": list(facts.dead),
        "nagashi": list(facts.nagashi),
        "reason": facts.reason,
        "offender": facts.offender,
    }
    return FactRows(columns, wins, [penalty_row(p) for p in facts.penalties])


def winners_and_discarders(facts: RiichiHand) -> tuple[dict[int, bool], set[int]]:
    """Each winner (self-drawn or not) and the players who dealt in."""
    if facts.result != RiichiResult.WIN:
        return {}, set()
    return {w.winner: w.discarder is None for w in facts.wins}, {
        w.discarder for w in facts.wins if w.discarder is not None
    }


def seat_flags(facts: RiichiHand, player: int) -> tuple[bool, bool, bool]:
    """Whether ``player`` declared riichi, was tenpai at the draw, and was the chombo's offender."""
    return (
        player in facts.riichi,
        facts.result == RiichiResult.DRAW and player in facts.tenpai,
        facts.result == RiichiResult.CHOMBO and player == facts.offender,
    )
