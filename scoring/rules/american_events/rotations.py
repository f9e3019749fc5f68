"""Where each player goes next round: the rotations American organisers name.

A round is played at tables numbered 1 to T, each seating four in seat order (East, South,
West, North; MahjCon's A, B, C, D are the same seats in that order). A rotation says, for each
seat, how many tables its player moves: "up" to a higher table number, "down" to a lower one
(the club's reading of the organisers' words). Table numbers wrap around: one up from the last
table is table 1, one down from table 1 is the last table (the club's decision: no text at hand
says what the end tables do). A player keeps their seat at the new table, so each table of the
next round takes exactly one player of each seat, and a rotation is always a seating.

Sources (the rulebook's American tournament points): Destination Mah Jongg official rules (East
stays, North up 1, South down 1, West up 2); MahjCon tournament rules (A stays, B down 1, C down
2, D up 1); Four Seasons rules (East stays, West up 2, North up 1, South down 1); or the same
table all event (fixed tables).
"""

from dataclasses import dataclass

from ..errors import RuleError, gettext_noop

SEAT_LETTERS = ("A", "B", "C", "D")  # MahjCon's names of the seats East, South, West, North


@dataclass(frozen=True)
class Rotation:
    """A rotation: its stored name, the organiser whose rule it is, and the tables each seat
    moves (East, South, West, North; positive: up)."""

    name: str
    source: str
    steps: tuple[int, int, int, int]


ROTATIONS = {
    rotation.name: rotation
    for rotation in (
        Rotation("destination", "Destination Mah Jongg official rules, rotation", (0, -1, 2, 1)),
        Rotation("mahjcon", "MahjCon tournament rules, rotation", (0, -1, -2, 1)),
        Rotation("four_seasons", "Four Seasons rules, rotation", (0, -1, 2, 1)),
        Rotation("fixed", "fixed tables: the same table all event", (0, 0, 0, 0)),
    )
}


def moves(rotation: str, table: int, seat: int, tables: int) -> int:
    """The table (from 1) the player at ``seat`` (0: East/A … 3: North/D) of ``table`` (from 1)
    sits at next round, of ``tables`` tables, by ``rotation`` (a name of ``ROTATIONS``)."""
    if rotation not in ROTATIONS:
        raise RuleError(
            gettext_noop("there is no rotation %(rotation)s; the rotations are %(names)s"),
            rotation=repr(rotation)[:40],
            names=", ".join(ROTATIONS),
        )
    if not 1 <= table <= tables or not 0 <= seat < len(SEAT_LETTERS):
        raise RuleError(
            gettext_noop(
                "a rotation moves the four seats of tables 1 to %(tables)s; there is no table %(table)s, seat %(seat)s"
            ),
            tables=tables,
            table=table,
            seat=seat,
        )
    return (table - 1 + ROTATIONS[rotation].steps[seat]) % tables + 1


def rotate(rotation: str, seating: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The next round's tables (table 1 first, each in seat order) after ``seating`` (this
    round's, the same shape), by ``rotation``. Every table must seat four: a rotation names
    four seats (RuleError otherwise)."""
    count = len(seating)
    if any(len(table) != len(SEAT_LETTERS) for table in seating):
        raise RuleError(gettext_noop("a rotation moves tables of four; a table of another size is seated by a draw"))
    nxt: list[list[int]] = [[0] * len(SEAT_LETTERS) for _ in range(count)]
    for number, table in enumerate(seating, start=1):
        for seat, player in enumerate(table):
            nxt[moves(rotation, number, seat, count) - 1][seat] = player
    return tuple(tuple(table) for table in nxt)
