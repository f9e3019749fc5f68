"""A tournament of 40 tables: the event pages read stored per-seat results and the
rows of the event, never every hand: their queries are as many whatever the hands played,
and on PostgreSQL none reads the whole of the hands, players or penalties."""

import datetime
import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.events import services
from scoring.models import ClubSession, Event, Game, Hand, Player, Ruleset, Seat
from scoring.models import Penalty as PenaltyRow
from scoring.records import services as records
from scoring.rules import Penalty, RiichiHand
from tests.builders import make_players

TABLES = 40
DRAW = RiichiHand("draw", tenpai=(0, 1, 2, 3))
FOUL = RiichiHand("draw", tenpai=(0,), penalties=(Penalty(3, 8000, "result", "slow play"),))
CHOMBO = RiichiHand("chombo", offender=1)
PAGES = ("/events/{}/", "/events/{}/room/", "/events/{}/standings/", "/events/{}/results.csv")
WHOLE_TABLE_READS = {"scoring_hand", "scoring_player", "scoring_penalty", "scoring_game", "scoring_seat"}


def _play(round_, hands: int) -> None:
    """``hands`` draws at every table of the round; a chombo and a penalty at its first table."""
    for table in round_.tables.all():
        game = table.game
        facts = [DRAW] * hands + ([CHOMBO, FOUL] if table.number == 1 else [])
        for number, hand in enumerate(facts, start=1):
            records.record_hand(game=game, facts=hand, expected_number=number, submission_key="")


def tournament(players: list[Player], name: str, hands: int) -> Event:
    """Round 1 played (``hands`` a table) and finished, round 2 being played (as many)."""
    event = services.create_event(
        name=name,
        date=datetime.date(2026, 12, 5),
        kind=Event.TOURNAMENT,
        rounds=4,
        ruleset=Ruleset.objects.preset("ema-2016"),
        players=players,
        seed=31,
    )
    services.check_in_everyone(event=event)
    first = services.start_round(round_=services.draw_round(event=event))
    _play(first, hands)
    for table in first.tables.all():
        records.finish_game(game=table.game)
    _play(services.start_round(round_=services.draw_round(event=event)), hands)
    return event


@pytest.fixture
def players(db):
    return make_players(f"Player {n:03}" for n in range(4 * TABLES))


def _queries(client, event: Event) -> dict[str, list[str]]:
    """The SQL of each event page, rendered (the page cache emptied first)."""
    found = {}
    for page in PAGES:
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page.format(event.pk)).status_code == 200
        found[page] = [q["sql"] for q in queries.captured_queries]
    return found


def test_the_event_pages_of_40_tables_read_as_many_rows_whatever_the_hands(client, players):
    """As many queries with one hand a table as with three: the standings sum the seats'
    stored results; at most a couple of dozen a page (the standings' one more: their version
    keys are the event's session's standing, found by the event)."""
    few = {page: len(sql) for page, sql in _queries(client, tournament(players, "Few hands", 1)).items()}
    many = {page: len(sql) for page, sql in _queries(client, tournament(players, "Many hands", 3)).items()}
    assert few == many
    assert max(many.values()) <= 26, many


def _plan_nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", ()):
        yield from _plan_nodes(child)


def _whole(node: dict) -> bool:
    """A read of the whole table: a sequential scan, or an index scan with no condition."""
    scans = node["Node Type"] in ("Index Scan", "Index Only Scan") and "Index Cond" not in node
    return node["Node Type"] == "Seq Scan" or scans


def _club_history(games: int, hands: int, members: int) -> None:
    """The club's other games and members: ``games`` finished games of ``hands`` hands, four
    seats and a penalty in each (rows for the planner to weigh; no derived values needed)."""
    club = Player.objects.bulk_create(Player(name=f"Member {n:05}") for n in range(members))
    night = ClubSession.objects.create(name="Years of club nights", date=datetime.date(2020, 1, 1))
    ruleset = Ruleset.objects.preset("ema-2016")
    rows = Game.objects.bulk_create(
        Game(session=night, ruleset=ruleset, status=Game.FINISHED, hand_count=hands) for _ in range(games)
    )
    Hand.objects.bulk_create(Hand(game=game, number=n, result="draw") for game in rows for n in range(1, hands + 1))
    PenaltyRow.objects.bulk_create(PenaltyRow(game=game, player=0, points=1000) for game in rows)
    Seat.objects.bulk_create(
        Seat(game=game, player=club[(4 * n + seat) % members], seat=seat, family="riichi", finished=True)
        for n, game in enumerate(rows)
        for seat in range(4)
    )


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="query plans are PostgreSQL's (DATABASE_URL=postgres://…)"
)
@pytest.mark.parametrize("seqscan", ["on", "off"])
def test_no_event_page_reads_every_hand_player_or_penalty(client, players, seqscan):
    """Beside a club's years of games (30,000 hands) and 20,000 members, the planner reads no
    whole table of hands, players or penalties (a sequential scan, or an index read end to
    end) for an event page; and with sequential scans priced out (``enable_seqscan = off``),
    one left in a plan is one no index can serve."""
    event = tournament(players, "Big cup", 2)
    _club_history(5000, 6, 20000)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    scans = []
    for page, queries in _queries(client, event).items():
        with connection.cursor() as cursor:
            cursor.execute(f"SET enable_seqscan = {seqscan}")
            for sql in queries:
                if not sql.lstrip().upper().startswith("SELECT"):
                    continue
                cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}")
                plan = cursor.fetchone()[0]
                plan = json.loads(plan) if isinstance(plan, str) else plan
                scans += [
                    f"{page}: {node['Node Type']} of {node['Relation Name']} in {sql}"
                    for node in _plan_nodes(plan[0]["Plan"])
                    if _whole(node) and node.get("Relation Name") in WHOLE_TABLE_READS
                ]
            cursor.execute("SET enable_seqscan = on")
    assert not scans, "\n".join(scans)
