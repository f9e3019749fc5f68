"""American tournament points (the US organisers' rules: Destination Mah Jongg official
rules, MahjCon tournament rules, Four Seasons rules, themahjonggtournament.com rules): each row of
the common core, each organiser's loss for the discarder, dead hands and mahjong in error, the
penalties, the refusals that name the rule, and the properties: a game's points never depend on
the seat order, a wall game gives +10 to exactly the live hands. Expected values are worked out
by hand."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import (
    PRESETS,
    AmericanHand,
    DeadHandChallenge,
    MahjongInError,
    Penalty,
    RuleError,
    TableState,
    parse_game,
    random_game,
    replay,
    score_document,
    settle,
    to_document,
)
from tests.hypothesis_budget import examples

DESTINATION = PRESETS["american-tournament"]  # the common core with Destination Mah Jongg's loss
MAHJCON = DESTINATION.with_overrides({"discarder_loss": [0, 0, 20, 25]}, slug="mahjcon", name="MahjCon")
NO_LOSS = DESTINATION.with_overrides({"discarder_loss": [0, 0, 0, 0]}, slug="four-seasons", name="Four Seasons")
START = TableState((0, 0, 0, 0))


def mahjong(winner, discarder, value, **kw):
    return AmericanHand("mahjong", winner=winner, discarder=discarder, value=value, **kw)


def wall(*incidents, dead=()):
    return AmericanHand("wall", incidents=tuple(incidents), dead=tuple(dead))


ROWS = [
    # id (the organiser's clause), rules, hand, each player's tournament points
    ("core: the winner scores the card value", NO_LOSS, mahjong(0, 2, 25, exposures=1), (25, 0, 0, 0)),
    ("core: +10 self-picked", DESTINATION, mahjong(1, None, 30), (0, 40, 0, 0)),
    ("core: +20 jokerless", NO_LOSS, mahjong(3, 0, 25, jokerless=True, exposures=0), (0, 0, 0, 45)),
    ("core: self-picked and jokerless, +30", DESTINATION, mahjong(2, None, 50, jokerless=True), (0, 0, 80, 0)),
    ("core: wall game, +10 to each live hand", DESTINATION, wall(), (10, 10, 10, 10)),
    ("core: wall game, a dead hand scores 0", DESTINATION, wall(dead=(1, 3)), (10, 0, 10, 0)),
    (
        "core: wall game, a hand declared dead by an upheld challenge scores 0, nobody pays",
        DESTINATION,
        wall(DeadHandChallenge(0, 2, True)),
        (10, 10, 0, 10),
    ),
    (
        "core: a refused challenge leaves both hands live, nobody pays",
        DESTINATION,
        wall(DeadHandChallenge(0, 2, False)),
        (10, 10, 10, 10),
    ),
    (
        "core: mahjong in error, the caller and the thrower-in score 0, play goes on",
        DESTINATION,
        mahjong(1, 3, 30, exposures=0, incidents=(MahjongInError(0, None, (2,)),)),
        (0, 30, 0, -10),
    ),
    (
        "core: mahjong in error with two thrown in ends the game as a wall game: only the intact hand scores",
        DESTINATION,
        wall(MahjongInError(0, 30, (1, 2))),
        (0, 0, 0, 10),
    ),
    (
        "core: a broken wall costs nothing in points; the breaker's hand is live",
        DESTINATION,
        wall(MahjongInError(2, None, (), 3)),
        (10, 10, 0, 10),
    ),
    (
        "core: a dead hand scores 0, even as the discarder of the winning tile (the club's reading)",
        DESTINATION,
        mahjong(0, 1, 25, exposures=3, dead=(1,)),
        (25, 0, 0, 0),
    ),
    (
        "core: a misnamed discard scores as a discard; its penalty is the organiser's",
        DESTINATION,
        mahjong(1, 3, 25, misnamed_discard=True, exposures=2),
        (0, 25, 0, -20),
    ),
    ("Destination Mah Jongg: 0 exposures, -10", DESTINATION, mahjong(0, 2, 25, exposures=0), (25, 0, -10, 0)),
    ("Destination Mah Jongg: 1 exposure, -10", DESTINATION, mahjong(0, 2, 25, exposures=1), (25, 0, -10, 0)),
    ("Destination Mah Jongg: 2 exposures, -20", DESTINATION, mahjong(0, 2, 25, exposures=2), (25, 0, -20, 0)),
    ("Destination Mah Jongg: 3 exposures, -25", DESTINATION, mahjong(0, 2, 25, exposures=3), (25, 0, -25, 0)),
    ("Destination Mah Jongg: 4 exposures, -25", DESTINATION, mahjong(0, 2, 25, exposures=4), (25, 0, -25, 0)),
    ("MahjCon: 0 exposures, nothing", MAHJCON, mahjong(0, 2, 25, exposures=0), (25, 0, 0, 0)),
    ("MahjCon: 1 exposure, nothing", MAHJCON, mahjong(0, 2, 25, exposures=1), (25, 0, 0, 0)),
    ("MahjCon: 2 exposures, -20", MAHJCON, mahjong(0, 2, 25, exposures=2), (25, 0, -20, 0)),
    ("MahjCon: 3 exposures, -25", MAHJCON, mahjong(0, 2, 25, exposures=3), (25, 0, -25, 0)),
    ("Four Seasons: no loss for the discarder", NO_LOSS, mahjong(0, 2, 40, exposures=3), (40, 0, 0, 0)),
    ("Four Seasons: exposures need not be stated", NO_LOSS, mahjong(0, 2, 40), (40, 0, 0, 0)),
]


@pytest.mark.parametrize(("rules", "hand", "points"), [pytest.param(*row[1:], id=row[0]) for row in ROWS])
def test_tournament_points_rows(rules, hand, points):
    """Each game's tournament points, as the organisers' rules score it (the US tournament rules); nobody pays."""
    settled = settle(rules, START, hand)
    assert settled.deltas == points
    assert settled.payments == ()
    assert settled.table.scores == points


def test_penalties_are_tournament_points_off_the_result():
    """MahjCon tournament rules: a misnamed discard -25; a blind-pass peek -10 (the organiser's
    penalties): taken from the game's result like every American penalty."""
    hand = mahjong(
        1, 3, 25, misnamed_discard=True, exposures=0, penalties=(Penalty(3, 25, "result"), Penalty(0, 10, "result"))
    )
    settled = settle(MAHJCON, START, hand)
    assert settled.deltas == (0, 25, 0, 0)
    assert settled.result_penalties == (10, 0, 0, 25)


ERRORS = [
    # id, rules, hand, what the message says, the rule it names
    (
        "Destination Mah Jongg: a discard needs the exposures",
        DESTINATION,
        mahjong(0, 2, 25),
        "needs how many groups the discarder had exposed",
        "the discarder's exposures",
    ),
    (
        "exposures: at most 4",
        DESTINATION,
        mahjong(0, 2, 25, exposures=5),
        "0 to 4 groups exposed, not 5",
        "the discarder's exposures",
    ),
    ("exposures: not negative", DESTINATION, mahjong(0, 2, 25, exposures=-1), "not -1", "the discarder's exposures"),
    (
        "exposures: not for a self-pick",
        DESTINATION,
        mahjong(0, None, 25, exposures=1),
        "only a mahjong by discard has them",
        "the discarder's exposures",
    ),
    (
        "exposures: not for a wall game",
        DESTINATION,
        AmericanHand("wall", exposures=0),
        "only a mahjong by discard has them",
        "the discarder's exposures",
    ),
    ("a dead hand cannot win", DESTINATION, mahjong(0, 2, 25, exposures=0, dead=(0,)), "cannot win", "dead hand"),
    (
        "a card value below the lowest",
        DESTINATION,
        mahjong(0, 2, 20, exposures=0),
        "at least 25, not 20",
        "paying a mahjong",
    ),
]


@pytest.mark.parametrize(("rules", "hand", "match", "rule"), [pytest.param(*row[1:], id=row[0]) for row in ERRORS])
def test_tournament_points_refusals(rules, hand, match, rule):
    """Impossible facts are refused with a message naming the rule."""
    with pytest.raises(RuleError, match=match) as error:
        settle(rules, START, hand)
    assert rule in str(error.value)


def test_settle_up_is_untouched_by_dead_hands_and_exposures():
    """American penalties and errors: dead players still pay the winner; exposures change nothing."""
    settled = settle(PRESETS["american"], START, mahjong(0, 2, 25, exposures=3, dead=(1,)))
    assert settled.deltas == (100, -25, -50, -25)


def test_tournament_points_are_american_only():
    """Tournament points are an American knob (the US tournament rules): a riichi ruleset refuses them."""
    with pytest.raises(RuleError, match="American rulesets only"):
        PRESETS["ema-2016"].with_overrides({"american_scoring": "tournament_points"})


@pytest.mark.parametrize(
    ("value", "match"),
    [([10, 20, 25], "a list of 4"), ([10, 10, 20, -25], "positive number"), ([10, 10, 20, "x"], "whole number")],
)
def test_discarder_loss_knob_refusals(value, match):
    """The discarder_loss knob: 4 losses (0, 1, 2, 3 or more exposures), none negative."""
    with pytest.raises(RuleError, match=match):
        DESTINATION.with_overrides({"discarder_loss": value})


GAME_LOG = {
    "format": "mahjong-club/game-log@1",
    "ruleset": "american-tournament",
    "players": ["Ann", "Bob", "Cy", "Dee"],
}


@pytest.mark.parametrize(
    ("hand", "match"),
    [
        ({"result": "mahjong", "winner": "Ann", "from": "Bob", "value": 25, "exposures": 5}, "the most is 4"),
        ({"result": "mahjong", "winner": "Ann", "from": "Bob", "value": 25, "exposures": -1}, "0 to 4"),
        ({"result": "mahjong", "winner": "Ann", "from": "Bob", "value": 25, "exposures": "2"}, "whole number"),
        ({"result": "mahjong", "winner": "Ann", "from": "Bob", "value": 25}, "needs how many groups"),
        ({"result": "wall", "exposures": 1}, "exposures"),
        ({"result": "wall", "dead": ["Zed"]}, "Zed"),
        ({"result": "wall", "dead": ["Ann", "Ann"]}, "names a player twice"),
        ({"result": "wall", "dead": "Ann"}, "list of player names"),
        ({"result": "mahjong", "winner": "Ann", "value": 25, "dead": ["Ann"]}, "cannot win"),
    ],
)
def test_game_log_refusals(hand, match):
    """The game log's exposures (0 to 4, a mahjong by discard's) and dead hands (the players'
    names): refused with a message naming the key or the rule."""
    with pytest.raises(RuleError, match=match):
        score_document({**GAME_LOG, "hands": [hand]})


def test_game_log_round_trip_keeps_exposures_and_dead_hands():
    """What the game log reads it writes back (the facts the US tournament rules need: exposures, dead hands)."""
    hands = [
        {"result": "mahjong", "winner": "Ann", "from": "Bob", "value": 25, "exposures": 2, "dead": ["Cy"]},
        {"result": "wall", "dead": ["Bob", "Dee"]},
    ]
    played = score_document({**GAME_LOG, "hands": hands})
    assert [h["deltas"] for h in played["hands"]] == [
        {"Ann": 25, "Bob": -20, "Cy": 0, "Dee": 0},
        {"Ann": 10, "Bob": 0, "Cy": 10, "Dee": 0},
    ]
    again = to_document(parse_game({**GAME_LOG, "hands": hands}))
    assert again["hands"] == hands


# ---- properties ---------------------------------------------------------------------------------

PROPERTY = settings(max_examples=examples(60), deadline=None, derandomize=True)


@st.composite
def tournament_hands(draw):
    """Any valid hand under tournament points: a mahjong (by discard, with exposures, or
    self-picked) or a wall game, with some hands named dead and now and then a mahjong in error."""
    dead = tuple(sorted(draw(st.lists(st.integers(0, 3), unique=True, max_size=3))))
    incidents = ()
    if draw(st.booleans()):
        caller = draw(st.sampled_from([p for p in range(4)]))
        incidents = (MahjongInError(caller, None, ()),)
    barred = set(dead) | {i.caller for i in incidents}
    live = [p for p in range(4) if p not in barred]
    if not live or draw(st.booleans()):
        return AmericanHand("wall", incidents=incidents, dead=dead)
    winner = draw(st.sampled_from(live))
    discarder = draw(st.sampled_from([None, *(p for p in range(4) if p != winner)]))
    return mahjong(
        winner,
        discarder,
        draw(st.sampled_from((25, 30, 35, 50))),
        jokerless=draw(st.booleans()),
        exposures=None if discarder is None else draw(st.integers(0, 4)),
        dead=dead,
        incidents=incidents,
    )


def moved(hand: AmericanHand, seat) -> AmericanHand:
    """``hand`` with every player moved to ``seat[player]``."""
    at = {None: None, **{p: seat[p] for p in range(4)}}
    return hand._replace(
        winner=at[hand.winner],
        discarder=at[hand.discarder],
        dead=tuple(sorted(seat[p] for p in hand.dead)),
        incidents=tuple(i._replace(caller=seat[i.caller]) for i in hand.incidents),
    )


@PROPERTY
@given(hand=tournament_hands(), seat=st.permutations(range(4)), rules=st.sampled_from((DESTINATION, MAHJCON)))
def test_a_games_points_never_depend_on_the_seat_order(hand, seat, rules):
    """The US tournament rules: a player's tournament points for a game follow from what they did, not where
    they sat: the same facts with the players in other seats give each player the same points."""
    points = settle(rules, START, hand).deltas
    again = settle(rules, START, moved(hand, seat)).deltas
    assert all(again[seat[p]] == points[p] for p in range(4))


@PROPERTY
@given(hand=tournament_hands())
def test_a_wall_game_gives_ten_to_exactly_the_live_hands(hand):
    """The US tournament rules' core: on a wall game every live hand scores +10, a dead one 0."""
    if hand.result != "wall":
        return
    dead = set(hand.dead) | {i.caller for i in hand.incidents}
    points = settle(DESTINATION, START, hand).deltas
    assert {p for p in range(4) if points[p] == 10} == set(range(4)) - dead
    assert all(points[p] == 0 for p in dead)


@settings(max_examples=examples(20), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), order=st.permutations(range(4)))
def test_a_random_games_results_never_depend_on_the_seat_order(seed, order):
    """The US tournament rules: a whole random game scored in tournament points gives each player the same
    result whatever the order the game log seats them in."""
    doc = random_game(random.Random(seed), "american-tournament")
    reseated = json.loads(json.dumps(doc))
    reseated["players"] = [doc["players"][i] for i in order]
    results = {doc["players"][line.player]: line.result for line in replay(parse_game(doc)).standings}
    again = {reseated["players"][line.player]: line.result for line in replay(parse_game(reseated)).standings}
    assert again == results
