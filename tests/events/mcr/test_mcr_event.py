"""An MCR tournament through the services: four to a table with the same draws (the designed
zero-repeat schedule included), standings by table points then points (the EMA's MCR
regulations, "Ranking": 4 / 2 / 1 / 0 by place, tied players sharing the places they span),
the standings page and the EMA results CSV with MCR's table points."""

import csv
import io
import re
from fractions import Fraction
from itertools import combinations

import pytest

from scoring.events import reads, services
from scoring.models import Game, Player
from scoring.records import services as records
from scoring.records.services import ServiceError
from scoring.rules import FalseMahjong, MCRHand, MCRWin
from scoring.rules.eventlog import EMA_COLUMNS
from tests.builders import make_event

# Round 1, both tables: one drawn hand; all four tie on 0 and share 4 + 2 + 1 + 0: 1.75 each.
ROUND_ONE = ((MCRHand("draw"),), ((Fraction(7, 4), 0),) * 4)
# Round 2, table 1: North calls a false mahjong and pays 10 to each (the Green Book, "False
# mahjong"); the three others tie first on +10 and share 4 + 2 + 1: 7/3 each, North 0.
FALSE_MAHJONG = (
    (MCRHand("draw", incidents=(FalseMahjong(3),)),),
    ((Fraction(7, 3), 10), (Fraction(7, 3), 10), (Fraction(7, 3), 10), (Fraction(0), -30)),
)
# Round 2, table 2: three wins on North's discards; the discarder pays fan + flowers + 8, the
# others 8 each (the Green Book, "Payment"):
#   East 24 fan:               +48,  -8,  -8, -32
#   South 12 fan + 2 flowers:   -8, +38,  -8, -22
#   West 12 fan:                -8,  -8, +36, -20   → +32, +22, +20, -74: 4 / 2 / 1 / 0
WINS = (
    (
        MCRHand("win", MCRWin(0, discarder=3, fan=24)),
        MCRHand("win", MCRWin(1, discarder=3, fan=12, flowers=2)),
        MCRHand("win", MCRWin(2, discarder=3, fan=12)),
    ),
    ((Fraction(4), 32), (Fraction(2), 22), (Fraction(1), 20), (Fraction(0), -74)),
)
# The event's standings, worked from the above (each player's round 1 gives 1.75 and 0): table
# points first, points only between equal table points; by points alone the wins' South (+22)
# and West (+20) would rank above the false mahjong's three (+10).
STANDINGS = [
    (1, "5.75", 32),  # round 2's East of the wins: 1.75 + 4
    (2, "4.08", 10),  # the false mahjong's three: 1.75 + 7/3 = 49/12, tied: the same place
    (2, "4.08", 10),
    (2, "4.08", 10),
    (5, "3.75", 22),
    (6, "2.75", 20),
    (7, "1.75", -30),  # the false mahjong's caller and the wins' discarder: 1.75 each, then points
    (8, "1.75", -74),
]


def play_round(event, scripts) -> dict[int, tuple[Fraction, int]]:
    """Draw, start and play the event's next round, table n by ``scripts[n - 1]`` (its hands,
    then what each seat ends with), finish every game; what each player got."""
    round_ = services.start_round(round_=services.draw_round(event=event))
    got = {}
    for table, (hands, seats) in zip(round_.tables.order_by("number"), scripts, strict=True):
        assert table.game.ruleset.family == "mcr" and len(table.players) == 4
        for number, hand in enumerate(hands, start=1):
            records.record_hand(game=table.game, facts=hand, expected_number=number, submission_key="")
        records.finish_game(game=table.game)
        got |= dict(zip(table.players, seats, strict=True))
    return got


@pytest.fixture
def tournament(club):
    """An MCR tournament of 8 players over 2 rounds, played; each player's (table points, points)."""
    for number, player in enumerate(club[:8]):
        player.ema_number, player.country = f"0417000{number}", "ES"
        player.save()
    event = make_event(club[:8], slug="mcr", name="MCR Cup", kind="tournament", rounds=2)
    first = play_round(event, (ROUND_ONE, ROUND_ONE))
    second = play_round(event, (FALSE_MAHJONG, WINS))
    totals = {p: (first[p][0] + second[p][0], first[p][1] + second[p][1]) for p in first}
    return event, totals


def test_mcr_standings_rank_by_table_points_then_points_ties_sharing(tournament):
    """EMA MCR regulations, "Ranking": table points summed exactly (thirds and quarters), then points."""
    event, totals = tournament
    lines = reads.standings(event)
    assert [(line.place, line.table_points_text, line.points) for line in lines] == STANDINGS
    assert all((line.table_points, line.points) == totals[line.player.pk] for line in lines)
    assert sum(line.table_points for line in lines) == 2 * 2 * 7  # two rounds of two tables of 7
    assert all(line.games == 2 for line in lines)
    best = lines[0].player.pk
    assert reads.draw_order(event, sorted(totals))[0] == best  # a swiss draw's order is the standings'


def test_the_mcr_results_csv_has_the_emas_19_columns_with_table_points_and_the_score(client, tournament):
    """The EMA's results file of an MCR event: the final table points, then the raw score sum
    (the event-log format, "Output": ``Table points`` and ``Score``)."""
    event, _totals = tournament
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode())))
    assert tuple(rows[0]) == EMA_COLUMNS
    assert [(row[2], row[6], row[7], row[15]) for row in rows[1:]] == [
        ("1", "5.75", "32", "MCR"),
        ("2", "4.083", "10", "MCR"),  # 1.75 + 7/3, to 0.001 as the format writes it
        ("2", "4.083", "10", "MCR"),
        ("2", "4.083", "10", "MCR"),
        ("5", "3.75", "22", "MCR"),
        ("6", "2.75", "20", "MCR"),
        ("7", "1.75", "-30", "MCR"),
        ("8", "1.75", "-74", "MCR"),
    ]
    players = {p.ema_number: p for p in Player.objects.filter(ema_number__startswith="0417")}
    assert all(players[row[5]].name.upper() == f"{row[3]} {row[4]}".upper() and row[9] == "ES" for row in rows[1:])


def test_the_mcr_standings_page_shows_table_points(client, tournament):
    event, _totals = tournament
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Table points" in page and "Ranked by table points, then by points." in page
    assert ">4.08<" in page and ">5.75<" in page and ">1.75<" in page


def test_the_mcr_fouls_list_the_false_mahjong_with_its_hand(client, tournament):
    """The Green Book, "False mahjong": the caller pays and the hand goes on; the event's
    "Chombos and penalties" lists it as the organiser's record of the call."""
    event, _totals = tournament
    game = Game.objects.get(event_table__round__number=2, event_table__number=1)
    caller = game.seats.get(seat=3).player.name
    fouls = [(f.round, f.table, f.hand, f.player, f.chombo, f.called, f.url) for f in reads.fouls(event)]
    assert fouls == [(2, 1, 1, caller, False, "false mahjong", f"/games/{game.pk}/#hand-1")]
    page = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert re.search(rf"Round 2, table 1, hand 1:\s*false mahjong — {caller}", page)


def test_a_riichi_event_has_no_table_points(client, club):
    event = make_event(club[:4], name="Riichi Cup", kind="tournament", rounds=1)
    services.start_round(round_=services.draw_round(event=event))
    records.finish_game(game=Game.objects.get())
    assert all(line.table_points is None for line in reads.standings(event))
    assert "Table points" not in client.get(f"/events/{event.pk}/standings/").content.decode()
    header = next(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode())))
    assert "table_points" not in header


def test_an_mcr_event_of_sixteen_keeps_the_designed_schedule(db):
    """16 players: AG(2, 4)'s rounds, four to a table, no two players meeting twice."""
    players = [Player.objects.create(name=f"Player {n:02d}") for n in range(16)]
    event = make_event(players, slug="mcr", name="MCR Open", kind="tournament", rounds=5)
    met = []
    for _round in range(3):
        round_ = services.draw_round(event=event)
        assert reads.draw_note(event, round_) == "designed: no repeat opponents"
        tables = [t.players for t in round_.tables.all()]
        assert sorted(len(t) for t in tables) == [4] * 4 and round_.sitting_out == []
        met += [pair for table in tables for pair in combinations(sorted(table), 2)]
        services.start_round(round_=round_)
        for table in round_.tables.select_related("game__ruleset"):
            assert table.game.ruleset.slug == "mcr" and table.game.seats.count() == 4
            records.record_hand(game=table.game, facts=MCRHand("draw"), expected_number=1, submission_key="")
            records.finish_game(game=table.game)
    assert len(met) == len(set(met)) == 3 * 4 * 6
    assert {line.table_points_text for line in reads.standings(event)} == {"5.25"}  # three draws: 3 × 1.75


def test_mid_round_mcr_standings_rank_only_who_has_finished_a_game_by_table_points(club):
    """EMA MCR regulations, "Ranking", mid-round: a player without a finished game is not
    ranked (listed apart, last, with no place); the others by table points first."""
    event = make_event(club[:8], slug="mcr", name="MCR night")
    round_ = services.start_round(round_=services.draw_round(event=event))
    first = round_.tables.order_by("number").first()
    for number, hand in enumerate(WINS[0], start=1):
        records.record_hand(game=first.game, facts=hand, expected_number=number, submission_key="")
    records.finish_game(game=first.game)
    lines = reads.standings(event)
    assert [(line.place, line.table_points_text, line.points) for line in lines[:4]] == [
        (1, "4", 32),
        (2, "2", 22),
        (3, "1", 20),
        (4, "0", -74),
    ]
    assert [line.place for line in lines[4:]] == [None] * 4 and {line.games for line in lines[4:]} == {0}
    assert {line.player.pk for line in lines[4:]} == set(round_.tables.order_by("number").last().players)
    with pytest.raises(ServiceError, match="Only a tournament"):  # the EMA's file: a club night is none
        reads.results(event)
