"""What every write to a game shares: the game's lock, the audit entry, its status, and storing
the fact rows and the derived numbers (a replay of the stored facts included)."""

from collections.abc import Iterable, Sequence
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import AuditEntry, Game, Hand, HandSeat, Incident, Penalty, Player, Seat, Win
from scoring.records import derived, ratings
from scoring.records.gamelogs import FactRows, game_log, hands_with_facts, seats_in_order
from scoring.rules import GameLog, Replay, RuleSet, Standing, TableState, over_after_gong, replay

from .errors import ServiceError
from .follows import followed

# what record_hand and a replay store on each seat: standings, counts and the game's status
SEAT_FIELDS = (*derived.SEAT_STANDING_FIELDS, *derived.SEAT_COUNT_FIELDS, "finished")
# who asks for a write: the request's user (anonymous when nobody signed in), or None (a command)
Actor = User | AnonymousUser | None


def _locked(game: Game) -> Game:
    """The game row, locked until the transaction ends (PostgreSQL; SQLite's IMMEDIATE
    transactions already let one writer in at a time), holding ``game``'s parsed rules if they
    still hold (``Game.keep_rules_of``)."""
    row = Game.objects.select_for_update(of=("self",)).select_related("ruleset", "session").get(pk=game.pk)
    return row.keep_rules_of(game)


def _require_open(game: Game) -> None:
    if game.status == Game.ABANDONED:
        raise ServiceError(_("This game was abandoned; nothing more can be recorded in it."))
    if game.status == Game.FINISHED:
        raise ServiceError(_("This game is over; undo its last hand first to change it."))


def _audit(
    *,
    game: Game | None,
    user: Actor,
    action: str,
    hand_number: int | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    AuditEntry.objects.create(
        game=game,
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        hand_number=hand_number,
        before=before,
        after=after,
    )


def _names(seats: Iterable[Seat]) -> tuple[str, ...]:
    return tuple(seat.player.name for seat in seats)


def _status(game: Game, ended: bool) -> str:
    if game.status == Game.ABANDONED:
        return Game.ABANDONED
    return Game.FINISHED if ended else Game.IN_PROGRESS


def _new_seats(game: Game, players: Sequence[Player]) -> list[Seat]:
    """The unsaved seats of a new game, in seat order, each with the game's family and length."""
    copies = derived.seat_copies(game.rules, finished=False)
    return [Seat(game=game, player=player, seat=index, **copies) for index, player in enumerate(players)]


def _set_status(game: Game, seats: Iterable[Seat], status: str) -> None:
    """The game's status and its copy on the (loaded) seats, ``Seat.finished``; the caller
    saves both. The boards read the copy."""
    game.status = status
    for seat in seats:
        seat.finished = status == Game.FINISHED


def _save_status(game: Game, status: str) -> None:
    """Save a new status of a game whose seats are not loaded (and their copies of it)."""
    game.status = status
    game.save(update_fields=("status",))
    Seat.objects.filter(game=game).update(finished=status == Game.FINISHED)


def _save_fact_rows(rows_by_hand: list[tuple[Hand, FactRows]], game: Game) -> None:
    """Bulk-create the wins, penalties and incidents of saved hands (3 queries at most)."""
    wins: list[Win] = []
    penalties: list[Penalty] = []
    incidents: list[Incident] = []
    for hand, rows in rows_by_hand:
        for win in rows.wins:
            win.hand = hand
            wins.append(win)
        for penalty in rows.penalties:
            penalty.hand, penalty.game = hand, game
            penalties.append(penalty)
        for incident in rows.incidents:
            incident.hand = hand
            incidents.append(incident)
    derived.set_yaku(((hand, rows.wins) for hand, rows in rows_by_hand), game.rules)
    if wins:
        Win.objects.bulk_create(wins)
    if penalties:
        Penalty.objects.bulk_create(penalties)
    if incidents:
        Incident.objects.bulk_create(incidents)


def _set_standings(seats: Sequence[Seat], table: TableState, lines: tuple[Standing, ...]) -> None:
    for seat, values in zip(seats, derived.standing_values(table, lines), strict=True):
        for name, value in values.items():
            setattr(seat, name, value)


def _save_seats(seats: Iterable[Seat], fields: Sequence[str]) -> None:
    """One small UPDATE a seat: cheaper than one bulk_update's CASE over every field."""
    for seat in seats:
        seat.save(update_fields=fields)


def _hand_seat_rows(hand: Hand, seats: Sequence[Seat], values: list[dict[str, Any]]) -> list[HandSeat]:
    return [HandSeat(hand=hand, seat=seat, **row) for seat, row in zip(seats, values, strict=True)]


def _over_after_gong(game: Game, rules: RuleSet) -> bool:
    """Whether the round's gong has ended the game with the hand just saved (the engine's
    ``time_up`` policy over the hands recorded since the gong)."""
    if game.gong_at is None or timezone.now() < game.gong_at:
        return False
    results = game.hands_after_gong().order_by("number")
    return over_after_gong(rules, tuple(results.values_list("result", flat=True)))


def _game_facts(game: Game, players: Iterable[Player]) -> dict[str, Any]:
    return {
        "ruleset": game.ruleset.slug,
        "players": [p.name for p in players],
        "tournament": game.tournament,
        "session": game.session.name if game.session is not None else None,
        "date": game.date.isoformat() if game.date else None,
        "start": game.start.isoformat() if game.start else None,
        "comment": game.comment,
        "finished": game.finished_by_scorer,
        "status": game.status,
    }


def _rederive(
    game: Game, seats: Sequence[Seat], hands: list[Hand], log: GameLog, *, start: int = 1, played: Replay | None = None
) -> None:
    """Replay ``log`` (the game's facts, one per hand of ``hands``, numbered 1…; ``played``: the
    caller's replay of it) and store every derived number from hand ``start`` on, the seats'
    standings and counts and the game's table state. RuleError "hand N: …" if a hand is
    impossible; nothing is stored then because the caller's transaction rolls back."""
    played = replay(log) if played is None else played
    rules = log.rules
    counts = [derived.zero_counts() for _seat in seats]
    new_rows: list[HandSeat] = []
    steps = zip(hands, log.hands, played.tables, played.settlements, strict=True)
    for index, (hand, facts, before, settlement) in enumerate(steps):
        values = derived.hand_seat_values(rules, facts, before, settlement)
        for seat_counts, row in zip(counts, values, strict=True):
            derived.add_counts(seat_counts, row)
        if index + 1 >= start:
            for name, value in derived.hand_values(rules, before, settlement).items():
                setattr(hand, name, value)
            new_rows += _hand_seat_rows(hand, seats, values)
    rewritten = hands[start - 1 :]
    # a game being imported (django-stubs types a row's pk as int: an unsaved row's is None)
    if rewritten and cast(int | None, rewritten[0].pk) is None:
        Hand.objects.bulk_create(rewritten)
    elif rewritten:
        HandSeat.objects.filter(hand__in=rewritten).delete()
        Hand.objects.bulk_update(rewritten, derived.HAND_FIELDS)
        Win.objects.bulk_update(derived.set_yaku(((h, h.wins.all()) for h in rewritten), rules), ["yaku"])
    HandSeat.objects.bulk_create(new_rows)
    for seat, seat_counts in zip(seats, counts, strict=True):
        for name, value in seat_counts.items():
            setattr(seat, name, value)
    _set_standings(seats, played.table, played.standings)
    _set_status(game, seats, _status(game, played.table.finished))
    _save_seats(seats, SEAT_FIELDS)
    for name, value in derived.game_values(played.table).items():
        setattr(game, name, value)
    game.save()
    ratings.game_changed(game)  # rates it, or re-rates from it on, if it counts or counted
    followed(game)  # what a closed league stage holding it carried


def _stored(game: Game) -> tuple[list[Seat], list[Hand], GameLog]:
    """The game's seats, hands (with facts) and log, as stored."""
    seats = seats_in_order(game)
    hands = list(hands_with_facts(game))
    return seats, hands, game_log(game, hands=hands, seats=seats)
