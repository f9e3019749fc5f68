"""A room's rules found in a log's own results (``rooms.fit``), on the committed fixture: a
Tenhou hanchan whose results are rewritten as a room of its own would give them. Table-driven:
each row a room's rules (as the organiser's room settings state them) and the results its log
would show."""

import pytest

from scoring.online.game import told_apart
from scoring.online.mapping import read_online, room_rules
from scoring.online.rooms import is_room
from tests.online.test_readers import MJLOG, fixture

TENHOU = b'owari="121,-38.0,263,-14.0,267,7.0,349,45.0"'  # final 12,100 / 26,300 / 26,700 / 34,900


@pytest.mark.parametrize(
    ("owari", "changes"),
    [
        # half uma +10/+5/−5/−10 (Tenhou's East-only rooms of July 2009 paid it)
        (b'owari="121,-28.0,263,-9.0,267,2.0,349,35.0"', (("uma", (10000, 5000, -5000, -10000)), ("rounds", 2))),
        # uma 30/10, results in thousands (a Mahjong Soul contest room's uma)
        (b'owari="121,-48.0,263,-14.0,267,7.0,349,55.0"', (("uma", (30000, 10000, -10000, -30000)), ("rounds", 2))),
        # return at the start, 25,000: no oka (each result the points won or lost, plus the uma)
        (
            b'owari="121,-33.0,263,-9.0,267,12.0,349,30.0"',
            (("return_points", 25000), ("rounds", 2)),
        ),
        # no room reproduces results that do not sum to zero
        (b'owari="121,-38.0,263,-14.0,267,7.0,349,46.0"', None),
    ],
)
def test_the_values_that_reproduce_a_logs_results_are_found(owari, changes):
    game = read_online(fixture(MJLOG).replace(TENHOU, owari), MJLOG)
    room = room_rules(game)
    assert (room.changes if room else None) == changes
    if room:
        assert room.base == "tenhou-thousands" and room.name == "Tenhou (results in thousands) (this room's rules)"


def test_a_rooms_copy_is_known_by_its_slug():
    assert [
        is_room(s) for s in ("tenhou-room", "mahjong-soul-tournament-room-2", "reach-room", "tenhou", "x-room")
    ] == [
        True,
        True,
        False,
        False,
        False,
    ]


def test_seats_of_one_name_are_told_apart():
    """Mahjong Soul lets two accounts share a nickname; names are compared ignoring case."""
    assert told_apart(("A", "B", "a", "A")) == (("A", "B", "a (2)", "A (3)"), ("a (2)", "A (3)"))
    assert told_apart(("A", "B")) == (("A", "B"), ())
