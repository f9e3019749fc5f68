"""Real Tenhou games (listed in this folder's SOURCES, read from the corpus folder and skipped where it is
absent) imported under the lobby's preset: every hand pays what the log paid, and the final
scores and results are the ones Tenhou gave (its ``owari``), knob by knob: a double ron's sticks
and counters, a tie at the end, nagashi at the draw, the West round, Tenhou's rounding."""

import gzip
import io
import os
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.models import Game
from scoring.online.game import OnlineError
from scoring.online.mapping import game_log_document, read_online
from scoring.rules import score_document

CORPUS = Path(os.environ.get("ONLINE_CORPUS", Path(__file__).parents[4] / "shared" / "online-corpus"))
LOGS = {
    "mjx/double-ron.mjlog": "the deltas differ",
    "fastmaj/2014123118gm-0029-0000-4700b218.mjlog": "the deltas differ",
    "mjx/2017040900gm-00a9-0000-af5434e3.mjlog": None,  # under reach the two tied players share second place
    "fastmaj/2018061303gm-00a9-0000-5a8850e9.mjlog": None,  # a non-dealer's nagashi plays the same under reach
    "mjx/2020060723gm-00a9-0000-58807e27.mjlog": "went on into the West round",
    "mjx/2011020416gm-00a9-0000-025480d4.mjlog": "went on into the West round",
    "fastmaj/2018060200gm-00a9-0000-20015615.mjlog": None,
}


def log(name: str) -> bytes:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"{name} is not in the corpus folder {CORPUS} (see this folder's SOURCES)")
    return path.read_bytes()


def owari(data: bytes) -> tuple[int, ...]:
    """The results Tenhou gave, in points: the second of each pair of the log's ``owari``."""
    text = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    values = re.search(rb'owari="([^"]*)"', text).group(1).split(b",")
    return tuple(round(1000 * float(v)) for v in values[1::2])


def scored(name: str, ruleset: str) -> tuple[dict, tuple[int, ...]]:
    data = log(name)
    game = read_online(data, name)
    out = score_document(game_log_document(game, list(game.players), ruleset))
    results = {line["player"]: line["result"] for line in out["standings"]}
    return out, tuple(results[player] for player in game.players)


@pytest.mark.parametrize("name", LOGS)
def test_each_log_is_reproduced_under_tenhou_as_its_logs_until_2021(name):
    """Tenhou rules: every hand and the final scores as the log paid them (the importer refuses any
    difference), and the results Tenhou gave: uma +20/+10/−10/−20, the 20,000 oka, each final score
    in whole thousands, first place taking the rest."""
    _, results = scored(name, "tenhou-thousands")
    assert results == owari(log(name))


@pytest.mark.parametrize("name", LOGS)
def test_the_exact_results_are_refused_naming_both_where_tenhou_rounded(name):
    """``tenhou`` (Tenhou's results since 2023, exact) differs from the rounded results by the
    rounding only, and the import says so rather than store a result the member did not see."""
    with pytest.raises(OnlineError, match=r"^the results differ: .* online, .* under Tenhou") as caught:
        scored(name, "tenhou")
    online = re.findall(r"([+-][\d,]+) online, ([+-][\d,]+) under", str(caught.value))
    assert online and all(abs(int(a.replace(",", "")) - int(b.replace(",", ""))) <= 1500 for a, b in online)


@pytest.mark.parametrize("name", [name for name, refusal in LOGS.items() if refusal])
def test_a_table_preset_refuses_what_only_the_lobby_does(name):
    """Reach club rules: a riichi winner takes back his own stick and every winner is paid the
    counters, the game ends after South 4: the import names the difference."""
    with pytest.raises(OnlineError, match=LOGS[name]):
        scored(name, "reach")


def test_a_tie_is_shared_under_a_table_preset_and_broken_by_seat_order_under_tenhou():
    """EMA 2016 §3.6.1 (the Reach club's rules are silent): tied players share second place and its
    uma; Tenhou rules: the one nearer the first dealer is second, the other third."""
    name = "mjx/2017040900gm-00a9-0000-af5434e3.mjlog"
    shared, _ = scored(name, "reach")
    tenhou, _ = scored(name, "tenhou-thousands")
    assert [line["place"] for line in shared["standings"]] == [1, 2, 2, 4]
    assert [line["place"] for line in tenhou["standings"]] == [1, 2, 3, 4]


@pytest.mark.django_db
def test_the_stored_result_is_the_one_tenhou_gave(tmp_path):
    """Through the import command: the tie at the end is stored with places 1, 2, 3, 4 and Tenhou's
    results."""
    name = "mjx/2017040900gm-00a9-0000-af5434e3.mjlog"
    (tmp_path / "game.mjlog").write_bytes(log(name))
    call_command(
        "import_online",
        str(tmp_path / "game.mjlog"),
        "--ruleset",
        "tenhou-thousands",
        "--create-players",
        stdout=io.StringIO(),
    )
    seats = list(Game.objects.get().seats.order_by("seat"))
    assert [s.result for s in seats] == list(owari(log(name)))
    assert sorted(s.place for s in seats) == [1, 2, 3, 4]
    assert [s.table_score for s in seats][1:3] == [8900, 8900] and seats[1].place < seats[2].place
