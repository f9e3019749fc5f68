"""Every real game of the corpus imports exactly: East-only and hanchan, four and three players.
The corpus (its sources and licences listed in its folder) is not
committed: the test reads the folder ``ONLINE_CORPUS`` names (default ../shared/online-corpus),
three-player logs included, and skips the corpus when it holds no game. A game is scored
under its lobby's preset, its results included; nothing is stored (``manage.py measure_online``
prints the same figures)."""

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.online.game import OnlineError
from scoring.online.mapping import game_log_document, read_online, room_rules
from scoring.online.measure import corpus_files
from scoring.rules.ruleset import LOBBIES
from tests.online.test_readers import FIXTURES, HANCHAN, MJLOG

HERE = Path(__file__).parent
# the steering repository's shared/ folder, beside this one: the only place fetched data may be kept
CORPUS = Path(os.environ.get("ONLINE_CORPUS", HERE.parents[2] / "shared" / "online-corpus"))
ROOTS = {"": CORPUS}


HALF_UMA = (("uma", (10000, 5000, -5000, -10000)), ("rounds", 1))
# The games of the corpus that their lobby's preset does not reproduce: rooms of rules of their own.
# Each imports exactly (every hand, the final scores and the log's own results) under its lobby's
# preset with the values ``rooms.fit`` finds in its log — the values of its room's rules, which
# staff make into a club copy in one step:
ROOMS = {
    # fast East-only games of July 2009 (lower rooms and phoenix): half uma, +10/+5/−5/−10 (the same
    # rooms' games of 2010 have Tenhou's +20/+10/−10/−20)
    **{
        f"fastmaj/{name}.mjlog": HALF_UMA
        for name in (
            "2009071823gm-0041-0000-ff3a2214",
            "2009072917gm-0061-0000-85a7478c",
            "2009072918gm-0061-0000-e6e91672",
            "2009073112gm-0061-0000-cad1a977",
        )
    },
    "more/dnovikoff-tenhou/bye.xml": HALF_UMA,
    "more/dnovikoff-tenhou/shuffle.xml": HALF_UMA,
    # a Tenhou private lobby of 2023: 30,000 start and return, uma +15/+5/−5/−15, tied players share
    "more/dnovikoff-tenhou/newattr2023.xml": (
        ("start_points", 30000),
        ("uma", (15000, 5000, -5000, -15000)),
        ("uma_ties", "share"),
        ("rounds", 1),
    ),
    # skill-room games (技能戦): everyone starts at 1,000, results are the points won, no uma
    "more/dnovikoff-tenhou/ratio.xml": (
        ("start_points", 1000),
        ("return_points", 1000),
        ("uma", (0, 0, 0, 0)),
        ("rounds", 1),
    ),
    "more/dnovikoff-tenhou/sanma.xml": (
        ("start_points", 1000),
        ("return_points", 1000),
        ("uma", (0, 0, 0, 0)),
        ("rounds", 1),
    ),
    # a Mahjong Soul contest room at 25,000 (its preset, the tournament rooms', starts at 30,000)
    "more/pantheon/helpers__onlineLog__testdata__format6__tensoul_with_same_nicknames.json": (
        ("start_points", 25000),
        ("return_points", 25000),
        ("rounds", 1),
    ),
    # a Mahjong Soul contest room with uma 30/10
    "more/pantheon/models__testdata__format6__nagashi_mangan_riichi_bets_bug.json": (
        ("uma", (30000, 10000, -10000, -30000)),
        ("rounds", 2),
    ),
    # hanchan whose GO type says East-only (the copy's own length wins over the log's flag)
    "more/pantheon/helpers__onlineLog__testdata__doubleron_and_riichi.xml": (("rounds", 2),),
    "more/pantheon/helpers__onlineLog__testdata__west.xml": (("rounds", 2),),
    # a chip lobby (祝儀), a Tenhou private lobby ("Fast and Expensive"): 30,000 start, and the deal
    # passes after every hand, the dealer's win and tenpai included
    "more/pantheon/models__testdata__chips_tonpusen.xml": (
        ("start_points", 30000),
        ("rounds", 1),
        ("dealer_repeats", False),
    ),
}
# Not whole games: round excerpts (mjai-reviewer's, one with a riichi stick its own deltas never
# pay) and two logs mjx cut short for its tests. Read, they give no result to compare, or are
# refused as damaged or cut short, never imported.
EXCERPTS = {
    *(
        f"more/mjai-reviewer/{name}.json"
        for name in (
            "chankan",
            "complex_nakis_0",
            "complex_nakis_1",
            "confusing_nakis_0",
            "confusing_nakis_1",
            "confusing_nakis_3",
            "confusing_nakis_4",
            "confusing_nakis_5",
            "confusing_nakis_6",
            "confusing_nakis_7",
            "double_kakan_then_chankan",
            "double_ron",
            "four_reach",
            "kyushukyuhai",
            "rinshan",
            "ryukyoku",
            "suukantsu_0",
        )
    ),
    *(
        f"more/mjx/py__resources__mjlog__2011020401gm-00a9-0000-f6eff225-no-{end}-end.mjlog"
        for end in ("game", "round")
    ),
}


def _files():
    return [(prefix + str(p.relative_to(root)), p) for prefix, root in ROOTS.items() for p in corpus_files(root)]


def _refusal(path: Path) -> str:
    """Why the game is refused under its lobby's preset, whose results must be the log's ("" if it
    imports exactly, results included)."""
    try:
        game = read_online(path.read_bytes(), path.name)
    except OnlineError as error:
        return str(error)
    assert game.results is not None and game.lobby in LOBBIES, "every corpus game gives its lobby and results"
    try:
        game_log_document(game, [f"seat {s + 1}" for s in range(game.seats)], game.lobby)
    except ValueError as error:
        return str(error)
    return ""


@pytest.mark.parametrize(("name", "path"), _files(), ids=[name for name, _ in _files()])
def test_each_real_game_imports_exactly(name, path):
    """Every hand, the final scores and the results as the log gives them (Tenhou's until 2021 in
    whole thousands: tenhou-thousands; its three-player ones until 2018: tenhou-sanma-thousands),
    under its lobby's preset or, for a room of rules of its own, under its room's values found in
    its log."""
    if name in EXCERPTS:
        try:
            game = read_online(path.read_bytes(), path.name)
        except OnlineError as error:
            assert "damaged" in str(error) or "cut short" in str(error)
        else:
            assert game.results is None or game.lobby not in LOBBIES
            assert room_rules(game) is None
        return
    refusal = _refusal(path)
    if name in ROOMS:
        assert refusal, f"{name} imports under its lobby's preset now"
        room = room_rules(read_online(path.read_bytes(), path.name))
        assert room is not None and room.changes == ROOMS[name]
    else:
        assert refusal == ""


def test_the_corpus_is_there():
    names = {name for name, _ in _files()}
    if not any(name.startswith(("fastmaj/", "mjx/")) for name in names):
        pytest.skip(f"the corpus is not in {CORPUS} (its sources are listed in tests/online/corpus)")
    assert len(names) == 272


def test_the_measurement_counts_per_source_and_kind_and_groups_the_refusals(tmp_path):
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / HANCHAN).write_bytes((FIXTURES / HANCHAN).read_bytes())
    (tmp_path / "club" / MJLOG).write_bytes((FIXTURES / MJLOG).read_bytes())
    (tmp_path / "club" / "cut.json").write_bytes((FIXTURES / HANCHAN).read_bytes()[:300])
    (tmp_path / "club" / "notes.txt").write_text("not a log")
    out = io.StringIO()
    call_command("measure_online", str(tmp_path), "--ruleset", "reach", stdout=out)
    assert out.getvalue().splitlines() == [
        "club             Tenhou hanchan            2 of    2 import faithfully,    1 with the online results",
        "club             unreadable                0 of    1 import faithfully,    0 with the online results",
        "all                                        2 of    3 import faithfully,    1 with the online results",
        "   1 refused: not an online game log",
    ]
    out = io.StringIO()
    call_command("measure_online", str(tmp_path), stdout=out)  # the lobby's preset: results compared
    assert out.getvalue().splitlines()[0] == (  # the hanchan fixture's counters on a double ron are not Tenhou's
        "club             Tenhou hanchan            1 of    2 import faithfully,    1 with the online results"
    )
