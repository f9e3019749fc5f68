"""``make loadtest`` with ``--profile tournament``: a tournament of 40 tables live on one
server. Its first round is played and finished beforehand (the standings have
results), its second is being played: each table records a hand every 30 s (a fast table)
while another phone there polls the table every 3 s with the game's version, as the table
page does; 500 spectators each read a page every 3.5 s with the ETag they last got for it:
the event page or its live region, the table they follow (its page on the event, its game
page), the room view's board, the event standings, the boards. The same figures as the club night's
(``scoring.demo.loadtest``), per kind of request.
"""

import time
from collections.abc import Iterator

from django.urls import reverse
from django.utils import timezone

from scoring.demo.loadtest import PRESET, demo_club, measure
from scoring.demo.serving import ensure_database
from scoring.events import services as events
from scoring.models import Event, Game, Player, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand
from scoring.rules.vocabulary import RiichiResult

SPECTATOR_PAGES = {  # what a spectator reads, and how often (weights); "_live": the page's htmx poll
    "event": 10,
    "event_live": 10,
    "table_live": 15,  # the table they follow, on the event (its own page's live region)
    "room_live": 10,
    "standings": 15,
    "game": 25,  # the game page of the table they follow
    "leaderboard": 10,
    "american_board": 5,
}
PLAYED = RiichiHand(RiichiResult.DRAW, tenpai=(0, 1, 2, 3))  # the first round's hand (one a table, then it ends)


def prepare(tables: int) -> tuple[Event, list[Game]]:
    """The demo club, players enough, an event of ``tables`` tables whose first round is played
    and finished and whose second is started; its second round's games."""
    demo_club()
    seats = Ruleset.objects.preset(PRESET).seats
    players = list(Player.objects.filter(active=True).order_by("pk")[: seats * tables])
    players += [services.player_named(f"Load player {n:03}") for n in range(len(players), seats * tables)]
    event = events.create_event(
        name=f"Load cup {time.strftime('%Y-%m-%d %H:%M:%S')}",
        date=timezone.localdate(),
        kind=Event.TOURNAMENT,
        rounds=4,
        ruleset=Ruleset.objects.preset(PRESET),
        players=players,
    )
    events.check_in_everyone(event=event)
    first = events.start_round(round_=events.draw_round(event=event))
    for row in first.tables.select_related("game"):
        services.record_hand(game=row.game, facts=PLAYED, expected_number=1, submission_key="")
        services.finish_game(game=row.game)
    second = events.start_round(round_=events.draw_round(event=event))
    return event, [row.game for row in second.tables.select_related("game").order_by("number")]


def run(
    *,
    port: int,
    seconds: float = 60,
    tables: int = 40,
    members: int = 500,
    hand_every: float = 30,
    poll_every: float = 3,
    page_every: float = 3.5,
    workers: int | None = None,
) -> Iterator[tuple[str, float, str]]:
    """The tournament load test (``members``: the spectators); yields ``(name, value, unit)`` figures."""
    ensure_database()
    event, games = prepare(tables)
    on_boards = {
        "event": [reverse("scoring:event", args=[event.pk])],
        "room_live": [reverse("scoring:event_room", args=[event.pk])],
        "standings": [reverse("scoring:event_standings", args=[event.pk])],
        "leaderboard": [reverse("scoring:leaderboard")],
        "american_board": [reverse("scoring:american_board")],
    }
    on_boards["event_live"] = on_boards["event"]
    follow = {  # spectator i follows table i % tables: its game page and its table's page on the event
        "game": [reverse("scoring:game", args=[game.pk]) for game in games],
        "table_live": [reverse("scoring:event_table", args=[event.pk, game.event_table.number]) for game in games],
    }
    plan = {
        "readers": members,
        "pages": SPECTATOR_PAGES,
        "urls": on_boards,
        "follow": follow,
        "hand_every": hand_every,
        "page_every": page_every,
        "poll_every": poll_every,
        "pollers": [{"url": reverse("scoring:table_live", args=[game.pk]), "seed": i} for i, game in enumerate(games)],
    }
    yield "tables", len(games), f"tables ({event.name}, round 2 live)"
    warm = [url for page in on_boards.values() for url in page] + [url for urls in follow.values() for url in urls]
    yield from measure(port=port, seconds=seconds, workers=workers, games=games, plan=plan, warm=warm)
