"""Stored hands <-> the rule engine's hand records and game logs.

The database keeps the facts of a hand in ``Hand`` (result, riichi, tenpai, dead, nagashi,
abortive reason, chombo offender, comment) and its rows (``Win``, ``Penalty``,
``Incident``); this module turns them into ``RiichiHand``/``AmericanHand`` and back, and a
stored game into a ``GameLog``, without losing any fact the game-log format can carry.
Only reads here: writing is ``scoring.records.services``.
"""

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.db.models import Prefetch, QuerySet

from scoring.models import Game, Hand, Incident, Penalty, Ruleset, Seat, Win
from scoring.rules import (
    AmericanHand,
    DeadHandChallenge,
    GameLog,
    MahjongInError,
    RiichiHand,
    RuleSet,
    to_document,
)
from scoring.rules import Penalty as PenaltyFact
from scoring.rules import Win as WinFact
from scoring.rules.gamelog import tiles_text
from scoring.rules.vocabulary import AmericanResult

AMERICAN_RESULTS = tuple(AmericanResult)


# ---- database rows -> engine facts -------------------------------------------------------


def _seats(values: Iterable[int] | None) -> tuple[int, ...]:
    return tuple(values or ())


def penalty_fact(row: Penalty) -> PenaltyFact:
    return PenaltyFact(row.player, row.points, row.to, row.reason)


def incident_fact(row: Incident) -> DeadHandChallenge | MahjongInError:
    if row.kind == Incident.DEAD_HAND_CHALLENGE:
        return DeadHandChallenge(row.challenger, row.challenged, row.upheld)
    return MahjongInError(row.caller, row.value, _seats(row.thrown_in), row.wall_broken_by)


def hand_facts(hand: Hand) -> RiichiHand | AmericanHand:
    """The engine's record of a stored hand (prefetch wins, penalties and incidents)."""
    return facts_from_rows(hand, wins=hand.wins.all(), penalties=hand.penalties.all(), incidents=hand.incidents.all())


def facts_from_rows(
    hand: Hand, *, wins: Iterable[Win], penalties: Iterable[Penalty], incidents: Iterable[Incident]
) -> RiichiHand | AmericanHand:
    """The engine's record of a hand from its row and its fact rows: stored ones, or the
    unsaved rows of an edit (the hand admin)."""
    penalty_facts = tuple(penalty_fact(p) for p in penalties)
    wins = list(wins)
    if hand.result in AMERICAN_RESULTS:
        win = wins[0] if wins else None
        return AmericanHand(
            hand.result,
            winner=win.winner if win else None,
            discarder=win.discarder if win else None,
            value=win.value if win else 0,
            jokerless=win.jokerless if win else False,
            misnamed_discard=win.misnamed_discard if win else False,
            incidents=tuple(incident_fact(i) for i in incidents),
            penalties=penalty_facts,
        )
    return RiichiHand(
        hand.result,
        wins=tuple(
            WinFact(w.winner, w.discarder, w.han, w.fu, w.yakuman, w.liable, tiles_text(w.tiles) if w.tiles else "")
            for w in wins
        ),
        riichi=_seats(hand.riichi),
        tenpai=_seats(hand.tenpai),
        dead=_seats(hand.dead),
        nagashi=_seats(hand.nagashi),
        reason=hand.reason,
        offender=hand.offender,
        penalties=penalty_facts,
    )


def hands_with_facts(game: Game) -> QuerySet[Hand]:
    """The game's hands in order, with every fact row prefetched (4 queries whatever the length)."""
    return (
        Hand.objects.filter(game=game)
        .order_by("number")
        .prefetch_related(
            Prefetch("wins", queryset=Win.objects.order_by("id")),
            Prefetch("penalties", queryset=Penalty.objects.order_by("id")),
            Prefetch("incidents", queryset=Incident.objects.order_by("id")),
        )
    )


def seats_in_order(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("player").order_by("seat"))


def game_log(
    game: Game,
    *,
    hands: list[Hand] | None = None,
    seats: list[Seat] | None = None,
    facts: Sequence[RiichiHand | AmericanHand] | None = None,
    comments: Sequence[str | None] = (),
) -> GameLog:
    """The stored game as a GameLog; ``hands``/``facts``/``comments`` replace what is stored
    (an edit in progress), ``seats`` saves a query."""
    seats = seats if seats is not None else seats_in_order(game)
    if facts is None:
        hands = hands if hands is not None else list(hands_with_facts(game))
        facts = [hand_facts(h) for h in hands]
        comments = [h.comment for h in hands]
    game_penalties = Penalty.objects.filter(game=game, hand=None).order_by("id")
    return GameLog(
        rules=game.rules,
        players=tuple(s.player.name for s in seats),
        hands=tuple(facts),
        tournament=game.tournament,
        penalties=tuple(penalty_fact(p) for p in game_penalties),
        finished=game.finished_by_scorer,
        date=game.date.isoformat() if game.date else None,
        start=game.start.isoformat() if game.start else None,
        session=game.session.name if game.session is not None else None,
        comment=game.comment or None,
        hand_comments=tuple(c or None for c in comments),
        source=game.source or None,
    )


def game_document(game: Game) -> dict[str, Any]:
    """The game-log document of a stored game (export, admin download)."""
    return to_document(game_log(game))


def fingerprint(log: GameLog) -> str:
    """SHA-256 of a game log's facts in canonical form: the same game however the file is
    spelled (key order, spacing, rule knobs equal to the preset's)."""
    canonical = json.dumps(
        {"ruleset_slug": log.rules.slug, **to_document(log)}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def export_filename(game: Game) -> str:
    """``2026-11-29-game-17.json``: sorts by date, unique by id."""
    day = game.date.isoformat() if game.date else "undated"
    return f"{day}-game-{game.pk}.json"


def hand_document(
    rules: RuleSet, players: Sequence[str], facts: RiichiHand | AmericanHand, comment: str = ""
) -> dict[str, Any]:
    """One hand in the game-log format, players by name (audit entries)."""
    log = GameLog(rules=rules, players=tuple(players), hands=(facts,), hand_comments=(comment or None,))
    return cast(dict[str, Any], to_document(log)["hands"][0])  # a document's hand is a JSON object


def resolve_ruleset(slug: str) -> RuleSet | None:
    """For ``parse_game``: a ruleset stored in the site, by slug."""
    row = Ruleset.objects.filter(slug=slug).first()
    return row.to_rules() if row else None


# ---- engine facts -> unsaved database rows ------------------------------------------------


@dataclass
class FactRows:
    """A hand's fact columns and its unsaved fact rows (hand/game filled in when saving)."""

    columns: dict[str, Any]
    wins: list[Win] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    incidents: list[Incident] = field(default_factory=list)


def penalty_row(fact: PenaltyFact, **where: Any) -> Penalty:
    return Penalty(player=fact.player, points=fact.points, to=fact.to, reason=fact.reason, **where)


def fact_rows(facts: RiichiHand | AmericanHand) -> FactRows:
    penalties = [penalty_row(p) for p in facts.penalties]
    if isinstance(facts, AmericanHand):
        wins: list[Win] = []
        if facts.winner is not None:
            wins.append(
                Win(
                    winner=facts.winner,
                    discarder=facts.discarder,
                    value=facts.value,
                    jokerless=facts.jokerless,
                    misnamed_discard=facts.misnamed_discard,
                )
            )
        incidents = [_incident_row(i) for i in facts.incidents]
        columns: dict[str, Any] = {
            "result": facts.result,
            "riichi": [],
            "tenpai": [],
            "dead": [],
            "nagashi": [],
            "reason": "",
            "offender": None,
        }
        return FactRows(columns, wins, penalties, incidents)
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
    columns = {
        "result": facts.result,
        "riichi": list(facts.riichi),
        "tenpai": list(facts.tenpai),
        "dead": list(facts.dead),
        "nagashi": list(facts.nagashi),
        "reason": facts.reason,
        "offender": facts.offender,
    }
    return FactRows(columns, wins, penalties)


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
