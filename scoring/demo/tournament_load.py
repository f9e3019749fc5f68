"""``make loadtest`` with ``--profile tournament``: a tournament of 40 tables live on one
server. Its first round is played and finished beforehand (the standings have
results), its second is being played: each table records a hand every 30 s (a fast table)
while another phone there polls the table every 3 s with the game's version, as the table
page does; 500 spectators each read a page every 3.5 s with the ETag they last got for it:
the event page or its live region, the room view or its board, the event standings, the
live game they follow, the boards. The same figures as the club night's
(``scoring.demo.loadtest``), per kind of request.
"""

import threading
import time
from collections.abc import Iterator

import httpx
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from scoring.demo.loadtest import (
    PRESET,
    Scorer,
    Stats,
    demo_club,
    measure,
    member,
    table,
    ticks,
    timed_get,
)
from scoring.demo.serving import ensure_database
from scoring.events import services as events
from scoring.models import Event, Game, Player, Ruleset
from scoring.records import services
from scoring.rules import RiichiHand
from scoring.rules.vocabulary import RiichiResult

SPECTATOR_PAGES = {  # what a spectator reads, and how often (weights); "_live": the page's htmx poll
    "event": 10,
    "event_live": 15,
    "room_live": 10,
    "standings": 15,
    "game": 35,
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


def poll(server_url: str, game_id: int, session_id: str, stats: Stats, every: float, until: float, seed: int):
    """Another phone at the table: the table's live region every ``every`` seconds, with the
    game's version (304 while no hand changed it)."""
    url = reverse("scoring:table_live", args=[game_id])
    etag = ""
    cookies = {settings.SESSION_COOKIE_NAME: session_id}
    with httpx.Client(base_url=server_url, cookies=cookies, timeout=30) as client:
        for _tick in ticks(stats, every, until, seed):
            response = timed_get(client, stats, "table_poll", url, {"HX-Request": "true", "If-None-Match": etag})
            if response is not None:
                etag = response.headers.get("ETag", etag)


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

    followed = [reverse("scoring:game", args=[game.pk]) for game in games]

    def actors(server_url: str, scorers: list[Scorer], stats: Stats, until: float, transport) -> list[threading.Thread]:
        session_id = scorers[0].client.cookies[settings.SESSION_COOKIE_NAME]
        threads = [threading.Thread(target=table, args=(s, stats, hand_every, until, i)) for i, s in enumerate(scorers)]
        threads += [
            threading.Thread(target=poll, args=(server_url, g.pk, session_id, stats, poll_every, until, i))
            for i, g in enumerate(games)
        ]
        return threads + [  # each spectator follows one live game
            threading.Thread(
                target=member,
                args=(server_url, on_boards | {"game": [followed[i % len(followed)]]}, stats, page_every, until),
                kwargs={"seed": 1000 + i, "pages": SPECTATOR_PAGES, "transport": transport},
            )
            for i in range(members)
        ]

    yield "tables", len(games), f"tables ({event.name}, round 2 live)"
    warm = [url for page in on_boards.values() for url in page] + followed
    yield from measure(port=port, seconds=seconds, workers=workers, games=games, actors=actors, warm=warm)
