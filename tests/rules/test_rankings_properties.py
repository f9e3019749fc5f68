"""Properties of rankings across events over random finishes: adding a worse result never lowers
a best-N ranking, a result older than the window never counts, ranks follow points."""

from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.rankings import SYSTEMS, base_rank, rank_events
from scoring.rules.rankings.results import Finish
from tests.hypothesis_budget import examples

ON = date(2026, 6, 1)
PLAYERS = ("Ann", "Bob", "Cho", "Dee", "Eve")
# a best-N ranking: the best 8 results averaged, made up with 0s (RUKRS's part B alone)
BEST_8 = replace(SYSTEMS["rukrs"], slug="best-8", best_share=None)


@st.composite
def finish(draw, player=None, *, oldest=900):
    """A random riichi result of ``player`` (else any) up to ``oldest`` days before ON."""
    field = draw(st.integers(2, 40))
    days = draw(st.integers(1, 3))
    last = ON - timedelta(days=draw(st.integers(0, oldest)))
    return Finish(
        player or draw(st.sampled_from(PLAYERS)),
        "x",
        f"Event {draw(st.integers(0, 10**6))}",
        "riichi",
        "ema-2025",
        tuple(last - timedelta(days=back) for back in reversed(range(days))),
        draw(st.integers(1, field)),
        field,
        Fraction(draw(st.sampled_from([1, 2, 3, 5])), draw(st.sampled_from([1, 2]))),
    )


def points(system, played, player="Ann"):
    return next((item.points for item in rank_events(system, played, ON) if item.player == player), Fraction(0))


@settings(max_examples=examples(200))
@given(
    st.sampled_from([BEST_8, SYSTEMS["club"]]),
    st.lists(finish("Ann", oldest=100), min_size=1, max_size=12),
    finish("Ann", oldest=100),
)
def test_adding_a_worse_result_never_lowers_a_best_n_ranking(system, played, another):
    """A last place (base rank 0, worth no more than any result): outside the best N it changes
    nothing, among them it replaces a made-up 0 (best 8) or adds what it is worth (the club's sum)."""
    worst = replace(another, place=another.field)
    assert base_rank(worst.place, worst.field) == 0
    assert points(system, [*played, worst]) >= points(system, played)


@settings(max_examples=examples(200))
@given(st.sampled_from(list(SYSTEMS.values())), st.lists(finish(oldest=2000), max_size=30), st.data())
def test_a_result_older_than_the_window_never_counts(system, played, data):
    """MERS: two years; RUKRS: three; the club: the season. An old result (its event's last day,
    the date the EMA's file gives it, before the window) is in no player's counted or dropped
    results, and the ranking is the same without it."""
    window = system.ages[-1][0] if system.ages else (ON - date(ON.year, 1, 1)).days
    old = data.draw(finish(oldest=3000).filter(lambda item: (ON - item.days[-1]).days > window))
    ranking = rank_events(system, [*played, old], ON)
    assert all(item.finish is not old for line in ranking for item in line.counted + line.dropped)
    assert ranking == rank_events(system, played, ON)


@settings(max_examples=examples(200))
@given(st.sampled_from(list(SYSTEMS.values())), st.lists(finish(oldest=1000), max_size=40))
def test_ranks_follow_points(system, played):
    """A player's rank is 1 + the number of players with more points: level players share it."""
    ranking = rank_events(system, played, ON)
    for line in ranking:
        assert line.rank == 1 + sum(other.points > line.points for other in ranking)
    assert [line.points for line in ranking] == sorted((line.points for line in ranking), reverse=True)
