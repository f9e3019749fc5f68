"""A game log's MCR win with its tiles (the game-log format, "MCR hands"): the points it records
must be what PyMahjongGB counts from the tiles at that hand's winds; ``score_game`` says which
hand and why when they differ."""

import pytest

from scoring.rules import RuleError, parse_game, replay
from scoring.tiles import mcr
from scoring.tiles.gamelog import check_log

pytestmark = pytest.mark.skipif(not mcr.AVAILABLE, reason="PyMahjongGB is not installed: MCR tiles are not scored")

STRAIGHT = {"hand": "123m456m789m123p5p", "win": "5p"}  # Pure Straight 16 + 7 small fans = 23
FANS = ["Pure Straight", "Concealed Hand", "All Chows", "Mixed Double Chow", "One Voided Suit", "Single Wait"]


def log(win, hands_before=0):
    hands = [{"result": "draw"}] * hands_before
    hands.append({"result": "win", "wins": [{"winner": "Bob", "from": "Cho", **win}]})
    return parse_game(
        {"format": "mahjong-club/game-log@1", "ruleset": "mcr", "players": ["Ann", "Bob", "Cho", "Dee"], "hands": hands}
    )


def check(game):
    check_log(game, replay(game))


def test_a_win_whose_tiles_give_its_points_is_accepted():
    check(log({"fan": 23, "tiles": STRAIGHT}))
    check(log({"fan": 23, "fans": FANS, "tiles": STRAIGHT}))


def test_a_win_whose_tiles_give_other_points_names_the_hand():
    with pytest.raises(RuleError, match=r"hand 1: Bob's tiles give 23 points \(Pure Straight, .*\), the log says 24"):
        check(log({"fan": 24, "tiles": STRAIGHT}))


def test_a_win_whose_named_fans_are_not_the_tiles_fans_is_refused():
    named = ["Pure Straight", "Concealed Hand", "All Chows", "Mixed Double Chow", "One Voided Suit", "Edge Wait"]
    with pytest.raises(RuleError, match="tiles give 23 points"):
        check(log({"fan": 23, "fans": named, "tiles": STRAIGHT}))


def test_the_winds_come_from_the_hand_the_seat_changes_included():
    """A pung of the seat wind counts only at the seat the Green Book gives the winner that hand:
    in S2 (hand 6) Bob sits North after the seats changed (a plain rotation would make him
    East), so a pung of North is his Seat Wind there (2 points, which replace the 1 of a Pung of
    Terminals or Honors) and only a Pung of Terminals or Honors in E1."""
    north_pung = {"hand": "444z234m567p789s5s", "win": "5s"}
    assert (
        points(log({"fan": 99, "tiles": north_pung}, hands_before=5))
        == points(log({"fan": 99, "tiles": north_pung})) + 1
    )


def points(game):
    """The points the tiles give, read from the check's refusal of a 99-point claim."""
    with pytest.raises(RuleError) as refused:
        check(game)
    return int(str(refused.value).split("give ")[1].split(" points")[0])


def test_bad_tiles_are_refused_with_the_winner_named():
    with pytest.raises(RuleError, match="hand 1: Bob's tiles"):
        check(log({"fan": 8, "tiles": {"hand": "123m", "win": "5p"}}))
