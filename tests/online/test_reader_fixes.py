"""The online reader, on snippets of real logs and on the committed fixtures (no
database): Mahjong Soul's all-tenpai draw, the first hand that differs, chip lobbies,
tensoul's English names, the game's identity and date from its content, the lobby's preset."""

import copy
import dataclasses
import gzip
import json
import re
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest

from scoring.online.game import YAKU, OnlineError
from scoring.online.mapping import game_log_document, lobby_ruleset, read_online
from tests.online.sanma.test_real_logs import FIXTURES as SANMA_FIXTURES
from tests.online.sanma.test_real_logs import IN_THE_CORPUS
from tests.online.test_readers import HANCHAN, MJLOG, NAMES, fixture

SANMA_MJLOG = "2018110809gm-00b9-0000-00a79b89.xml"  # a real Tenhou game


def tenhou6(rounds, disp="般南喰赤", **extra) -> bytes:
    """A tenhou.net/6 log of ``rounds``: (start, scores, end, riichi seats), no tiles."""
    log = []
    for start, scores, end, riichi in rounds:
        tiles = [[] for _ in range(12)]
        for seat in riichi:
            tiles[3 * seat + 2] = ["r11", 12]
        log.append([start, scores, [], [], *tiles, end])
    return json.dumps({"name": ["Kaze", "Yama", "Umi", "Sora"], "rule": {"disp": disp}, "log": log, **extra}).encode()


EVEN = [25000] * 4
DEALER_RON = ["和了", [0, 0, 3900, -3900], [2, 3, 2, "30符3飜3900点", "断幺九(1飜)", "ドラ(2飜)"]]
COUNTER_RON = ["和了", [0, 0, 4200, -4200], [2, 3, 2, "30符3飜3900点", "断幺九(1飜)", "ドラ(2飜)"]]


def test_a_mahjong_soul_draw_with_nothing_paid_is_all_tenpai_when_the_dealer_stays():
    """Rules §9, Mahjong Soul via tensoul: an all-tenpai exhaustive draw is "流局" with zero
    payments, as is an all-noten one; the next round says which (the dealer stays if tenpai)."""
    stays = tenhou6([([0, 0, 0], EVEN, ["流局", [0, 0, 0, 0]], ()), ([0, 1, 0], EVEN, COUNTER_RON, ())])
    passes = tenhou6([([0, 0, 0], EVEN, ["流局", [0, 0, 0, 0]], ()), ([1, 1, 0], EVEN, COUNTER_RON, ())])
    assert read_online(stays).rounds[0].tenpai == (0, 1, 2, 3)
    assert read_online(passes).rounds[0].tenpai == ()


def test_an_error_found_while_replaying_names_the_first_hand_that_differs():
    """Dee pays a yakuman under the engine (and busts) but 1,000 online: the refusal names East 1,
    where the payments differ, not East 2, which the engine finds after the end of the game."""
    yakuman = ["和了", [0, 0, 1000, -1000], [2, 3, 2, "役満32000点", "国士無双(役満)"]]
    data = tenhou6([([0, 0, 0], EVEN, yakuman, ()), ([1, 0, 0], [25000, 25000, 26000, 24000], DEALER_RON, ())])
    with pytest.raises(OnlineError, match=r"^East 1, counter 0: the deltas differ: Cho \+1,000 online, \+32,000"):
        game_log_document(read_online(data), NAMES, "reach")


def test_a_chip_lobby_game_is_read_with_its_chips_kept_beside_the_score():
    """Tenhou's chip lobbies (祝儀) write 16 numbers in every ``sc`` and in ``owari``: the four
    pairs of score and delta (result), then four pairs of chips (as a real chip-lobby log does:
    ``sc="300,0,300,80,300,0,300,-80,0,0,0,1,0,0,0,-1"``, ``owari="238,-16.0,…,-3,0,2,0,5,0,-4,0"``).
    The chips are not points: the game keeps them in its comment."""
    plain = read_online(fixture(MJLOG), MJLOG)
    text = re.sub(rb'sc="((?:-?\d+,){7}-?\d+)"', rb'sc="\1,0,0,0,1,0,0,0,-1"', fixture(MJLOG))
    chips = text.replace(
        b'owari="121,-38.0,263,-14.0,267,7.0,349,45.0"',
        b'owari="121,-38.0,263,-14.0,267,7.0,349,45.0,-2,0,0,0,-1,0,3,0"',
    )
    game = read_online(chips, MJLOG)
    assert game.final == plain.final == (12100, 26300, 26700, 34900)
    assert game.results == plain.results == (-38000, -14000, 7000, 45000)
    assert [r.deltas for r in game.rounds] == [r.deltas for r in plain.rounds]
    assert (game.chips, plain.chips) == ((-2, 0, -1, 3), None)
    doc = game_log_document(game, NAMES, "reach")
    assert doc["comment"] == "Chips (祝儀) at the end: Ann -2, Bob +0, Cho -1, Dee +3."
    with pytest.raises(OnlineError, match="owari must hold a score and a result"):
        read_online(chips.replace(b",-2,0,0,0,-1,0,3,0", b",-2,0,0,0"), MJLOG)
    doc = json.loads(fixture(HANCHAN))
    scores = doc["sc"][0::2]
    doc["sc"] = [v for s, r in zip(scores, doc["sc"][1::2], strict=True) for v in (s, r, 1)]
    with_chips, plain = read_online(json.dumps(doc).encode()), read_online(fixture(HANCHAN))
    assert (with_chips.final, with_chips.results, with_chips.chips) == (plain.final, plain.results, (1, 1, 1, 1))
    doc["sc"] = [v for s, r in zip(scores, json.loads(fixture(HANCHAN))["sc"][1::2], strict=True) for v in (s, r)]
    doc["sc"] += [4, 0, -1, 0, -1, 0, -2, 0]
    assert read_online(json.dumps(doc).encode()).chips == (4, -1, -1, -2)


def test_tensouls_english_names_read_as_its_japanese_ones():
    """tensoul (Equim-chan/tensoul, convert.js) set to English writes Mahjong Soul's yaku names
    ("Riichi", "All Simples"), "Fu"/"Han" and "Mangan"; its Japanese writes Mahjong Soul's own
    ("役牌:自風牌", "ダブル立直")."""
    english = {"立直": "Riichi", "ドラ": "Dora", "断幺九": "All Simples", "赤ドラ": "Red Five"}
    text = fixture(HANCHAN).decode()
    for japanese, name in english.items():
        text = text.replace(f'"{japanese}(', f'"{name}(')
    text = re.sub(r"(\d+)符(\d+)飜", r"\1Fu\2Han", text).replace('"流局"', '"Exhaustive Draw"')
    assert "Riichi(1飜)" in text and "Fu" in text
    assert read_online(text.encode()).rounds == read_online(fixture(HANCHAN)).rounds
    japanese = tenhou6(
        [
            (
                [0, 0, 0],
                EVEN,
                ["和了", [0, 0, 2000, -2000], [2, 3, 2, "30符2飜2000点", "役牌:自風牌(1飜)", "ダブル立直(1飜)"]],
                (),
            )
        ]
    )
    assert read_online(japanese).rounds[0].wins[0].han == 2


def _converted(xml: bytes) -> bytes:
    """The tenhou.net/6 JSON of a real mjlog, as a converter writes it (per-win deltas and
    details, Tenhou's draw labels; no tiles: the reader needs none)."""
    root = ElementTree.fromstring(xml)
    names = [unquote(root.find("UN").get(f"n{i}", "")) for i in range(4)]
    rounds, current = [], None
    for element in root:
        attrs = element.attrib
        if element.tag == "INIT":
            seed, ten = attrs["seed"].split(","), attrs["ten"].split(",")
            current = [[int(v) for v in seed[:3]], [100 * int(t) for t in ten], [], [], *[[] for _ in range(12)]]
            rounds.append(current)
        elif element.tag == "REACH" and attrs["step"] == "2":
            current[6 + 3 * int(attrs["who"])] = ["r11", 12]
        elif element.tag in ("AGARI", "RYUUKYOKU"):
            deltas = [100 * int(v) for v in attrs["sc"].split(",")[1::2]]
            if element.tag == "RYUUKYOKU":
                current.append(["流局", deltas])
                continue
            yaku = [int(v) for v in attrs.get("yaku", "").split(",") if v]
            texts = [f"{YAKU[i]}({h}飜)" for i, h in zip(yaku[0::2], yaku[1::2], strict=True) if h]
            fu, points, _limit = attrs["ten"].split(",")
            detail = [
                int(attrs["who"]),
                int(attrs["fromWho"]),
                int(attrs["who"]),
                f"{fu}符{sum(yaku[1::2])}飜{points}点",
            ]
            if len(current) == 17:
                current[16] += [deltas, detail + texts]
            else:
                current.append(["和了", deltas, detail + texts])
    return json.dumps({"name": names, "rule": {"disp": "三鳳南喰赤"}, "log": rounds}, ensure_ascii=False).encode()


@IN_THE_CORPUS
def test_the_game_is_the_same_whatever_its_file_is_named_or_formatted():
    """Identity from the content: a real mjlog, renamed, gzipped, and as its tenhou.net/6 twin."""
    xml = (SANMA_FIXTURES / SANMA_MJLOG).read_bytes()
    named = read_online(xml, SANMA_MJLOG)
    assert read_online(xml, "game.mjlog").source == named.source
    assert read_online(gzip.compress(xml), "other name.mjlog").source == named.source
    twin = read_online(_converted(xml), "twin.json")
    assert twin.rounds == named.rounds and twin.source == named.source
    assert read_online(fixture(MJLOG), MJLOG).source != named.source
    changed = copy.deepcopy(json.loads(_converted(xml)))
    changed["name"][0] = "someone else"
    assert read_online(json.dumps(changed).encode()).source != named.source


@IN_THE_CORPUS
def test_the_date_comes_from_the_log_id_in_the_file_or_its_name():
    xml = (SANMA_FIXTURES / SANMA_MJLOG).read_bytes()
    assert (read_online(xml, SANMA_MJLOG).date, read_online(xml, SANMA_MJLOG).start) == ("2018-11-08", "09:00")
    assert read_online(xml, "game.mjlog").date is None
    assert read_online(fixture(HANCHAN), "renamed.json").date == "2026-11-30"  # its "ref"
    assert read_online(xml, SANMA_MJLOG).sources[1] == "tenhou:" + SANMA_MJLOG.removesuffix(".xml")


@pytest.mark.parametrize(
    ("data", "name", "lobby", "east_only"),
    [
        # GO type 169: phoenix, hanchan; its results in whole thousands (owari "…,45.0"): Tenhou's until 2021
        (fixture(MJLOG), MJLOG, "tenhou-thousands", False),
        (fixture(MJLOG).replace(b'type="169"', b'type="161"'), MJLOG, "tenhou-thousands", True),  # bit 0x08 clear
        (fixture(MJLOG).replace(b"349,45.0", b"349,45.9").replace(b"121,-38.0", b"121,-38.9"), MJLOG, "tenhou", False),
        pytest.param(SANMA_FIXTURES / SANMA_MJLOG, SANMA_MJLOG, "tenhou-sanma-thousands", False, marks=IN_THE_CORPUS),
        (fixture(HANCHAN), HANCHAN, "tenhou", False),  # 般南喰赤, results exact (54.3 …)
        (tenhou6([([0, 0, 0], EVEN, DEALER_RON, ())], disp="般東喰赤"), "", "tenhou", True),
        (tenhou6([([0, 0, 0], EVEN, DEALER_RON, ())], disp="玉の間南喰赤"), "", "mahjong-soul", False),
        (tenhou6([([0, 0, 0], EVEN, DEALER_RON, ())], disp="Jade Room East"), "", "mahjong-soul", True),
        (tenhou6([([0, 0, 0], EVEN, DEALER_RON, ())], disp="大会戦南喰赤"), "", "mahjong-soul-tournament", False),
        (tenhou6([([0, 0, 0], EVEN, DEALER_RON, ())], disp="Club night"), "", None, False),
    ],
)
def test_the_log_names_its_lobby_and_length(data, name, lobby, east_only):
    game = read_online(data.read_bytes() if isinstance(data, Path) else data, name)
    assert (game.lobby, game.east_only) == (lobby, east_only)


def test_the_ruleset_is_the_chosen_one_else_the_lobbys_preset_else_the_closest():
    game = read_online(tenhou6([([0, 0, 0], EVEN, DEALER_RON, ())], disp="Club night"))
    assert lobby_ruleset(game) == "reach" and lobby_ruleset(game, "mleague") == "mleague"
    assert lobby_ruleset(dataclasses.replace(game, lobby="reach")) == "reach"
    with pytest.raises(OnlineError, match="whose preset 'no-such-lobby' is not in this site yet: choose a ruleset"):
        lobby_ruleset(dataclasses.replace(game, lobby="no-such-lobby"))
    assert lobby_ruleset(dataclasses.replace(game, lobby="no-such-lobby"), "reach") == "reach"


def test_an_east_only_game_is_scored_with_one_round():
    """The game log overrides the knob ``rounds`` (rules §9, length: "rounds" 1 is East-only)."""
    game = dataclasses.replace(read_online(fixture("tobi.json")), east_only=True)
    assert game_log_document(game, NAMES, "reach")["rules"] == {"rounds": 1}
