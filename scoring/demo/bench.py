"""Figures for ``make bench``: each a ``name: value unit`` line that scripts can read.

The engine replays random games from decoded JSON on one core; ``record_hand`` and the
pages run against a fresh database filled in bulk (``scoring.demo.bench_stats``).
"""

import json
import random
import statistics
import time
from datetime import date, timedelta
from fractions import Fraction

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from scoring.demo import bench_stats
from scoring.events import designs, seating
from scoring.events import services as events
from scoring.events.teammates import teammate_tables
from scoring.models import Event, EventStage, Player, Ruleset
from scoring.records import services
from scoring.rules import PRESETS, parse_game, random_game, replay
from scoring.rules.eventlog import decode, score_event_document
from scoring.rules.eventlog.randomevent import random_event
from scoring.rules.families import FAMILIES, family_of
from scoring.rules.rankings import SYSTEMS, Finish, rank_events
from scoring.tiles import mcr
from scoring.tiles.mcr.randomhands import random_tiles
from scoring.tiles.notation import HandTiles
from scoring.tiles.scoring import score_hand

NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
BENCH_PRESET = "ema-2016"  # the games and events the benchmarks record and draw
SEATS = family_of(PRESETS[BENCH_PRESET]).SEATS


def decoded_games(presets: list[str], count: int, seed: int = 2026) -> list[dict]:
    """``count`` random valid game logs spread over ``presets``, as ``json.loads`` gives them."""
    rng = random.Random(seed)
    return [json.loads(json.dumps(random_game(rng, presets[i % len(presets)]))) for i in range(count)]


def engine_hands_per_second(docs: list[dict], repeats: int = 5) -> float:
    """Hands per second of validating and replaying decoded documents on one core (the
    best of ``repeats`` runs, so that a noisy neighbour does not decide the figure)."""
    hands = sum(len(doc["hands"]) for doc in docs)
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for doc in docs:
            replay(parse_game(doc))
        best = min(best, time.process_time() - start)
    return hands / best


def engine_figures(games: int = 10_000):
    """The engine's throughput per family (its presets' random games); where a family's presets
    also score hands in points of their own (American tournament points, the US tournament rules), their
    throughput beside it and its share of the first (the target: at least 90 %)."""
    for family in FAMILIES:
        presets = [slug for slug, rules in PRESETS.items() if rules.family == family]
        moving = engine_hands_per_second(decoded_games([p for p in presets if PRESETS[p].zero_sum], games))
        yield f"engine_{family}_hands_per_s", moving, "hands/s"
        points = [p for p in presets if not PRESETS[p].zero_sum]
        if points:
            scored = engine_hands_per_second(decoded_games(points, games))
            yield f"engine_{family}_tournament_points_hands_per_s", scored, "hands/s"
            yield f"engine_{family}_tournament_points_vs_settle_up", round(100 * scored / moving), "%"


# a tournament of three stages: everyone on each of two days, then the first 128, carrying half their points
EVENT_STAGES = [{"name": "Day 1"}, {"name": "Day 2"}, {"name": "Final", "cut": 128, "carry": "half"}]


def event_figures(repeats: int = 5):
    """One core's time of ``score_event``'s work (the text decoded, every table scored, the
    stages, the EMA rows, the JSON written) for 256 players × 3 stages × 12 rounds of tables'
    scores: the best of ``repeats``."""
    doc = random_event(random.Random(2026), BENCH_PRESET, players=256, stages=EVENT_STAGES, rounds=12)
    text = json.dumps(doc)
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        json.dumps(score_event_document(decode(text)), indent=1, ensure_ascii=False)
        best = min(best, time.process_time() - start)
    yield "score_event_256x3x12_ms", best * 1000, "ms"


def random_finishes(rng: random.Random, *, players: int, events: int, on: date) -> list[Finish]:
    """Riichi finishes of ``events`` events over the two years before ``on``, each of a random
    field of 40 to 120 of ``players`` players, one to three days, MERS weight 1 to 5."""
    found = []
    for number in range(events):
        field = rng.sample(range(players), rng.randint(40, 120))
        last = on - timedelta(days=rng.randint(0, 729))
        days = tuple(last - timedelta(days=back) for back in reversed(range(rng.randint(1, 3))))
        weight = Fraction(rng.randint(2, 10), 2)
        found += [
            Finish(
                f"{player:08d}",
                f"Player {player}",
                f"Event {number}",
                "riichi",
                BENCH_PRESET,
                days,
                place,
                len(field),
                weight,
            )
            for place, player in enumerate(field, 1)
        ]
    return found


def ranking_figures(repeats: int = 3, players: int = 5_000, events: int = 300):
    """One core's time of ``rank_events`` by MERS (riichi) for ``players`` players over ``events``
    events (their finishes made directly): the best of ``repeats``."""
    on = date(2026, 6, 1)
    found = random_finishes(random.Random(2026), players=players, events=events, on=on)
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        rank_events(SYSTEMS["mers-riichi"], found, on)
        best = min(best, time.process_time() - start)
    yield f"rank_events_{players}x{events}_s", best, "s"


TOURNAMENT_ROUNDS = 6  # a qualifying stage's rounds in the tournament whose pages are counted


def tournament_page_figures():
    """The queries of a tournament's event page and standings page (``tournament_queries``) in a
    fresh database."""
    with bench_stats.bench_database():
        yield from tournament_queries()


def tournament_queries(players: int = 32):
    """The queries of a tournament's event page and standings page (rendered, the page cache
    off) after each round of a qualifying stage of ``TOURNAMENT_ROUNDS`` rounds before a cut to
    the first 8: the same count from the second round on (the first's draw note reads no earlier
    round), never the history; after the stage's last round the event page also shows the cut
    line and who goes on."""
    event = events.create_event(
        name="Bench Open",
        date=date(2026, 12, 4),
        ruleset=Ruleset.objects.preset(BENCH_PRESET),
        kind=Event.TOURNAMENT,
        rounds=TOURNAMENT_ROUNDS,
        players=[Player.objects.create(name=f"Open {i}") for i in range(players)],
        seed=2026,
        city="Leiden",
        country="NL",
    )
    EventStage.objects.create(event=event, number=1, name="Qualifying", rounds=TOURNAMENT_ROUNDS)
    EventStage.objects.create(event=event, number=2, name="Final", rounds=1, entry=EventStage.CUT, count=8)
    for entry in event.entries.select_related("player"):
        events.check_in(event=event, player=entry.player)
    client = Client()
    with override_settings(CACHES=NO_CACHE):
        for number in range(1, TOURNAMENT_ROUNDS + 1):
            for table in events.start_round(round_=events.draw_round(event=event)).tables.all():
                services.finish_game(game=table.game)
            for name, url in (("event_page", "scoring:event"), ("standings", "scoring:event_standings")):
                with CaptureQueriesContext(connection) as queries:
                    client.get(reverse(url, args=[event.pk]))
                yield f"tournament_{name}_queries_round_{number}", len(queries), "queries"


# Winning hands of every shape for timing the tiles: (tiles, tsumo, riichi)
BENCH_HANDS = [
    ({"hand": "23m456789p234s55s", "win": "4m", "dora": "1p"}, False, True),
    ({"hand": "1233455667799p", "win": "8p", "dora": "8p", "ura": "3s"}, True, True),
    ({"hand": "1122m3344p5566s7z", "win": "7z"}, True, False),
    ({"hand": "19m19p19s1234567z", "win": "1z"}, False, False),
    (
        {
            "hand": "444s99s33z",
            "win": "9s",
            "melds": [{"kind": "pon", "tiles": "222m"}, {"kind": "pon", "tiles": "888p"}],
        },
        False,
        False,
    ),
    ({"hand": "23344m556677p88s", "win": "2m"}, False, False),
    (
        {
            "hand": "34s88p",
            "win": "5s",
            "melds": [
                {"kind": "kan", "tiles": "2222m"},
                {"kind": "closed_kan", "tiles": "7777s"},
                {"kind": "kan", "tiles": "6666p"},
            ],
        },
        True,
        False,
    ),
]


def tiles_figures(samples: int = 3_000):
    """Server time of scoring one hand by its tiles (parse, library, ruleset), ``samples`` times."""
    rules = PRESETS[BENCH_PRESET]
    times = []
    for i in range(samples):
        tiles, tsumo, riichi = BENCH_HANDS[i % len(BENCH_HANDS)]
        start = time.perf_counter()
        score_hand(HandTiles.from_json(tiles), rules=rules, seat_wind=1, round_wind=0, tsumo=tsumo, riichi=riichi)
        times.append((time.perf_counter() - start) * 1000)
    yield "score_tiles_median_ms", statistics.median(times), "ms"
    yield "score_tiles_p95_ms", bench_stats.p95(times), "ms"
    if mcr.AVAILABLE:  # no figure where PyMahjongGB could not be built
        yield from mcr_tiles_figures()


# MCR's special shapes, which random sets and a pair never make: seven pairs, thirteen orphans,
# the knitted hands, nine gates
MCR_SHAPES = [
    {"hand": "224444m6688p335s", "win": "5s"},
    {"hand": "19m19p19s1234567z", "win": "1m"},
    {"hand": "147m258p369s1234z", "win": "5z"},
    {"hand": "147m258p369s567m9s", "win": "9s"},
    {"hand": "1112345678999m", "win": "5m"},
]


def mcr_tiles_figures(samples: int = 500, seed: int = 2026):
    """Server time of an MCR hand's fan from its tiles (the game log's object read, PyMahjongGB,
    the Green Book's names), over ``samples`` winning hands: random ones, every tenth a special shape."""
    rng = random.Random(seed)
    hands = [
        (MCR_SHAPES[i % len(MCR_SHAPES)] if i % 10 == 0 else random_tiles(rng).to_json(), rng.random() < 0.3)
        for i in range(samples)
    ]
    times = []
    for tiles, self_drawn in hands:
        start = time.perf_counter()
        mcr.fans_from_tiles(
            mcr.MCRTiles.from_json(tiles), self_drawn=self_drawn, flowers=1, seat_wind=1, prevalent_wind=0
        )
        times.append((time.perf_counter() - start) * 1000)
    yield "mcr_fans_from_tiles_median_ms", statistics.median(times), "ms"
    yield "mcr_fans_from_tiles_p95_ms", bench_stats.p95(times), "ms"


def record_hand_figures(*, stored_games: int = 5_000, samples: int = 300):
    """Server time of ``services.record_hand`` with ``stored_games`` games already stored:
    new games are started and their hands recorded one by one, as scorers do."""
    with bench_stats.bench_database():
        bench_stats.build_club(players=200, games=stored_games, fast=True)
        times = _record_hand_times(samples)
        unchanged, changed = _table_poll_times(samples)
    yield "record_hand_stored_games", stored_games, "games"
    yield "record_hand_median_ms", statistics.median(times), "ms"
    yield "record_hand_p95_ms", bench_stats.p95(times), "ms"
    yield "table_poll_304_median_ms", statistics.median(unchanged), "ms"
    yield "table_poll_changed_median_ms", statistics.median(changed), "ms"


def _table_poll_times(samples: int) -> tuple[list[float], list[float]]:
    """Server time of a phone's poll of the table page in a game of 8 hands: the
    game unchanged (304 Not Modified) and changed (the regions, 200)."""
    rng = random.Random(11)
    players = list(Player.objects.order_by("pk")[:SEATS])
    game = services.start_game(ruleset=Ruleset.objects.preset(BENCH_PRESET), players=players)
    log = parse_game(random_game(rng, BENCH_PRESET))
    for number, hand in enumerate(log.hands[:8], 1):
        services.record_hand(game=game, facts=hand, expected_number=number, submission_key=f"poll-{number}")
    client = Client()
    client.force_login(User.objects.create_user("bench-scorer", is_staff=True))
    url = reverse("scoring:table_live", args=[game.pk])
    version = client.get(url, headers={"hx-request": "true"})["ETag"]
    times = {304: [], 200: []}
    for status, headers in ((304, {"if-none-match": version}), (200, {})):
        for _sample in range(samples):
            tick = time.perf_counter()
            response = client.get(url, headers={"hx-request": "true", **headers})
            times[status].append((time.perf_counter() - tick) * 1000)
            assert response.status_code == status, response.status_code
    return times[304], times[200]


def _record_hand_times(samples: int) -> list[float]:
    rng = random.Random(7)
    players = list(Player.objects.order_by("pk")[:40])
    ruleset = Ruleset.objects.preset(BENCH_PRESET)
    times = []
    while len(times) < samples:
        log = parse_game(random_game(rng, BENCH_PRESET))
        game = services.start_game(ruleset=ruleset, players=rng.sample(players, SEATS), tournament=log.tournament)
        for number, hand in enumerate(log.hands, 1):
            tick = time.perf_counter()
            services.record_hand(game=game, facts=hand, expected_number=number, submission_key=f"bench-{number}")
            times.append((time.perf_counter() - tick) * 1000)
    return times


SEATING_SIZES = ((16, 5), (20, 5), (28, 7), (32, 8), (36, 9), (64, 8))


def seated_event(players: int, rounds: int, seed: str = "bench") -> tuple[seating.Past, float]:
    """A tournament of ``players`` × ``rounds`` drawn by the random draw, round after round
    (the event's design where one fits), and its slowest draw (one core's time)."""
    past, slowest = seating.Past(seats=SEATS), 0.0
    for number in range(rounds):
        start = time.process_time()
        draw = designs.draw(range(players), past, random.Random(f"{seed}:{number}"), seed=seed, rounds=rounds)
        slowest = max(slowest, time.process_time() - start)
        past = past.after(draw)
    return past, slowest


def repeats(past: seating.Past) -> int:
    """Repeated pairs over the event: every meeting of a pair after its first."""
    return sum(count - 1 for count in past.meetings.values())


def seating_figures():
    """The random draw's quality (0 repeats at each size; winds within 1), each event's
    slowest draw, and the time of the search alone for 64 players (the first round of an
    8-round tournament without a design: the longest plan)."""
    events = {f"{players}x{rounds}": seated_event(players, rounds) for players, rounds in SEATING_SIZES}
    for size, (past, _slowest) in events.items():
        yield f"seating_{size}_repeated_pairs", repeats(past), "pairs"
    yield "seating_wind_imbalance_max", max(seating.wind_imbalance(past.rounds) for past, _ in events.values()), "games"
    for size, (_past, slowest) in events.items():
        yield f"seating_{size}_draw_s", slowest, "s"
    start = time.process_time()  # one core's time: the VM's neighbours do not count
    seating.draw_random(range(64), seating.Past(seats=SEATS), random.Random("bench:64"), rounds_left=8)
    yield "seating_64_players_s", time.process_time() - start, "s"


TEAM_SIZES = ((16, 4), (16, 8), (32, 4), (32, 8), (64, 4), (64, 8))  # players, teams
CLUB_NIGHT_ROUNDS = 4


def team_event(players: int, teams: int, rounds: int | None) -> tuple[seating.Past, int]:
    """An event of ``players`` dealt at random into ``teams`` equal teams, drawn round after
    round (a tournament of ``rounds``: its design; None: a club night of ``CLUB_NIGHT_ROUNDS``,
    the search), and how many of its tables seated teammates."""
    order = random.Random(f"bench:teams:{players}").sample(range(players), players)
    past, together = seating.Past(seats=SEATS, teams={p: n % teams for n, p in enumerate(order)}), 0
    for number in range(rounds or CLUB_NIGHT_ROUNDS):
        draw = designs.draw(range(players), past, random.Random(f"bench:{number}"), seed="bench", rounds=rounds)
        together += teammate_tables(past, draw.tables)
        past = past.after(draw)
    return past, together


def team_seating_figures():
    """Teammates apart: tables with teammates, repeated pairs and the spread of how often two
    teams met (the most met pair of teams' meetings beyond the least met pair's) over a
    tournament of as many rounds as the design has for the size (at most 8) and over a club
    night, for 16, 32 and 64 players in 4 and 8 teams."""
    for players, teams in TEAM_SIZES:
        for kind, rounds in (("tournament", min(players // SEATS, 8)), ("club_night", None)):
            past, together = team_event(players, teams, rounds)
            yield f"teams_{players}_in_{teams}_{kind}_teammate_tables", together, "tables"
            yield f"teams_{players}_in_{teams}_{kind}_repeated_pairs", repeats(past), "pairs"
            spread = max(past.team_meetings.values(), default=0)  # beyond the least met pair of teams
            yield f"teams_{players}_in_{teams}_{kind}_team_meetings_spread", spread, "meetings"
