"""The chairs and seat winds the site shows (``scoring.rules.seating`` and ``seat_winds``): MCR's
players change chairs every 4 hands (the Green Book, "Changing seats": after the East round East
and South change places and so do West and North; after the South round East moves to West,
West to South, South to North and North to East; after the West round as after the East), the
other families' never do. Expected values are worked out by hand from the clause."""

import pytest

from scoring.rules import PRESETS, TableState, dealer, seat_winds, seating
from scoring.rules.families.mcr.facts import HANDS, seat_wind

MCR = PRESETS["mcr"]
E, S, W, N = range(4)


def at(rules, hand: int) -> TableState:
    """The table before the 0-based ``hand``, the deal passed every hand."""
    return TableState((rules.start_points,) * 4, rotations=hand, hands=hand)


# hand (0-based), the players (by their first hand's seat: Ann 0, Bob 1, Cho 2, Dee 3) in the
# East, South, West and North chairs, and Ann's, Bob's, Cho's and Dee's seat winds
GREEN_BOOK = [
    pytest.param(0, (0, 1, 2, 3), (E, S, W, N), id="E1: the draw's chairs, Ann deals"),
    pytest.param(3, (0, 1, 2, 3), (S, W, N, E), id="E4: Dee deals from the North chair"),
    pytest.param(4, (1, 0, 3, 2), (S, E, N, W), id="S1: East and South change places, so do West and North"),
    pytest.param(7, (1, 0, 3, 2), (W, S, E, N), id="S4: Cho deals from the North chair"),
    pytest.param(8, (2, 3, 1, 0), (N, W, E, S), id="W1: East to West, West to South, South to North, North to East"),
    pytest.param(9, (2, 3, 1, 0), (W, S, N, E), id="W2: Dee deals from the South chair"),
    pytest.param(12, (3, 2, 0, 1), (W, N, S, E), id="N1: East and South change places again, so do West and North"),
    pytest.param(15, (3, 2, 0, 1), (N, E, W, S), id="N4: Bob deals from the North chair"),
]


@pytest.mark.parametrize(("hand", "chairs", "winds"), GREEN_BOOK)
def test_mcr_chairs_and_seat_winds_follow_the_green_books_seat_change(hand, chairs, winds):
    table = at(MCR, hand)
    assert seating(MCR, table) == chairs
    assert seat_winds(MCR, table) == winds
    assert winds[dealer(MCR, table)] == E  # whoever deals sits East


def test_mcr_seat_winds_are_the_tiles_seat_winds_every_hand_and_each_player_holds_each_wind_once_a_round():
    """The Green Book: the deal passes every hand, so within a prevailing wind each player is
    East, South, West and North once; the scoreboard's winds are those a hand by its tiles is
    scored with."""
    winds = [seat_winds(MCR, at(MCR, hand)) for hand in range(HANDS)]
    assert winds == [tuple(seat_wind(hand, player) for player in range(4)) for hand in range(HANDS)]
    for start in range(0, HANDS, 4):
        for player in range(4):
            assert sorted(hand[player] for hand in winds[start : start + 4]) == [E, S, W, N]


def test_mcr_the_west_and_north_starters_walk_round_the_chairs():
    """Mahjong Den Haag's reading of the same clause: who starts West moves West, North, East,
    South; who starts North moves North, West, South, East (one chair a round)."""
    rounds = [seating(MCR, at(MCR, hand)) for hand in range(0, HANDS, 4)]
    assert [chairs.index(2) for chairs in rounds] == [W, N, E, S]
    assert [chairs.index(3) for chairs in rounds] == [N, W, S, E]


@pytest.mark.parametrize(
    ("preset", "rotations", "winds"),
    [
        pytest.param("ema-2025", 1, (N, E, S, W), id="riichi E2: the deal passed to Bob, nobody moved"),
        pytest.param("ema-2025", 6, (W, N, E, S), id="riichi S3: Cho deals"),
        pytest.param("tenhou-sanma", 1, (W, E, S), id="sanma E2: three chairs"),
    ],
)
def test_winds_where_nobody_changes_chairs_count_from_the_dealer(preset, rotations, winds):
    rules = PRESETS[preset]
    table = TableState((rules.start_points,) * len(winds), rotations=rotations)
    assert seating(rules, table) == tuple(range(len(winds)))
    assert seat_winds(rules, table) == winds
