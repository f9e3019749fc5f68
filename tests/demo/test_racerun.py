"""``manage.py racerun`` end to end on PostgreSQL (one try of each race against ``make serve``),
and how a try is counted."""

import io

import pytest
from django.core.management import call_command
from django.db import connection

from scoring.demo.racerun import RACES, Answer, Tally, Try
from scoring.demo.serving import free_ports


@pytest.mark.django_db(transaction=True)
def test_the_race_run_tries_every_race_over_http_and_each_holds(tmp_path, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("the race run serves the site on PostgreSQL, whose locks decide the races (DATABASE_URL)")
    monkeypatch.setenv("STATIC_ROOT", str(tmp_path / "static"))  # another server may serve the checkout's
    out = io.StringIO()
    call_command("racerun", "--tries", "1", "--port", str(free_ports(1)[0]), stdout=out)
    rows = out.getvalue().splitlines()
    assert rows[0].split() == ["race", "tries", "held", "5xx", "answers", "other", "failures"]
    assert {row.rsplit(None, 4)[0] for row in rows[1:]} == set(RACES)
    assert all(row.split()[-4:] == ["1", "1", "0", "0"] for row in rows[1:]), out.getvalue()


def told(page: str) -> Answer:
    return Answer([302, 200], page)


@pytest.mark.parametrize(
    ("tried", "figures"),
    [
        (Try(True, [told("Team created"), told("already exists")], ("already exists",)), (1, 0, 0)),
        (Try(False, [told("Team created"), told("Team created")], ("already exists",)), (0, 0, 0)),
        (Try(True, [told("Team created"), Answer([500])], ("already exists",)), (1, 1, 0)),
        (Try(True, [told("Team created"), told("Team created")], ("already exists",)), (1, 0, 1)),
        (Try(True, [told("Team created"), Answer([403], "already exists")], ("already exists",)), (1, 0, 1)),
        (Try(True, [told("Penalty recorded"), Answer([], error="ReadTimeout")]), (1, 0, 1)),
    ],
    ids=["held and told", "broken", "a 500", "second not told", "a 403", "no answer"],
)
def test_a_try_counts_as_held_a_5xx_or_an_other_failure(tried, figures):
    tally = Tally("race")
    tally.add(tried)
    assert (tally.held, tally.server_errors, tally.other) == figures
    assert tally.failed == (figures != (1, 0, 0))
