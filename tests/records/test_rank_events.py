"""`python manage.py rank_events --system SLUG [--on DATE] FILE...` end to end: the worked event
ranked by MERS and the club's ranking as JSON, `--on`, and bad input → exit status 1, one line
on standard error naming the file, nothing on standard output."""

import json

import pytest

from tests.rules.test_eventlog import EVENT

from .conftest import command
from .test_score_event import assert_one_line_error


def write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_two_events_ranked_by_mers(tmp_path):
    """Eve wins the worked event and its copy a year and a week earlier (over a year old: half weight): 1000 twice;
    part A (1000 + 500) / (1 + 0.5 + 3) = 333.333, part B (1000 + 500) / (1.5 + 2) = 428.571,
    her points 380.952; each result's day, place, field, points and weight."""
    earlier = {**EVENT, "name": "Club Riichi Open 2025", "days": ["2025-05-09", "2025-05-10"]}
    status, out, err = command(
        "rank_events", "--system", "mers-riichi", write(tmp_path, "a.json", EVENT), write(tmp_path, "b.json", earlier)
    )
    assert (status, err) == (0, "")
    ranking = json.loads(out)
    assert (ranking["system"], ranking["on"]) == ("mers-riichi", "2026-05-17")
    eve = ranking["players"][0]
    assert (eve["rank"], eve["player"], eve["id"], eve["points"]) == (1, "Eve Martin", "04990003", 380.952)
    assert eve["counted"] == [
        {"event": "Club Riichi Open", "day": "2026-05-17", "place": 1, "field": 8, "points": 1000, "weight": 1},
        {"event": "Club Riichi Open 2025", "day": "2025-05-10", "place": 1, "field": 8, "points": 1000, "weight": 0.5},
    ]
    assert eve["dropped"] == []
    assert len(ranking["players"]) == 8


def test_on_a_day_before_the_event_nobody_is_ranked(tmp_path):
    status, out, err = command(
        "rank_events", "--system", "club", "--on", "2026-05-01", write(tmp_path, "a.json", EVENT)
    )
    assert (status, err) == (0, "")
    assert json.loads(out) == {"system": "club", "on": "2026-05-01", "players": []}


def test_the_club_ranking_of_standard_input():
    status, out, err = command("rank_events", "--system", "club", "-", stdin=json.dumps(EVENT))
    assert (status, err) == (0, "")
    assert [(line["player"], line["points"]) for line in json.loads(out)["players"]][:3] == [
        ("Eve Martin", 10),
        ("Ann Bakker", 8),
        ("Cho Lee", 6),
    ]


@pytest.mark.parametrize(
    ("files", "says"),
    [
        ({"first": {**EVENT, "stagez": []}}, "{first}: unknown key 'stagez'"),
        ({"first": EVENT, "second": EVENT}, "{second}: the event 'Club Riichi Open' of 2026-05-17 is given twice"),
    ],
    ids=["bad-event", "twice"],
)
@pytest.mark.django_db
def test_bad_input_is_one_line_naming_the_file(tmp_path, files, says):
    paths = {name: write(tmp_path, f"{name}.json", doc) for name, doc in files.items()}
    assert_one_line_error(*command("rank_events", "--system", "club", *paths.values()), says.format(**paths))


def test_a_bad_day(tmp_path):
    path = write(tmp_path, "a.json", EVENT)
    status, out, err = command("rank_events", "--system", "club", "--on", "2026-13-01", path)
    assert_one_line_error(status, out, err, "--on '2026-13-01' is not an ISO date (YYYY-MM-DD)")


def test_a_bad_reset_day(tmp_path):
    path = write(tmp_path, "a.json", EVENT)
    status, out, err = command("rank_events", "--system", "rukrs", "--reset", "1 May", path)
    assert_one_line_error(status, out, err, "--reset '1 May' is not an ISO date (YYYY-MM-DD)")
