"""The writes of an American round: the next game at a table, the next round by the rotation.
Keyword-only, atomic, verb-first; the event's row is locked until the end, as every draw and
start of the part (``scoring.events.services``)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.caching import versions
from scoring.models import Event, EventRound, EventTable, EventTableGame, Game, Player
from scoring.records import services as records
from scoring.records.services import ServiceError
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError
from scoring.rules.american_events import rotate


def games_played(table: EventTable) -> int:
    """How many games the table has started this round: its earlier ones and its current one."""
    return table.earlier_games.count() + (1 if table.game_id else 0)


def next_game_order(players: list[int], number: int) -> list[int]:
    """The seat order of the round's game ``number`` (from 1): the deal passes to the right
    each game (South of the game before is East), so in four games everyone is East once."""
    shift = (number - 1) % len(players)
    return players[shift:] + players[:shift]


@transaction.atomic
def start_next_game(*, table: EventTable, user=None) -> Game:
    """The table's next game of its round, once its current one has finished: the same players,
    the deal passed to the right (``next_game_order``), the round's gong. Refused after the
    round's time is up, and once the table has played the event's games per round."""
    Event.objects.select_for_update().get(pk=table.round.event_id)
    table = EventTable.objects.select_related("round__event__ruleset", "round__event__session", "game").get(pk=table.pk)
    round_, event = table.round, table.round.event
    if table.game is None:
        raise ServiceError(_("This round has not started yet."))
    if table.game.status == Game.IN_PROGRESS:
        raise ServiceError(_("This table's game is still being played; the next starts when it has finished."))
    played = games_played(table)
    if played >= event.round_games:
        raise ServiceError(
            _("Table %(table)s has played the round's %(count)s games.") % {"table": table.number, "count": played}
        )
    if round_.ends_at is not None and timezone.now() >= round_.ends_at:
        raise ServiceError(_("The round's time is up: no new game starts at its tables."))
    EventTableGame.objects.create(table=table, number=played, game=table.game)
    players = Player.objects.in_bulk(table.players)
    number = played + 1
    game = records.start_game(
        ruleset=event.ruleset_for(len(table.players)),
        players=[players[p] for p in next_game_order(list(table.players), number)],
        session=event.session,
        tournament=event.is_tournament,
        date=round_.day,
        user=user,
        comment=_("%(event)s, round %(round)s, table %(table)s, game %(game)s")
        % {"event": event.name, "round": round_.number, "table": table.number, "game": number},
    )
    table.game = records.set_gong(game=game, at=round_.ends_at, user=user)
    table.save(update_fields=("game",))
    versions.bump_event(event.pk)
    return table.game


def games_left(event: Event, round_: EventRound) -> list[tuple[int, int]]:
    """The round's tables that may still start a game before its time is up: (table, games played)."""
    wanted = event.round_games
    if wanted == 1 or round_.ends_at is None or timezone.now() >= round_.ends_at:
        return []
    tables = round_.tables.order_by("number")
    return [(t.number, games_played(t)) for t in tables if t.game_id and games_played(t) < wanted]


def rotated_tables(*, event: Event, last: EventRound | None, players: list[int]) -> tuple[tuple[int, ...], ...]:
    """The next round's tables by the event's rotation, from ``last`` round's seats: refused for
    an event without a rotation, before a round was played, and when the players to seat are not
    the last round's (a newcomer, a leaver, a sit-out: draw that round instead)."""
    if not event.rotation:
        raise ServiceError(_("This event has no rotation: choose it in the event's admin, or draw the round."))
    if last is None:
        raise ServiceError(_("The first round is drawn; the rotation seats the rounds after it."))
    seating = tuple(tuple(t.players) for t in last.tables.order_by("number"))
    if last.sitting_out or sorted(p for t in seating for p in t) != sorted(players):
        raise ServiceError(
            _("The rotation moves last round's players; the players here are not the same: draw this round.")
        )
    try:
        return rotate(event.rotation, seating)
    except RuleError as error:
        raise ServiceError(rule_message(error)) from error
