"""The round's gong per ruleset (EMA Riichi Competition Rules 2016, time limit; EMA 2025 as 2016, decided:
a chombo in the one more hand is replayed and does not end the game; other presets decided)."""

import pytest

from scoring.rules import PRESETS, over_after_gong

ONE_MORE = {"ema-2016", "ema-2025"}


@pytest.mark.parametrize("slug", sorted(PRESETS))
@pytest.mark.parametrize(
    "results, over_one_more, over_last",
    [
        ((), False, False),  # nothing recorded since the gong
        (("win",), False, True),  # the hand in progress at the gong
        (("draw", "win"), True, True),  # a hand started after the gong
        (("win", "chombo"), False, True),  # a chombo after the gong is not the one more hand
        (("chombo",), False, True),  # the hand in progress ends in chombo
        (("win", "chombo", "chombo", "draw"), True, True),
    ],
)
def test_when_the_game_is_over_after_the_gong(slug, results, over_one_more, over_last):
    expected = over_one_more if slug in ONE_MORE else over_last
    assert over_after_gong(PRESETS[slug], results) is expected


def test_ema_2016_plays_one_more_hand_and_a_copy_may_choose_the_last():
    assert PRESETS["ema-2016"].time_up == "one_more_hand"
    club = PRESETS["ema-2016"].with_overrides({"time_up": "last_hand"}, slug="club")
    assert over_after_gong(club, ("win",))
