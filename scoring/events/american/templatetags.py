"""``{% load american_events %}`` (registered in settings): the player page's tournament record,
and the table page's next game of an American round."""

from dataclasses import dataclass

from django import template

from scoring.models import EventTable, Game

from . import reads

register = template.Library()


@register.simple_tag
def tournament_record(player) -> list[reads.RecordLine]:
    """The player's American tournaments (``reads.tournament_record``)."""
    return reads.tournament_record(player)


@dataclass(frozen=True)
class NextGame:
    """The next game of a round a finished game's table may start: its event, table, number and
    the round's games."""

    event_id: int
    table: EventTable
    number: int
    games: int


@register.simple_tag
def round_next_game(game) -> NextGame | None:
    """For the table page of a finished game: the next game of its table's round, if the round
    plays more (``reads.games_of_round``'s rule: its time not up), else None."""
    table = getattr(game, "event_table", None)
    if table is None or game.status != Game.FINISHED:
        return None
    round_ = table.round
    event = round_.event
    if event.round_games == 1:
        return None
    marked = next((t for t in reads.games_of_round(event, round_) if t.pk == table.pk), None)
    if marked is None or not marked.next_game:
        return None
    return NextGame(event.pk, marked, marked.game_number + 1, marked.round_games)
