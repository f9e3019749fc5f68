"""Rankings across events against hand-worked examples of each preset's published rules: MERS
(the EMA's ranking rules: base rank, weights, age, parts A and B), RUKRS as proposed (a result
per day, the best 80 % and the best 8 averaged, resets), the club's season ranking; and from a
scored event log to its players' finishes."""

from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction

import pytest

from scoring.rules.eventlog import parse_event, score_event
from scoring.rules.rankings import SOURCES, SYSTEMS, base_rank, finishes, mers_weight, rank_events
from scoring.rules.rankings.results import Finish
from tests.rules.test_eventlog import EVENT

ON = date(2026, 6, 1)


def finish(player, event, day, place, field, *, weight=1, family="riichi", days=1):
    """``player``'s ``place`` of ``field`` at ``event`` ending on ``day`` (ISO), ``days`` long."""
    last = date.fromisoformat(day)
    played = tuple(last - timedelta(days=back) for back in reversed(range(days)))
    return Finish(player, player, event, family, f"{family}-rules", played, place, field, Fraction(weight))


def line(ranking, player):
    return next(item for item in ranking if item.player == player)


@pytest.mark.parametrize(
    ("place", "field", "rank"),
    [(1, 100, 1000), (50, 100, 505), (75, 100, 253), (100, 100, 0), (3, 16, 867), (1, 1, 1000)],
    ids=["winner", "middle", "75th-of-100", "last", "3rd-of-16", "alone"],
)
def test_mers_base_rank(place, field, rank):
    """EMA, "Basics for ranking system": 1000 × (players − place) / (players − 1); 75th of 100 is
    1000 × 25 / 99 = 252.5 → 253 to the whole point (the EMA's page writes 252, cut off), 3rd of
    16 is 1000 × 13 / 15 = 866.7 → 867."""
    assert base_rank(place, field) == rank


@pytest.mark.parametrize(
    ("days", "players", "countries", "qualifying", "weight"),
    [(1, 40, 5, False, 1), (2, 41, 6, False, 3), (3, 81, 10, False, 5), (4, 20, 3, True, 4), (2, 80, 9, False, 3)],
    ids=["one-day-local", "two-days", "three-days-big", "four-days-qualifying", "at-the-lines"],
)
def test_mers_weight(days, players, countries, qualifying, weight):
    """EMA, "Basics for ranking system": days (at most 3) + 0.5 above 40 players, 1 above 80 +
    0.5 from 6 countries, 1 from 10 + 1 to qualify: 2 + 0.5 + 0.5 = 3; 3 + 1 + 1 = 5."""
    assert mers_weight(days=days, players=players, countries=countries, qualifying=qualifying) == weight


def test_mers_weights_and_ages_and_pads_a_short_record():
    """MERS on 2026-06-01. Ann won a weight-2 event this May (1000 × 2 × 1), came 11th of 21 in
    March 2025 (500, weight 1, over a year old: × 1/2), last of 21 this January (0, weight 1); her
    2024 result is over two years old and does not count. Part A averages her 3 results made up to
    5 with 0s of weight 1: (2000 + 250 + 0) / (2 + 0.5 + 1 + 2) = 409.09; part B her best 4, made up
    to 4: 2250 / 4.5 = 500; her points (409.09 + 500) / 2 = 5000 / 11 = 454.545. Bob's one result
    is fewer than the two a ranking needs."""
    ranking = rank_events(
        SYSTEMS["mers-riichi"],
        [
            finish("Ann", "May Open", "2026-05-01", 1, 21, weight=2),
            finish("Ann", "Spring Cup", "2025-03-01", 11, 21),
            finish("Ann", "New Year", "2026-01-01", 21, 21),
            finish("Ann", "Old Open", "2024-01-01", 1, 21),
            finish("Bob", "May Open", "2026-05-01", 2, 21, weight=2),
        ],
        ON,
    )
    assert [item.player for item in ranking] == ["Ann"]
    ann = ranking[0]
    assert (ann.rank, ann.points) == (1, Fraction(5000, 11))
    assert [(item.finish.event, item.points, item.weight) for item in ann.counted] == [
        ("May Open", 1000, 2),
        ("Spring Cup", 500, Fraction(1, 2)),
        ("New Year", 0, 1),
    ]
    assert ann.dropped == ()


@pytest.mark.parametrize(
    ("results", "points", "dropped"),
    [
        (7, Fraction(775), 0),
        (8, Fraction(5850, 8), 0),
        (10, Fraction(12550, 18), 1),
    ],
    ids=["7-all-count", "8-all-count", "10-one-dropped"],
)
def test_mers_part_a_counts_the_best_5_and_80_percent_of_the_others(results, points, dropped):
    """Places 1 to 7 of 11 give 1000, 900, ..., 400, then last places 0 (all weight 1, recent).
    7 results: part A 5 + ⌈0.8 × 2⌉ = 7, 4900 / 7 = 700; part B (1000 + 900 + 800 + 700) / 4 =
    850; (700 + 850) / 2 = 775. 8: 5 + ⌈2.4⌉ = 8, (612.5 + 850) / 2 = 731.25. 10: 5 + ⌈4⌉ = 9,
    (4900 / 9 + 850) / 2 = 12550 / 18 = 697.2, the last 0 dropped."""
    places = [1, 2, 3, 4, 5, 6, 7, 11, 11, 11][:results]
    played = [finish("Ann", f"Event {n}", f"2026-0{1 + n % 5}-{10 + n}", place, 11) for n, place in enumerate(places)]
    (ann,) = rank_events(SYSTEMS["mers-riichi"], played, ON)
    assert ann.points == points
    assert (len(ann.counted), len(ann.dropped)) == (results - dropped, dropped)


def test_mers_mcr_counts_mcr_events_only():
    """The EMA ranks MCR and riichi apart: Ann's riichi win does not count in MERS (MCR); her two
    MCR results 1000 and 500 make part A 1500 / 5 = 300, part B 1500 / 4 = 375: 337.5."""
    played = [
        finish("Ann", "Riichi Open", "2026-05-01", 1, 11),
        finish("Ann", "MCR Open", "2026-04-01", 1, 11, family="mcr"),
        finish("Ann", "MCR Cup", "2026-03-01", 6, 11, family="mcr"),
    ]
    (ann,) = rank_events(SYSTEMS["mers-mcr"], played, ON)
    assert ann.points == Fraction(675, 2)
    assert {item.finish.event for item in ann.counted} == {"MCR Open", "MCR Cup"}


def test_rukrs_counts_each_day_and_averages_the_best_80_percent_and_the_best_8():
    """RUKRS as proposed, reset at the selection of 2026-01-01: Ann won a two-day event (1000 on
    each day, its weight not counted) and came 3rd of 5 on one day (500); her win of 2025 was
    before the reset. Part A: ⌈0.8 × 3⌉ = 3 days, 2500 / 3; part B: the best 8 made up with 0s,
    2500 / 8 = 312.5; (2500 / 3 + 312.5) / 2 = 6875 / 12 = 572.917."""
    system = replace(SYSTEMS["rukrs"], resets=(date(2025, 6, 1), date(2026, 1, 1)))
    played = [
        finish("Ann", "UK Open", "2026-05-03", 1, 5, weight=3, days=2),
        finish("Ann", "London Day", "2026-02-01", 3, 5),
        finish("Ann", "Winter Open", "2025-12-01", 1, 5),
    ]
    (ann,) = rank_events(system, played, ON)
    assert ann.points == Fraction(6875, 12)
    assert [(item.finish.event, item.day.isoformat(), item.weight) for item in ann.counted] == [
        ("UK Open", "2026-05-03", 1),
        ("UK Open", "2026-05-02", 1),
        ("London Day", "2026-02-01", 1),
    ]


def test_the_club_ranking_adds_up_the_best_10_events_of_the_season():
    """The club's rule: 10, 8, 6, 5, 4, 3, 2, 1 points for the first eight places, the best 10
    events from 1 January. Ann: eleven wins this season count 10 of them (100), her 2025 win none;
    Bob: 2nd and 9th, 8 + 0; Cho 2nd: 8, level with Bob, sharing rank 2."""
    played = [finish("Ann", f"Night {n}", f"2026-0{1 + n % 5}-{10 + n}", 1, 12) for n in range(11)]
    played += [
        finish("Ann", "December Night", "2025-12-20", 1, 12),
        finish("Bob", "Night 1", "2026-02-11", 2, 12),
        finish("Bob", "Night 2", "2026-03-12", 9, 12),
        finish("Cho", "Night 3", "2026-04-13", 2, 12),
    ]
    ranking = rank_events(SYSTEMS["club"], played, ON)
    assert [(item.player, item.rank, item.points) for item in ranking] == [
        ("Ann", 1, 100),
        ("Bob", 2, 8),
        ("Cho", 2, 8),
    ]
    assert (len(ranking[0].counted), len(ranking[0].dropped)) == (10, 1)


def test_a_result_after_the_day_of_the_ranking_does_not_count():
    played = [finish("Ann", "Night 1", "2026-05-01", 1, 8), finish("Ann", "Night 2", "2026-06-02", 1, 8)]
    (ann,) = rank_events(SYSTEMS["club"], played, ON)
    assert ann.points == 10


def test_a_scored_event_gives_each_player_his_final_place():
    """The worked event of the event-log format: eight players, Eve first; a player is known by
    his EMA number, else by his name; the event's MERS weight 1, else the EMA's weight of its two
    days, 8 players and 5 countries: 2."""
    result = score_event(parse_event(EVENT))
    placed = finishes(result)
    assert [(item.player, item.place, item.field) for item in placed[:3]] == [
        ("04990003", 1, 8),
        ("10990001", 2, 8),
        ("Cho Lee", 3, 8),
    ]
    assert {item.weight for item in placed} == {1}
    assert placed[0].days == (date(2026, 5, 16), date(2026, 5, 17))
    unweighted = score_event(parse_event({key: value for key, value in EVENT.items() if key != "mers_weight"}))
    assert {item.weight for item in finishes(unweighted)} == {2}


@pytest.mark.parametrize("slug", list(SYSTEMS))
def test_every_knob_of_every_preset_names_its_source(slug):
    """Each knob cites the published text (the EMA's ranking rules, mahjong-portal's computation
    of them, the UK association's page, RUKRS as proposed) or says it is the club's rule."""
    published = ("the EMA's MERS", "the UK Mahjong Association's", "RUKRS as proposed")
    system = SYSTEMS[slug]
    assert set(SOURCES[slug]) == set(system.knobs())
    for knob, source in SOURCES[slug].items():
        assert source.startswith(published) or source.startswith("the club's rule"), (knob, source)
