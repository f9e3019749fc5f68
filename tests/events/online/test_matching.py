"""Which online games an event round takes (``scoring.events.online.matching``), table-driven.

The organiser's text (an online night as an event): imported games whose players match the
round's entrants by online name become that round's tables; unknown names are listed for staff
to map once; games with players not entered are listed with why; taking the same games twice
does nothing twice."""

import pytest

from scoring.events.online.matching import Candidate, Reason, match, unknown_names

ENTRANTS = frozenset({1, 2, 3, 4, 5, 6, 7, 8})
FOUR = frozenset({4})
FOUR_AND_THREE = frozenset({4, 3})
NAMES = ("Kaze", "Yama", "Umi", "Sora")


def game(players, *, key="g", names=NAMES, round_id=None, site="tenhou"):
    return Candidate(key, tuple(names[: len(players)]), tuple(players), round_id, site)


@pytest.mark.parametrize(
    ("why", "candidate", "sizes", "seated", "reason", "names"),
    [
        ("every seat an entrant: taken", game((1, 2, 3, 4)), FOUR, {}, Reason.TAKE, ()),
        ("a table of this round: nothing twice", game((1, 2, 3, 4), round_id=10), FOUR, {}, Reason.IN_ROUND, ()),
        ("a table of another round", game((1, 2, 3, 4), round_id=11), FOUR, {}, Reason.ELSEWHERE, ()),
        ("names nobody holds, listed to map", game((1, None, 3, None)), FOUR, {}, Reason.UNKNOWN, ("Yama", "Sora")),
        ("a player not entered, named", game((1, 2, 3, 99)), FOUR, {}, Reason.NOT_ENTERED, ("Sora",)),
        ("three players where the event seats four", game((1, 2, 3)), FOUR, {}, Reason.SEATS, ()),
        ("three players at an event with tables of the rest", game((1, 2, 3)), FOUR_AND_THREE, {}, Reason.TAKE, ()),
        ("a player at a table of this round already", game((1, 2, 3, 4)), FOUR, {3: 1}, Reason.SEATED, ("Umi",)),
        ("one club player in two seats", game((1, 2, 1, 4)), FOUR, {}, Reason.TWICE, ("Kaze", "Umi")),
    ],
)
def test_a_game_is_taken_only_when_every_seat_is_an_entrant(why, candidate, sizes, seated, reason, names):
    """An online night as an event: each game's verdict and the names it is about."""
    [verdict] = match([candidate], round_id=10, entrants=ENTRANTS, sizes=sizes, seated=seated)
    assert (verdict.reason, verdict.names) == (reason, names), why
    assert verdict.players == (candidate.players if reason == Reason.TAKE else ())


def test_of_two_games_of_one_player_the_earlier_is_taken_the_later_waits_for_the_next_round():
    """An online night as an event: a round seats a player once; the evening's games come in play order."""
    first, second, other = game((1, 2, 3, 4), key="a"), game((5, 1, 6, 7), key="b"), game((5, 6, 7, 8), key="c")
    verdicts = match([first, second, other], round_id=None, entrants=ENTRANTS, sizes=FOUR)
    assert [(v.key, v.reason, v.names) for v in verdicts] == [
        ("a", Reason.TAKE, ()),
        ("b", Reason.SEATED, ("Yama",)),
        ("c", Reason.TAKE, ()),
    ]


def test_the_unknown_names_are_listed_once_each_with_their_site():
    """An online night as an event: unknown names are listed for staff to map once."""
    verdicts = match(
        [
            game((None, 2, 3, 4), key="a"),
            game((5, 6, 7, None), key="b", names=("x", "y", "z", "KAZE")),
            game((None, 2, 3, 4), key="c", site="mahjong_soul"),
        ],
        round_id=None,
        entrants=ENTRANTS,
        sizes=FOUR,
    )
    assert unknown_names(verdicts) == [("tenhou", "Kaze"), ("mahjong_soul", "Kaze")]
