"""The event log (the event-log format): the worked example scored exactly, every error the format
lists (one line naming where), each family's table results as ``score_game`` gives them, the
carried half, the knockout per table, an MCR event and a sanma event worked by hand, the EMA rows."""

import copy
import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from scoring.rules import RuleError, parse_game, score_document
from scoring.rules.eventlog import decode, parse_event, score_event, score_event_document
from scoring.rules.eventlog.document import Carry
from scoring.rules.eventlog.stages import carried

# the steering repository's shared/ folder, beside this one: the format's worked example
SHARED_EXAMPLES = Path(os.environ.get("SHARED_EXAMPLES", Path(__file__).resolve().parents[3] / "shared" / "examples"))
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"  # the game logs' worked examples

ANN, BOB, CHO, DEE, EVE, FAY, GUS, HAL = (
    "Ann Bakker",
    "Bob Jansen",
    "Cho Lee",
    "Dee Visser",
    "Eve Martin",
    "Fay Weber",
    "Gus Peeters",
    "Hal Smith",
)
# the worked example's event (event-stages.json): eight players, two rounds, a cut to four carrying half
EVENT = {
    "format": "mahjong-club/event-log@1",
    "name": "Club Riichi Open",
    "ruleset": "ema-2025",
    "days": ["2026-05-16", "2026-05-17"],
    "city": "Leiden",
    "country": "NL",
    "mers_weight": 1,
    "players": [
        {"name": ANN, "ema": "10990001", "country": "NL"},
        {"name": BOB, "ema": "10990002", "country": "NL"},
        {"name": CHO, "country": "DE"},
        {"name": DEE, "country": "NL"},
        {"name": EVE, "ema": "04990003", "country": "FR"},
        {"name": FAY, "ema": "02990004", "country": "DE"},
        {"name": GUS, "country": "BE"},
        {"name": HAL, "ema": "13990005", "country": "GB"},
    ],
    "stages": [
        {
            "name": "Qualifying",
            "rounds": [
                [
                    {"players": [ANN, BOB, CHO, DEE], "scores": [45300, 31200, 24000, 19500]},
                    {"players": [EVE, FAY, GUS, HAL], "scores": [38000, 27000, 27000, 28000]},
                ],
                [
                    {"players": [EVE, FAY, ANN, HAL], "scores": [21700, 42300, 30000, 26000]},
                    {"players": [CHO, GUS, BOB, DEE], "scores": [36300, 33100, 26200, 24400]},
                ],
            ],
        },
        {
            "name": "Final",
            "cut": 4,
            "carry": "half",
            "rounds": [[{"players": [CHO, EVE, ANN, FAY], "scores": [28000, 40000, 28000, 24000]}]],
        },
    ],
    "penalties": [{"player": FAY, "points": 4, "stage": "Qualifying", "reason": "late twice"}],
}
# a finished game of Ann, Bob, Cho and Dee: the dealer Ann's 3 han 30 fu off Cho (5,800)
GAME = {
    "format": "mahjong-club/game-log@1",
    "ruleset": "ema-2025",
    "players": [ANN, BOB, CHO, DEE],
    "hands": [{"result": "win", "wins": [{"winner": ANN, "from": CHO, "han": 3, "fu": 30}]}],
    "finished": True,
}
# a first round where Ann and Fay tie at the top, Cho and Eve third, Bob and Gus fifth, Dee and Hal last
LEVEL = [
    {"players": [ANN, CHO, BOB, DEE], "scores": [45300, 31200, 24000, 19500]},
    {"players": [FAY, EVE, GUS, HAL], "scores": [45300, 31200, 24000, 19500]},
]


def edited(*edits):
    """EVENT with each (path, value) set: a path of keys and indexes; the value DROP removes the key."""
    doc = copy.deepcopy(EVENT)
    for path, value in edits:
        *parents, last = path
        place = doc
        for key in parents:
            place = place[key]
        if value is DROP:
            del place[last]
        else:
            place[last] = value
    return doc


DROP = object()
TABLE_1 = ("stages", 0, "rounds", 0, 0)
FINAL_TABLE = ("stages", 1, "rounds", 0, 0)


def scored(doc):
    """score_event's output for a decoded event log."""
    return score_event_document(doc)


def standing(output, stage):
    return {line["player"]: line for line in output["stages"][stage]["standings"]}


def test_the_worked_example_gives_its_expected_output():
    """event-stages.json gives exactly event-stages.expected.json (the shared folder's, beside this one)."""
    if not (SHARED_EXAMPLES / "event-stages.json").is_file():
        pytest.skip(f"the worked example is not in {SHARED_EXAMPLES} (the event-log format's examples)")
    doc = json.loads((SHARED_EXAMPLES / "event-stages.json").read_text())
    expected = json.loads((SHARED_EXAMPLES / "event-stages.expected.json").read_text())
    output = score_event_document(doc)
    assert output == expected
    assert [list(row) for row in output["ema"]] == [list(row) for row in expected["ema"]]  # the EMA's column order
    assert doc == EVENT  # the tests below edit this very event


def test_the_worked_example_by_hand():
    """The worked example's numbers, worked by hand: ema-2025, 45,300 first is 15.3 + 15 = 30.3;
    27,000 tied third with 27,000 is −3 + (−5 − 15) / 2 = −13; Fay's 4 penalty points; Fay and Cho
    level on 10.3, Fay's raw scores (69,300) above Cho's (60,300); half of 35.3 is 17.7, of −0.3 −0.2."""
    output = scored(EVENT)
    qualifying, final = standing(output, 0), standing(output, 1)
    assert qualifying[ANN]["results"] == [30.3, 5]
    assert qualifying[FAY] == {
        "player": FAY,
        "rank": 2,
        "carried": 0,
        "results": [-13, 27.3],
        "penalties": 4,
        "total": 10.3,
    }
    assert (qualifying[CHO]["rank"], qualifying[CHO]["total"]) == (3, 10.3)
    assert [final[name]["carried"] for name in (ANN, FAY, CHO, EVE)] == [17.7, 5.2, 5.2, -0.2]
    assert [(line["player"], line["place"]) for line in output["final"]][3:5] == [(FAY, 4), (BOB, 5)]


# --- every error the format lists (the event-log format, "Errors"), and the others of the parser ---

TIE_AT_TABLE = [{"players": [ANN, BOB, CHO, DEE], "scores": [35000, 35000, 25000, 25000]}]
ERRORS = [
    ("format", [(("format",), "mahjong-club/event-log@2")], "format must be 'mahjong-club/event-log@1'"),
    ("unknown-key", [(("stagez",), [])], "unknown key 'stagez'"),
    (
        "unknown-table-key",
        [(("stages", 1, "rounds", 0, 0, "score"), [1])],
        "stage 2 round 1 table 1: unknown key 'score'",
    ),
    ("not-an-object", [(("stages", 0), [])], "stage 1: a stage is a JSON object"),
    ("ruleset", [(("ruleset",), "ema-2099")], "unknown ruleset 'ema-2099'"),
    ("name", [(("name",), " ")], "name must be non-empty text"),
    ("no-city", [(("city",), DROP)], "city must be non-empty text"),
    ("iso-date", [(("days",), ["2026-5-16"])], "days: '2026-5-16' is not an ISO date"),
    ("week-date", [(("days",), ["2026-W20-6"])], "days: '2026-W20-6' is not an ISO date"),
    ("no-days", [(("days",), [])], "days must list one or more ISO dates"),
    ("days-order", [(("days",), ["2026-05-17", "2026-05-16"])], "days must be in order, each once"),
    ("days-once", [(("days",), ["2026-05-16", "2026-05-16"])], "days must be in order, each once"),
    ("country", [(("country",), "NLD")], "country 'NLD' is not an ISO 3166 alpha-2 code"),
    ("country-lower", [(("players", 2, "country"), "de")], "player 3: country 'de' is not an ISO 3166 alpha-2 code"),
    ("mers-zero", [(("mers_weight",), 0)], "mers_weight must be a positive number"),
    ("mers-text", [(("mers_weight",), "1")], "mers_weight must be a positive number"),
    ("mers-true", [(("mers_weight",), True)], "mers_weight must be a positive number"),
    ("player-twice", [(("players", 1, "name"), "ann bakker")], "player 2: 'ann bakker' is listed twice"),
    ("player-key", [(("players", 3, "emma"), "1")], "player 4: unknown key 'emma'"),
    (
        "ema-number",
        [(("players", 0, "ema"), 10990001)],
        "player 1: ema 10990001 is not an 8-digit EMA number (a string)",
    ),
    (
        "ema-digits",
        [(("players", 0, "ema"), "1099001")],
        "player 1: ema '1099001' is not an 8-digit EMA number (a string)",
    ),
    ("ema-twice", [(("players", 4, "ema"), "10990001")], "player 5: ema '10990001' is player 1's"),
    ("stage-name", [(("stages", 1, "name"), "Qualifying")], "stage 2: stage name 'Qualifying' is used twice"),
    (
        "first-stage-carry",
        [(("stages", 0, "carry"), "half")],
        "stage 1: cut, advance_per_table and carry need a previous stage",
    ),
    ("first-stage-cut", [(("stages", 0, "cut"), 4)], "stage 1: cut, advance_per_table and carry need a previous stage"),
    (
        "cut-and-advance",
        [(("stages", 1, "advance_per_table"), 2)],
        "stage 2: cut and advance_per_table exclude each other",
    ),
    ("cut-larger", [(("stages", 1, "cut"), 12)], "stage 2: cut 12 is larger than the 8 players of stage 1"),
    ("cut-zero", [(("stages", 1, "cut"), 0)], "stage 2: cut must be a positive integer"),
    ("cut-text", [(("stages", 1, "cut"), "4")], "stage 2: cut must be a positive integer"),
    (
        "advance-larger",
        [(("stages", 1, "cut"), DROP), (("stages", 1, "advance_per_table"), 5)],
        "stage 2: advance_per_table 5 is more than the 4 players of a table",
    ),
    ("carry", [(("stages", 1, "carry"), "double")], "stage 2: carry 'double' is not one of full, half, none"),
    (
        "tie-at-the-cut",
        [(("stages", 0, "rounds"), [LEVEL]), (("stages", 1, "cut"), 3)],
        "stage 2: a tie at the cut: Cho Lee and Eve Martin share rank 3 of stage 1",
    ),
    (
        "tie-at-a-table",
        [
            (("stages", 0, "rounds"), [TIE_AT_TABLE + EVENT["stages"][0]["rounds"][0][1:]]),
            (("stages", 1, "cut"), DROP),
            (("stages", 1, "advance_per_table"), 1),
        ],
        "stage 2: a tie at table 1 of the last round: Ann Bakker and Bob Jansen share rank 2 of stage 1",
    ),
    ("field", [(("stages", 1, "cut"), 6)], "stage 2: 6 players do not make tables of 4"),
    ("no-rounds", [(("stages", 1, "rounds"), [])], "stage 2: rounds must list one or more rounds"),
    ("empty-round", [(("stages", 1, "rounds"), [[]])], "stage 2 round 1: a round is a list of one or more tables"),
    (
        "unknown-player",
        [((*TABLE_1, "players", 3), "Zed Nobody")],
        "stage 1 round 1 table 1: unknown player 'Zed Nobody'",
    ),
    (
        "plays-twice",
        [(("stages", 0, "rounds", 0, 1, "players", 3), EVE)],
        "stage 1 round 1 table 2: Eve Martin plays twice in this round",
    ),
    ("seats", [((*TABLE_1, "players"), [ANN, BOB, CHO])], "stage 1 round 1 table 1: a riichi table seats 4 players"),
    ("sanma-seats", [(("ruleset",), "tenhou-sanma")], "stage 1 round 1 table 1: a sanma table seats 3 players"),
    (
        "mcr-seats",
        [(("ruleset",), "mcr"), ((*TABLE_1, "players"), [ANN])],
        "stage 1 round 1 table 1: an MCR table seats 4 players",
    ),
    (
        "does-not-play",
        [((*FINAL_TABLE, "players", 3), BOB)],
        "stage 2 round 1 table 1: Bob Jansen does not play this stage",
    ),
    (
        "no-table",
        [(("stages", 0, "rounds", 1), EVENT["stages"][0]["rounds"][1][:1])],
        "stage 1 round 2: Bob Jansen plays this stage but has no table in this round",
    ),
    ("sum", [((*TABLE_1, "scores", 0), 45400)], "stage 1 round 1 table 1: scores sum to 120100, not 120000"),
    (
        "hundreds",
        [((*TABLE_1, "scores"), [45350, 31150, 24000, 19500])],
        "stage 1 round 1 table 1: riichi scores are multiples of 100",
    ),
    ("float", [((*TABLE_1, "scores", 0), 45300.0)], "stage 1 round 1 table 1: score 45300.0 is not an integer"),
    ("text-score", [((*TABLE_1, "scores", 0), "45300")], "stage 1 round 1 table 1: score '45300' is not an integer"),
    (
        "score-count",
        [((*TABLE_1, "scores"), [45300, 31200, 43500])],
        "stage 1 round 1 table 1: scores must list 4 final scores, one per player",
    ),
    (
        "huge-score",
        [((*TABLE_1, "scores"), [10_045_300, -9_968_800, 24000, 19500])],
        "stage 1 round 1 table 1: score 10045300 is more than the records hold: the most is 1,000,000",
    ),
    (
        "lost-sticks",
        [(("ruleset",), "wrc"), ((*TABLE_1, "scores", 0), 44800)],
        "stage 1 round 1 table 1: scores sum to 119500, not 120000 or less by whole riichi sticks (1000 each)",
    ),
    (
        "both",
        [(TABLE_1, {**EVENT["stages"][0]["rounds"][0][0], "game": GAME})],
        "stage 1 round 1 table 1: a table has either players and scores or game, never both",
    ),
    (
        "game-ruleset",
        [(TABLE_1, {"game": {**GAME, "ruleset": "wrc"}})],
        "stage 1 round 1 table 1: the game's ruleset 'wrc' is not the event's 'ema-2025'",
    ),
    (
        "game-knobs",
        [(TABLE_1, {"game": {**GAME, "rules": {"kazoe": True}}})],
        "stage 1 round 1 table 1: the game's rules change knobs of the event's ruleset 'ema-2025'",
    ),
    (
        "game-not-finished",
        [(TABLE_1, {"game": {**GAME, "finished": False}})],
        "stage 1 round 1 table 1: the game is not finished",
    ),
    (
        "game-stranger",
        [(TABLE_1, {"game": {**GAME, "players": [ANN, BOB, CHO, "Zed"], "hands": []}})],
        "stage 1 round 1 table 1: unknown player 'Zed'",
    ),
    ("penalty-stage", [(("penalties", 0, "stage"), "Semi")], "penalty 1: unknown stage 'Semi'"),
    ("penalty-player", [(("penalties", 0, "player"), "Zed")], "penalty 1: unknown player 'Zed'"),
    ("penalty-tenths", [(("penalties", 0, "points"), 0.05)], "penalty 1: points must be a positive multiple of 0.1"),
    ("penalty-negative", [(("penalties", 0, "points"), -4)], "penalty 1: points must be a positive multiple of 0.1"),
    ("penalty-text", [(("penalties", 0, "points"), "4")], "penalty 1: points must be a positive multiple of 0.1"),
    ("penalty-key", [(("penalties", 0, "to"), "result")], "penalty 1: unknown key 'to'"),
    (
        "penalty-not-played",
        [(("penalties", 0), {"player": BOB, "points": 1, "stage": "Final"})],
        "penalty 1: Bob Jansen does not play stage 'Final'",
    ),
    ("comment", [(("comment",), 3)], "comment must be text"),
]


@pytest.mark.parametrize(("edits", "message"), [case[1:] for case in ERRORS], ids=[case[0] for case in ERRORS])
def test_every_error_names_where(edits, message):
    """Bad input: one RuleError whose line says what is wrong and where (stages, rounds, tables,
    players and penalties counted from 1)."""
    with pytest.raises(RuleError) as error:
        scored(edited(*edits))
    assert str(error.value) == message


def test_not_valid_json():
    with pytest.raises(RuleError, match=r"^not valid JSON: Expecting value: line 1 column 1 \(char 0\)$"):
        decode("")


def test_a_number_too_long_to_read_is_refused_naming_its_field():
    doc = decode(json.dumps(EVENT).replace('"cut": 4', '"cut": ' + "4" * 5000))
    with pytest.raises(RuleError, match="^stage 2: cut must be a positive integer$"):
        scored(doc)


def test_an_error_inside_a_game_follows_the_table():
    """``... table 1: hand 7: <score_game's message>``: the game's own message, after the table's place."""
    game = {**GAME, "hands": [*GAME["hands"], {"result": "win", "wins": [{"winner": BOB, "han": 0}]}]}
    with pytest.raises(RuleError) as own:
        parse_game(game)
    assert str(own.value).startswith("hand 2: ")
    with pytest.raises(RuleError) as error:
        scored(edited((("stages", 0, "rounds", 1, 1), {"game": game})))
    assert str(error.value) == f"stage 1 round 2 table 2: {own.value}"


# --- a table's results: as score_game gives them, in result units -------------------------------


@pytest.mark.parametrize(
    ("ruleset", "scores", "expected"),
    [
        # ema-2025: 27,000 tied third with 27,000: −3 + (−5 − 15) / 2 = −13 (the format's example)
        ("ema-2025", [38000, 27000, 27000, 28000], ["23", "-13", "-13", "3"]),
        # tenhou (seat_order): the seat nearer East takes the better place; oka 20,000 to first
        ("tenhou", [30000, 30000, 20000, 20000], ["40", "10", "-20", "-30"]),
        # wrc (leftover_riichi lost): one stick left at the end, 1,000 out of play
        ("wrc", [45300, 31200, 23000, 19500], ["30.3", "6.2", "-12", "-25.5"]),
        # mcr: table points by score, two tied first share 4 and 2; 1 and 0
        ("mcr", [30, 30, -20, -40], ["3", "3", "1", "0"]),
        # mcr: three tied first share 4, 2 and 1: 7/3 each
        ("mcr", [10, 10, 10, -30], ["7/3", "7/3", "7/3", "0"]),
        # american: the score
        ("american", [75, -25, -25, -25], ["75", "-25", "-25", "-25"]),
        # tenhou-sanma: three seats from 35,000, return 40,000, oka 15,000, uma +20/0/−20; a tie goes by seat
        # order (Tenhou three-player rules, as Tenhou rules); at the club's table (sanma-club) a tie shares
        ("tenhou-sanma", [40000, 40000, 25000], ["35", "0", "-35"]),
        ("sanma-club", [40000, 40000, 25000], ["17.5", "17.5", "-35"]),
    ],
)
def test_a_table_scores_as_score_game_scores_its_game(ruleset, scores, expected):
    """A scores table's results: of a finished game ending on these scores with no penalties
    (riichi and sanma in thousands, MCR its table points, American points)."""
    seats = len(scores)
    doc = edited(
        (("ruleset",), ruleset),
        (("players",), EVENT["players"][:seats]),
        (("stages",), [{"name": "Only", "rounds": [[{"players": [ANN, BOB, CHO, DEE][:seats], "scores": scores}]]}]),
        (("penalties",), DROP),
    )
    lines = {line.player: line for line in score_event(parse_event(doc)).stages[0]}
    assert [lines[player].results[0] for player in range(seats)] == [Fraction(value) for value in expected]
    assert [lines[player].raw for player in range(seats)] == scores


def test_a_game_table_gives_score_games_results():
    """A whole game: each player's result is score_game's ``result`` / 1000, the raw score its ``score``."""
    output = scored(edited((TABLE_1, {"game": GAME})))
    assert [standing(output, 0)[name]["results"][0] for name in (ANN, BOB, CHO, DEE)] == [20.8, 0, -20.8, 0]
    game = {line["player"]: line for line in score_document(GAME)["standings"]}
    assert game[ANN]["result"] == 20800 and game[CHO]["result"] == -20800


# --- carry and stages -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "carry", "expected"),
    [
        (Fraction("35.3"), Carry.HALF, Fraction("17.7")),  # 17.65 → 17.7
        (Fraction("-0.3"), Carry.HALF, Fraction("-0.2")),  # −0.15 → −0.2
        (Fraction(7, 3), Carry.HALF, Fraction("1.2")),  # MCR 7/3 → 1.2
        (Fraction("0.1"), Carry.HALF, Fraction("0.1")),  # 0.05 → 0.1
        (Fraction("-0.1"), Carry.HALF, Fraction("-0.1")),
        (Fraction("10.3"), Carry.HALF, Fraction("5.2")),
        (Fraction(7, 3), Carry.FULL, Fraction(7, 3)),
        (Fraction("35.3"), Carry.NONE, 0),
    ],
)
def test_carried(total, carry, expected):
    """What a total brings into the next stage: all, half to 0.1 half away from zero, or nothing."""
    assert carried(total, carry) == expected


def test_knockout_sends_the_best_of_each_table():
    """``advance_per_table: 2``: from each table of the last round, the two best by the stage's
    standing, not by that table's scores: Bob (−2.6) goes on over Gus (−4.9), who scored more than
    him at their last table (33,100 to 26,200)."""

    def knockout(players):
        return edited(
            (("stages", 1, "cut"), DROP),
            (("stages", 1, "advance_per_table"), 2),
            (("stages", 1, "carry"), "none"),
            (FINAL_TABLE, {"players": players, "scores": [30000, 30000, 30000, 30000]}),
        )

    output = scored(knockout([ANN, FAY, CHO, BOB]))
    assert [line["player"] for line in output["stages"][1]["standings"]] == [ANN, BOB, CHO, FAY]
    assert [line["total"] for line in output["stages"][1]["standings"]] == [0, 0, 0, 0]  # carrying nothing
    assert [line["player"] for line in output["final"]][4:] == [EVE, GUS, HAL, DEE]
    with pytest.raises(RuleError, match="^stage 2 round 1 table 1: Gus Peeters does not play this stage$"):
        scored(knockout([ANN, FAY, CHO, GUS]))


def test_mcr_event():
    """Worked by hand (the EMA's MCR table points 4 / 2 / 1 / 0, shared on ties): round 1, Ann and
    Bob tie first (3 each), Eve, Fay and Gus tie first (7/3 each); round 2, all four level (1.75
    each). Eve and Gus end level on 49/12 and raw 10: they share rank 4. Half carried (to 0.1):
    Ann 2.375 → 2.4, Fay 13/6 → 2.2, Eve 49/24 → 2.0. Dee's 0.5 penalty brings him level with Hal."""
    sessions = [
        [
            {"players": [ANN, BOB, CHO, DEE], "scores": [30, 30, -20, -40]},
            {"players": [EVE, FAY, GUS, HAL], "scores": [10, 10, 10, -30]},
        ],
        [
            {"players": [ANN, EVE, CHO, GUS], "scores": [0, 0, 0, 0]},
            {"players": [BOB, FAY, DEE, HAL], "scores": [50, -10, -15, -25]},
        ],
    ]
    final = [
        [
            {"players": [BOB, ANN, FAY, EVE], "scores": [20, 10, -10, -20]},
            {"players": [GUS, CHO, DEE, HAL], "scores": [5, 5, -5, -5]},
        ]
    ]
    doc = edited(
        (("ruleset",), "mcr"),
        (("stages",), [{"name": "Sessions", "rounds": sessions}, {"name": "Final", "carry": "half", "rounds": final}]),
        (("penalties",), [{"player": DEE, "points": 0.5, "stage": "Final"}]),
    )
    output = scored(doc)
    first = [
        (line["player"], line["rank"], line["results"], line["total"]) for line in output["stages"][0]["standings"]
    ]
    assert first == [
        (BOB, 1, [3, 4], 7),
        (ANN, 2, [3, 1.75], 4.75),
        (FAY, 3, [2.333, 2], 4.333),
        (EVE, 4, [2.333, 1.75], 4.083),
        (GUS, 4, [2.333, 1.75], 4.083),
        (CHO, 6, [1, 1.75], 2.75),
        (DEE, 7, [0, 1], 1),
        (HAL, 8, [0, 0], 0),
    ]
    second = [
        (line["player"], line["rank"], line["carried"], line["total"]) for line in output["stages"][1]["standings"]
    ]
    assert second == [
        (BOB, 1, 3.5, 7.5),
        (GUS, 2, 2, 5),
        (ANN, 3, 2.4, 4.4),  # level with Cho on 4.4: raw 10 against 5
        (CHO, 4, 1.4, 4.4),
        (FAY, 5, 2.2, 3.2),
        (EVE, 6, 2, 2),
        (DEE, 7, 0.5, 0.5),  # 0.5 + 0.5 − 0.5, raw −5: level with Hal
        (HAL, 7, 0, 0.5),
    ]
    assert [line["place"] for line in output["final"]] == [1, 2, 3, 4, 5, 6, 7, 7]
    rows = {row["Player's last name"]: row for row in output["ema"]}
    # MCR: table points are the final total, the score the raw scores of every stage played
    assert [(rows[last]["Table points"], rows[last]["Score"]) for last in ("JANSEN", "BAKKER", "VISSER")] == [
        ("7.5", "100"),
        ("4.4", "40"),
        ("0.5", "-60"),
    ]
    assert {row["rules"] for row in output["ema"]} == {"MCR"}


def test_sanma_event():
    """Worked by hand under tenhou-sanma (35,000 each, return 40,000, oka 15,000, uma +20/0/−20):
    Ann's 50,000 is 10 + 20 + 15 = 45; Bob and Cho tie first on 40,000 and Bob, nearer the table's
    first dealer, takes the better place (Tenhou three-player rules, ties as Tenhou rules): 0 + 20 + 15
    = 35, Cho 0; the cut to 3 keeps Ann, Bob and Cho, who play the worked example's tenhou-sanma game,
    carrying nothing: its results (Cho 36.4, Ann −7.9, Bob −28.5) are the final totals. The EMA
    ranks no sanma event."""
    game = json.loads((EXAMPLES / "tenhou-sanma.json").read_text())
    names = ["Ann", "Bob", "Cho", "Dee", "Eve", "Fay"]
    doc = edited(
        (("ruleset",), "tenhou-sanma"),
        (("players",), [{"name": name, "country": "NL"} for name in names]),
        (
            ("stages",),
            [
                {
                    "name": "Qualifying",
                    "rounds": [
                        [
                            {"players": ["Ann", "Dee", "Fay"], "scores": [50000, 35000, 20000]},
                            {"players": ["Bob", "Cho", "Eve"], "scores": [40000, 40000, 25000]},
                        ]
                    ],
                },
                {"name": "Final", "cut": 3, "carry": "none", "rounds": [[{"game": game}]]},
            ],
        ),
        (("penalties",), DROP),
    )
    output = scored(doc)
    assert [(line["player"], line["rank"], line["total"]) for line in output["stages"][0]["standings"]] == [
        ("Ann", 1, 45),
        ("Bob", 2, 35),
        ("Cho", 3, 0),
        ("Dee", 4, -5),
        ("Eve", 5, -35),
        ("Fay", 6, -40),
    ]
    assert [(line["player"], line["place"], line["total"], line["stage"]) for line in output["final"]] == [
        ("Cho", 1, 36.4, "Final"),
        ("Ann", 2, -7.9, "Final"),
        ("Bob", 3, -28.5, "Final"),
        ("Dee", 4, -5, "Qualifying"),
        ("Eve", 5, -35, "Qualifying"),
        ("Fay", 6, -40, "Qualifying"),
    ]
    assert output["ema"] == []


# --- the EMA rows ------------------------------------------------------------------------------


def test_ema_row_of_the_worked_example():
    """19 columns, every cell a string (the columns' order is the worked example's: above)."""
    row = scored(EVENT)["ema"][0]
    assert len(row) == 19 and all(isinstance(cell, str) for cell in row.values())
    assert row["Tournament name"] == "Club Riichi Open 2026"
    assert (row["Player's first name"], row["Player's last name"], row["Score"]) == ("Eve", "MARTIN", "24.8")


def test_ema_rows_follow_the_clubs_rules():
    """A name ending with the year keeps it once; a one-day event's period is its date; a one-word
    name is all last name; ``mers`` in its shortest form, or empty."""
    doc = edited(
        (("name",), "Leiden Open 2026"),
        (("days",), ["2026-05-17"]),
        (("mers_weight",), 0.5),
        (("players", 4, "name"), "Eve"),
        ((*FINAL_TABLE, "players", 1), "Eve"),
        (("players", 2, "name"), "Cho van der Lee"),
        ((*FINAL_TABLE, "players", 0), "Cho van der Lee"),
        (("stages", 0, "rounds", 0, 1, "players", 0), "Eve"),
        (("stages", 0, "rounds", 1, 0, "players", 0), "Eve"),
        (("stages", 0, "rounds", 1, 1, "players", 0), "Cho van der Lee"),
        (("stages", 0, "rounds", 0, 0, "players", 2), "Cho van der Lee"),
    )
    rows = scored(doc)["ema"]
    assert {(row["Tournament name"], row["period"], row["NbDays"], row["mers"]) for row in rows} == {
        ("Leiden Open 2026", "17.05.2026", "1", "0.5")
    }
    assert (rows[0]["Player's first name"], rows[0]["Player's last name"]) == ("", "EVE")
    assert (rows[2]["Player's first name"], rows[2]["Player's last name"]) == ("Cho van der", "LEE")
    assert scored(edited((("mers_weight",), DROP)))["ema"][0]["mers"] == ""
