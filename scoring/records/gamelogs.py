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
from typing import Any, Protocol, cast

from django.db.models import Prefetch, QuerySet

from scoring.families import OfAFamily, site_family
from scoring.models import Game, Hand, Incident, Penalty, Ruleset, Seat, Win
from scoring.rules import GameLog, HandFacts, RuleSet, to_document
from scoring.rules import Penalty as PenaltyFact
from scoring.rules.families import family_of_hand

# ---- each family's rows and facts ------------------------------------------------------------


class RecordsPiece(Protocol):
    """What a family's ``records`` piece gives (``SiteFamily.records``)."""

    @property
    def ADMIN_FIELDS(self) -> tuple[str, ...]: ...  # the hand's own facts the hand admin edits

    @property
    def ADMIN_WIN_FIELDS(self) -> tuple[str, ...]: ...  # a win row's facts there

    @property
    def ADMIN_INCIDENTS(self) -> bool: ...  # whether its hands have incident rows

    def facts_from_rows(
        self, hand: Hand, *, wins: list[Win], penalties: tuple[PenaltyFact, ...], incidents: Iterable[Incident]
    ) -> HandFacts: ...

    def fact_rows(self, facts: Any) -> "FactRows": ...

    def winners_and_discarders(self, facts: Any) -> tuple[dict[int, bool], set[int]]: ...

    def seat_flags(self, facts: Any, player: int) -> tuple[bool, bool, bool]: ...


def records_piece(of: str | OfAFamily) -> RecordsPiece:
    """The ``records`` piece of a family (its name, or a ruleset of it)."""
    piece: RecordsPiece = site_family(of, "records")
    return piece


# ---- database rows -> engine facts -------------------------------------------------------


def seats_of(values: Iterable[int] | None) -> tuple[int, ...]:
    """A stored list of seats (a JSON column) as the engine's tuple."""
    return tuple(values or ())


def penalty_fact(row: Penalty) -> PenaltyFact:
    return PenaltyFact(row.player, row.points, row.to, row.reason)


def hand_facts(hand: Hand, family: str) -> HandFacts:
    """The engine's record of a stored hand of a game of ``family`` (prefetch wins, penalties and incidents)."""
    return facts_from_rows(
        hand, family, wins=hand.wins.all(), penalties=hand.penalties.all(), incidents=hand.incidents.all()
    )


def facts_from_rows(
    hand: Hand, family: str, *, wins: Iterable[Win], penalties: Iterable[Penalty], incidents: Iterable[Incident]
) -> HandFacts:
    """The engine's record of a hand from its row and its fact rows: stored ones, or the
    unsaved rows of an edit (the hand admin). The game's family reads them (its ``records`` piece)."""
    piece = records_piece(family)
    penalty_facts = tuple(penalty_fact(p) for p in penalties)
    return piece.facts_from_rows(hand, wins=list(wins), penalties=penalty_facts, incidents=incidents)


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
    facts: Sequence[HandFacts] | None = None,
    comments: Sequence[str | None] = (),
) -> GameLog:
    """The stored game as a GameLog; ``hands``/``facts``/``comments`` replace what is stored
    (an edit in progress), ``seats`` saves a query."""
    seats = seats if seats is not None else seats_in_order(game)
    if facts is None:
        hands = hands if hands is not None else list(hands_with_facts(game))
        facts = [hand_facts(h, game.rules.family) for h in hands]
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


def hand_document(rules: RuleSet, players: Sequence[str], facts: HandFacts, comment: str = "") -> dict[str, Any]:
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


def fact_rows(facts: HandFacts) -> FactRows:
    """A hand's fact columns and its unsaved rows, as its family keeps them (its ``records`` piece)."""
    return records_piece(family_of_hand(facts).NAME).fact_rows(facts)
