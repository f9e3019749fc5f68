"""MCR payments (Mahjong Competition Rules, WMO 2006, "Payment" and "False mahjong"; the EMA's
MERS regulations for referee penalties): every row of the payment table, the 8-point minimum,
the deal and the Green Book's seat changes, and the errors the rules name. Expected values are
worked out by hand."""

import pytest

from scoring.rules import PRESETS, FalseMahjong, MCRHand, MCRWin, Penalty, RuleError, TableState, dealer, settle
from scoring.rules.families.mcr.facts import SEATING, prevalent_wind, seat_wind
from scoring.rules.families.mcr.settlement import round_label

MCR = PRESETS["mcr"]
START = TableState((0, 0, 0, 0))
NAMES = ("Ann", "Bob", "Cho", "Dee")


def win(winner, discarder, fan, flowers=0, fans=(), false=(), penalties=()):
    return MCRHand(
        "win",
        MCRWin(winner, discarder, fan, flowers, tuple(fans)),
        tuple(FalseMahjong(c) for c in false),
        tuple(penalties),
    )


def draw(false=(), penalties=()):
    return MCRHand("draw", None, tuple(FalseMahjong(c) for c in false), tuple(penalties))


PAYMENTS = [
    # id (the Green Book's rule), hand, deltas
    ("Payment: on a discard the discarder pays fan + 8, the others 8", win(1, 2, 10), (-8, 34, -18, -8)),
    ("Payment: the minimum, 8 points, on a discard", win(0, 3, 8), (32, -8, -8, -16)),
    ("Payment: on a self-draw each of the three pays fan + 8", win(2, None, 8), (-16, -16, 48, -16)),
    ("Payment: flowers add a point to every full payment", win(3, 0, 8, flowers=2), (-18, -8, -8, 34)),
    ("Payment: flowers on a self-draw", win(0, None, 12, flowers=1), (63, -21, -21, -21)),
    ("Payment: a draw pays nothing", draw(), (0, 0, 0, 0)),
    ("False mahjong: the caller pays 10 to each other player", draw(false=(3,)), (10, 10, 10, -30)),
    ("False mahjong: the hand goes on and another wins it", win(3, 1, 9, false=(2,)), (2, -7, -38, 43)),
    ("False mahjong: two callers in one hand", draw(false=(0, 1)), (-30 + 10, 10 - 30, 20, 20)),
    (
        "Payment: the fans named add up to the fan",
        win(1, None, 12, fans=("Mixed Straight", "Fully Concealed Hand")),
        (-20, 60, -20, -20),
    ),
    ("Payment: a big hand, 88 points", win(0, 1, 88), (112, -96, -8, -8)),
]


@pytest.mark.parametrize(("hand", "deltas"), [row[1:] for row in PAYMENTS], ids=[row[0] for row in PAYMENTS])
def test_mcr_payment_table(hand, deltas):
    """Each row of the Green Book's payment rules, worked out by hand."""
    settled = settle(MCR, START, hand, names=NAMES)
    assert settled.deltas == deltas
    assert sum(settled.deltas) == 0
    assert settled.table.pot == 0 and settled.table.counters == 0


def test_mcr_referee_penalty_comes_off_the_result_not_the_table():
    """MERS: a referee penalty in points is taken from the player's result; nobody receives it."""
    settled = settle(MCR, START, draw(penalties=(Penalty(1, 5, "result", "slow play"),)), names=NAMES)
    assert settled.deltas == (0, 0, 0, 0)
    assert settled.result_penalties == (0, 5, 0, 0)


REFUSED = [
    # id (the rule), rules, hand, what the message says
    ("Minimum: 8 points not counting flowers", MCR, win(0, 1, 7, flowers=3), "at least 8 points not counting flowers"),
    ("False mahjong: the caller cannot win that hand", MCR, win(2, 1, 8, false=(2,)), "cannot win it"),
    ("Payment: nobody wins on his own discard", MCR, win(1, 1, 8), "own discard"),
    (
        "Payment: the fans named must add up",
        MCR,
        win(1, 2, 10, fans=("Mixed Straight",)),
        "add up to 8 points, not the 10",
    ),
    ("Payment: a hand has 0 to 8 flowers", MCR, win(1, 2, 8, flowers=9), "0 to 8 flowers"),
    ("Penalty: a positive number of points", MCR, draw(penalties=(Penalty(1, 0, "result"),)), "positive number"),
    ("Penalty: never into a pot", MCR, draw(penalties=(Penalty(1, 10, "pot"),)), "positive number"),
    ("A knob: a club's 10-point minimum", MCR.with_overrides({"min_fan": 10}), win(0, 1, 9), "at least 10 points"),
]


@pytest.mark.parametrize(("rules", "hand", "message"), [row[1:] for row in REFUSED], ids=[row[0] for row in REFUSED])
def test_mcr_refusals_name_the_rule(rules, hand, message):
    """Impossible facts are refused with the rule quoted (the Green Book by subject)."""
    with pytest.raises(RuleError) as refused:
        settle(rules, START, hand, names=NAMES)
    assert message in str(refused.value)
    assert "Mahjong Competition Rules" in str(refused.value)


def test_mcr_false_mahjong_points_is_a_knob():
    """A club may set what a false mahjong costs (the Green Book: 10 to each player)."""
    rules = MCR.with_overrides({"false_mahjong_points": 5})
    assert settle(rules, START, draw(false=(0,)), names=NAMES).deltas == (-15, 5, 5, 5)


def test_mcr_session_is_16_hands_and_ends_by_itself():
    """Procedure of play: 16 hands, 4 per prevailing wind, no dealer repeat; a 17th is refused."""
    table = START
    labels = []
    for _ in range(16):
        labels.append(round_label(table))
        table = settle(MCR, table, draw(), names=NAMES).table
    assert labels == [f"{wind}{n}" for wind in "ESWN" for n in (1, 2, 3, 4)]
    assert table.finished and table.rotations == 16
    with pytest.raises(RuleError, match="the game is over"):
        settle(MCR, table, draw(), names=NAMES)


def test_mcr_seats_change_every_four_hands():
    """The Green Book's seat rotation: after the East and the West rounds East and South change
    places and so do West and North; after the South round East goes West, West South, South
    North and North East. The dealer is whoever sits East: hands 1–16 worked by hand."""
    dealers = [dealer(MCR, TableState(START.scores, rotations=hand, hands=hand)) for hand in range(16)]
    assert dealers == [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    # after the South round: the South round's East (Bob) sits West, its West (Dee) sits South
    south, west = SEATING[1], SEATING[2]
    assert west.index(south[0]) == 2 and west.index(south[2]) == 1
    assert west.index(south[1]) == 3 and west.index(south[3]) == 0


@pytest.mark.parametrize(
    ("hand", "player", "seat", "prevalent"),
    [
        (0, 0, 0, 0),  # E1: Ann is East
        (1, 0, 3, 0),  # E2: Bob deals, Ann is North
        (4, 1, 0, 1),  # S1: Bob sits East
        (4, 0, 1, 1),  # S1: Ann sits South
        (8, 2, 0, 2),  # W1: Cho sits East
        (15, 1, 0, 3),  # N4: Bob deals
    ],
)
def test_mcr_seat_and_prevalent_wind_for_tiles(hand, player, seat, prevalent):
    """The winds a hand by its tiles is scored with (the Green Book's seat rotation)."""
    assert seat_wind(hand, player) == seat
    assert prevalent_wind(hand) == prevalent
