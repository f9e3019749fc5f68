"""American hands in the records (part: records): a hand's fact columns and rows from its
facts and back (``records.gamelogs`` asks for them), what a seat did in a hand (the flags the
boards count), and which of the hand's facts the admin edits."""

from collections.abc import Iterable
from typing import Any, cast

from scoring.models import Hand, Incident, Win
from scoring.records.gamelogs import FactRows, penalty_row, seats_of
from scoring.rules import AmericanHand, DeadHandChallenge, MahjongInError
from scoring.rules import Penalty as PenaltyFact
from scoring.rules.vocabulary import AmericanResult

ADMIN_FIELDS = ("result", "dead", "comment")
ADMIN_WIN_FIELDS = ("winner", "discarder", "value", "jokerless", "misnamed_discard", "exposures")
ADMIN_INCIDENTS = True  # dead-hand challenges and mahjongs in error, a row each
# the columns of a riichi hand that an American hand leaves empty (``dead``: the hands named dead)
EMPTY_COLUMNS: dict[str, Any] = {"riichi": [], "tenpai": [], "nagashi": [], "reason": "", "offender": None}


def facts_from_rows(
    hand: Hand, *, wins: Iterable[Win], penalties: tuple[PenaltyFact, ...], incidents: Iterable[Incident]
) -> AmericanHand:
    """The engine's record of an American hand from its row, its mahjong's win and its incidents."""
    win = next(iter(wins), None)
    return AmericanHand(
        hand.result,
        winner=win.winner if win else None,
        discarder=win.discarder if win else None,
        value=win.value if win else 0,
        jokerless=win.jokerless if win else False,
        misnamed_discard=win.misnamed_discard if win else False,
        incidents=tuple(_incident_fact(i) for i in incidents),
        penalties=penalties,
        exposures=win.exposures if win else None,
        dead=seats_of(hand.dead),
    )


def _incident_fact(row: Incident) -> DeadHandChallenge | MahjongInError:
    if row.kind == Incident.DEAD_HAND_CHALLENGE:
        # a challenge's row has both players, a mahjong in error's its caller
        return DeadHandChallenge(cast(int, row.challenger), cast(int, row.challenged), row.upheld)
    return MahjongInError(cast(int, row.caller), row.value, seats_of(row.thrown_in), row.wall_broken_by)


def fact_rows(facts: AmericanHand) -> FactRows:
    """The hand's fact columns and its unsaved win, penalty and incident rows."""
    wins: list[Win] = []
    if facts.winner is not None:
        wins.append(
            Win(
                winner=facts.winner,
                discarder=facts.discarder,
                value=facts.value,
                jokerless=facts.jokerless,
                misnamed_discard=facts.misnamed_discard,
                exposures=facts.exposures,
            )
        )
    penalties = [penalty_row(p) for p in facts.penalties]
    incidents = [_incident_row(i) for i in facts.incidents]
    columns = {"result": facts.result, "dead": list(facts.dead), **EMPTY_COLUMNS}
    return FactRows(columns, wins, penalties, incidents)


def _incident_row(incident: DeadHandChallenge | MahjongInError) -> Incident:
    if isinstance(incident, DeadHandChallenge):
        return Incident(
            kind=Incident.DEAD_HAND_CHALLENGE,
            challenger=incident.challenger,
            challenged=incident.challenged,
            upheld=incident.upheld,
        )
    return Incident(
        kind=Incident.MAHJONG_IN_ERROR,
        caller=incident.caller,
        value=incident.value,
        thrown_in=list(incident.thrown_in),
        wall_broken_by=incident.wall_broken_by,
    )


def winners_and_discarders(facts: AmericanHand) -> tuple[dict[int, bool], set[int]]:
    """The winner of a mahjong (self-picked or not) and its discarder."""
    if facts.result != AmericanResult.MAHJONG or facts.winner is None:
        return {}, set()
    return {facts.winner: facts.discarder is None}, ({facts.discarder} if facts.discarder is not None else set())


def seat_flags(facts: AmericanHand, player: int) -> tuple[bool, bool, bool]:
    """American hands have no riichi, tenpai or chombo."""
    return False, False, False
