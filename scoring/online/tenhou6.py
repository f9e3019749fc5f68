"""The tenhou.net/6 JSON replay (Tenhou's viewer; Mahjong Soul replays are converted to it).

``{"name": [four names], "rule": {"disp": "般南喰赤", "aka": 1}, "ref": "<log id>",
"log": [round, …], "sc": [score, result, …]}`` (results in thousands with a decimal); a round
is ``[[round, counters, sticks], [scores], [dora], [ura], deal₀, draws₀, discards₀, … deal₃,
draws₃, discards₃, [end]]``.
A three-player game ("三般南喰赤") has an empty fourth name, a 0 in fourth place of every score
and delta, and empty tiles for the fourth player; a North set aside is ``"f44"`` among the
discards and counts in the win's dora.
A discard written ``"r…"`` declares riichi; the end is ``["和了", deltas, [winner, from, pao,
"30符2飜2000点", "立直(1飜)", …], …]`` (one pair per winner) or a draw's label with its deltas.
"""

import re
from collections.abc import Sequence
from typing import Any, cast

from scoring.rules.vocabulary import RiichiResult

from . import earlier
from .game import (
    ABORTIVE,
    FOUR,
    YAKU,
    OnlineGame,
    OnlineRound,
    OnlineWin,
    at_seats,
    fail,
    log_id,
    private_lobby,
    seat_count,
    tenhou_lobby,
    thousandths,
    told_apart,
    yaku_name,
)

ROUND_LENGTH = 17
YAKU_HAN = re.compile(r"(.+)\((\d{1,2})飜\)")
YAKU_LIMIT = re.compile(r"(.+)\((役満|ダブル役満)\)")
# "30符2飜2000点"; tensoul writes "30Fu2Han2000点" when set to English
FU_HAN = re.compile(r"(\d{2,3})(?:符|Fu)(\d{1,2})(?:飜|Han)")
# the lowest fu that makes a hand of so many han a mangan without rounding up ("満貫" without fu)
MANGAN_FU = {3: 70, 4: 40}
# Mahjong Soul's yaku as tensoul writes them (in its own Japanese, or Mahjong Soul's English names
# when set to English): read like Tenhou's, by their han
CONVERTED_YAKU = (
    "役牌:自風牌",
    "役牌:場風牌",
    "ダブル立直",
    "抜きドラ",
    "国士無双十三面待ち",
    "Fully Concealed Hand",
    "Riichi",
    "Robbing a Kan",
    "After a Kan",
    "Under the Sea",
    "Under the River",
    "White Dragon",
    "Green Dragon",
    "Red Dragon",
    "Seat Wind",
    "Prevalent Wind",
    "All Simples",
    "Pure Double Sequence",
    "Pinfu",
    "Half Outside Hand",
    "Pure Straight",
    "Mixed Triple Sequence",
    "Double Riichi",
    "Triple Triplets",
    "Three Quads",
    "All Triplets",
    "Three Concealed Triplets",
    "Little Three Dragons",
    "All Terminals and Honors",
    "Seven Pairs",
    "Fully Outside Hand",
    "Half Flush",
    "Twice Pure Double Sequence",
    "Full Flush",
    "Ippatsu",
    "Dora",
    "Red Five",
    "Ura Dora",
    "Kita",
    "Blessing of Heaven",
    "Blessing of Earth",
    "Big Three Dragons",
    "Four Concealed Triplets",
    "All Honors",
    "All Green",
    "All Terminals",
    "Thirteen Orphans",
    "Four Little Winds",
    "Four Quads",
    "Nine Gates",
    "True Nine Gates",
    "Single-wait Four Concealed Triplets",
    "Thirteen-wait Thirteen Orphans",
    "Four Big Winds",
    "Hand of Man",
)
KNOWN_YAKU = frozenset(YAKU) | {yaku_name(name) for name in CONVERTED_YAKU}
# the ends of a round in Japanese and as tensoul writes them in English
DRAWS = ("流局", "全員聴牌", "全員不聴", "流し満貫", "Ryuukyoku", "Exhaustive Draw", "Nagashi Mangan", "Mangan at Draw")
NAGASHI = ("流し満貫", "Nagashi Mangan", "Mangan at Draw")
WIN = ("和了", "Agari")
# Mahjong Soul's rooms as tensoul names them ("玉の間", "Jade Room", "友人戦", "大会戦"); its tournament rooms
MAHJONG_SOUL = re.compile(r"の間|之间|Room|友人戦|Friendly|大会戦|Tournament|Tounament")
MAHJONG_SOUL_TOURNAMENT = re.compile(r"大会戦|Tournament|Tounament")
CONTEST = re.compile(r":\s*(\d{1,12})\s*$")  # tensoul's title: "大会戦南喰: 45205107", the room's number


def is_tenhou6(doc: object) -> bool:
    return isinstance(doc, dict) and "log" in doc and "name" in doc


def read(doc: dict[str, Any], filename: str = "") -> OnlineGame:
    """The online game of a decoded tenhou.net/6 document; OnlineError says what is wrong. Its
    log id (and so its date) is its ``ref``, else the file's name where it is named after it."""
    names = doc.get("name")
    rule = cast(dict[str, Any], doc.get("rule") if isinstance(doc.get("rule"), dict) else {})
    disp = cast(str, rule.get("disp") if isinstance(rule.get("disp"), str) else "")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        fail("", "not a tenhou.net/6 log: 'name' must list the players' names")
    if len(names) == FOUR and not names[-1].strip():
        names = names[:-1]  # a table of three
    if len(names) not in (FOUR - 1, FOUR) or not all(n.strip() for n in names):
        fail("", "not a tenhou.net/6 log: 'name' must list four players (three and an empty fourth at three seats)")
    seats = seat_count(len(names), "三" in disp)
    rounds_in = doc.get("log")
    if not isinstance(rounds_in, list) or not rounds_in:
        fail("", "not a tenhou.net/6 log: 'log' must be a list of rounds")
    headers = [_header(item, number, seats) for number, item in enumerate(rounds_in, 1)]
    rounds = tuple(
        _round(item, headers[i], headers[i + 1] if i + 1 < len(headers) else None, seats)
        for i, item in enumerate(rounds_in)
    )
    lowered = disp.lower()
    final, results, chips = _final(doc.get("sc"), seats)
    players, renamed = told_apart(tuple(names))
    found = log_id(doc.get("ref"), filename)
    lobby = _lobby(doc, disp, seats, results)
    return OnlineGame(
        players=players,
        rounds=rounds,
        final=final,
        results=results,
        log_id=found,
        lobby=lobby,
        east_only=(any(w in disp for w in "東东") or "east" in lowered) and not ("南" in disp or "south" in lowered),
        earlier=earlier.tenhou6_identity(doc),
        room=_room(doc, lobby, found),
        chips=chips,
        renamed=renamed,
    )


def _room(doc: dict[str, Any], lobby: str | None, found: str | None) -> str:
    """The room of its own the log names: a Tenhou private lobby (by its log id, else the JSON's
    ``lobby``), a Mahjong Soul contest or friendly room (tensoul's ``title``: "大会戦南喰: 45205107");
    "" for a ranked room or where the log does not say."""
    number = doc.get("lobby")
    number = str(number) if type(number) is int and 0 < number < 10**9 else ""
    title = doc.get("title")
    title = title[0] if isinstance(title, list) and title and isinstance(title[0], str) else ""
    if lobby and lobby.startswith("mahjong-soul"):
        contest = CONTEST.search(title)
        if contest and MAHJONG_SOUL_TOURNAMENT.search(title):
            return f"Mahjong Soul contest {contest.group(1)}"
        return f"Mahjong Soul friendly room {contest.group(1)}" if contest and "友人戦" in title else ""
    private = private_lobby(found) or number
    return f"Tenhou private lobby {private}" if lobby and private else ""


def _lobby(doc: dict[str, Any], disp: str, seats: int, results: tuple[int, ...] | None) -> str | None:
    """The preset of the lobby the log names: Mahjong Soul's by tensoul's room names, Tenhou's
    by its log id or its rooms (般上特鳳技), by its results; None if the log does not say."""
    if MAHJONG_SOUL.search(disp):
        if seats < FOUR:
            return None
        return "mahjong-soul-tournament" if MAHJONG_SOUL_TOURNAMENT.search(disp) else "mahjong-soul"
    if log_id(doc.get("ref")) or re.search("[般上特鳳技]", disp):
        return tenhou_lobby(seats, results)
    return None


def _integers(value: Any, count: int, where: str, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count or any(type(v) is not int for v in value):
        fail(where, f"{what} must be a list of {count} whole numbers")
    return tuple(value)


def _per_seat(value: Any, seats: int, where: str, what: str) -> tuple[int, ...]:
    """One whole number per seat: four of them, the fourth 0 at a table of three (or just three)."""
    if not isinstance(value, list) or len(value) not in (seats, FOUR) or any(type(v) is not int for v in value):
        fail(where, f"{what} must be a list of {FOUR} whole numbers")
    return at_seats(value, seats, where, what)


def _header(item: Any, number: int, seats: int) -> tuple[int, ...]:
    where = f"round {number}"
    if not isinstance(item, list) or len(item) != ROUND_LENGTH:
        fail(
            where,
            f"a round must be a list of {ROUND_LENGTH} entries (start, scores, dora, ura, the four players' "
            "tiles, the end)",
        )
    header = _integers(item[0], 3, where, "the round's start [round, counters, sticks]")
    scores = _per_seat(item[1], seats, where, "the scores")
    if not 0 <= header[0] < 16 or not 0 <= header[1] < 100 or not 0 <= header[2] < 100:
        fail(where, f"the round's start {list(header)} is out of range")
    if header[0] % FOUR >= seats:
        fail(where, f"the round's start {list(header)} names a fourth dealer at a table of three")
    if any(abs(s) > 1_000_000 for s in scores):
        fail(where, "a score is out of range")
    return header


def _round(item: Any, header: tuple[int, ...], following: tuple[int, ...] | None, seats: int) -> OnlineRound:
    rotation, counters, sticks = header
    scores = _per_seat(item[1], seats, "", "the scores")
    label = OnlineRound(rotation, counters, sticks, scores, (), "", ()).label
    for entry in item[4:16]:
        if not isinstance(entry, list):
            fail(label, "each player's deal, draws and discards must be lists")
    end = item[16]
    if not isinstance(end, list) or not end or not isinstance(end[0], str):
        fail(label, "the round's end must be a list starting with its result (和了, 流局 …)")
    kind = end[0]
    declared = [s for s in range(seats) if any(isinstance(t, str) and t.startswith("r") for t in item[6 + 3 * s])]
    base: dict[str, Any] = {"rotation": rotation, "counters": counters, "sticks": sticks, "scores": scores}
    if kind in WIN:
        wins, deltas = _wins(end[1:], label, seats)
        ronned = {w.discarder for w in wins}
        # a riichi declared on the discard that was won on is void: no stick goes down
        riichi = tuple(s for s in declared if not (s in ronned and _riichi_discard_last(item[6 + 3 * s])))
        _sums_to(deltas, 1000 * (sticks + len(riichi)), label)
        return OnlineRound(**base, riichi=riichi, result=RiichiResult.WIN, deltas=deltas, wins=wins)
    deltas = _per_seat(end[1], seats, label, "the deltas") if len(end) > 1 else (0,) * seats
    _sums_to(deltas, 0, label)
    riichi = tuple(declared)
    if kind in ABORTIVE:
        return OnlineRound(**base, riichi=riichi, result=RiichiResult.ABORTIVE, deltas=deltas, reason=ABORTIVE[kind])
    if kind not in DRAWS:
        fail(label, f"unknown end of a round {kind[:20]!r}")
    dealer_stays = following is not None and following[0] == rotation
    if kind in NAGASHI:
        nagashi = tuple(s for s in range(seats) if deltas[s] > 0)
        tenpai = tuple(sorted(set(riichi) | ({rotation % FOUR} if dealer_stays else set())))
        return OnlineRound(
            **base, riichi=riichi, result=RiichiResult.DRAW, deltas=deltas, tenpai=tenpai, nagashi=nagashi
        )
    # nobody paid: all tenpai or all noten. Tenhou says which; Mahjong Soul (tensoul) writes both
    # as "流局" with nothing paid, and then the dealer stays if all were tenpai, or a riichi says so
    if kind == "全員聴牌" or (kind not in ("全員不聴",) and not any(deltas) and (riichi or dealer_stays)):
        tenpai = tuple(range(seats))
    else:
        tenpai = tuple(s for s in range(seats) if deltas[s] > 0)
    return OnlineRound(**base, riichi=riichi, result=RiichiResult.DRAW, deltas=deltas, tenpai=tenpai)


def _riichi_discard_last(discards: list[Any]) -> bool:
    return bool(discards) and isinstance(discards[-1], str) and discards[-1].startswith("r")


def _sums_to(deltas: Sequence[int], total: int, label: str) -> None:
    if sum(deltas) != total:
        fail(
            label,
            f"the deltas {list(deltas)} sum to {sum(deltas):,}, not {total:,} (the riichi sticks "
            "collected); the log is damaged",
        )


def _wins(rest: list[Any], label: str, seats: int) -> tuple[tuple[OnlineWin, ...], tuple[int, ...]]:
    if not rest or len(rest) % 2:
        fail(label, "a win needs its deltas and its details, one pair per winner")
    wins, total = [], [0] * seats
    for index in range(0, len(rest), 2):
        deltas = _per_seat(rest[index], seats, label, "a win's deltas")
        total = [a + b for a, b in zip(total, deltas, strict=True)]
        wins.append(_win(rest[index + 1], label, seats))
    if len(wins) > 1 and any(w.discarder is None for w in wins):
        fail(label, "a self-draw must be the only win of the round")
    return tuple(wins), tuple(total)


def _win(info: Any, label: str, seats: int) -> OnlineWin:
    if (
        not isinstance(info, list)
        or len(info) < 5
        or any(type(v) is not int or not 0 <= v < seats for v in info[:3])
        or not all(isinstance(v, str) for v in info[3:])
    ):
        fail(label, f"a win's details must be [winner, from, pao, points, yaku …] (seats 0-{seats - 1}, then text)")
    winner, discarder, pao, points, *yaku = info
    han, yakuman = yaku_count(yaku, label)
    fu = 0
    if not yakuman:
        given = FU_HAN.search(points)
        if given:
            fu = int(given.group(1))
            if int(given.group(2)) != han:
                fail(label, f"the yaku add up to {han} han, but the points say {given.group(2)} han")
        elif han < 5:
            if not ("満貫" in points or "Mangan" in points) or han not in MANGAN_FU:
                fail(label, f"a win of {han} han needs its fu ({points[:30]!r} gives none)")
            fu = MANGAN_FU[han]
    return OnlineWin(
        winner, None if discarder == winner else discarder, han, fu, yakuman, None if pao == winner else pao
    )


def yaku_count(yaku: list[str], label: str) -> tuple[int, int]:
    """The han and the yakuman of a win's yaku strings ("立直(1飜)", "国士無双(役満)")."""
    han = yakuman = 0
    for text in yaku:
        limit = YAKU_LIMIT.fullmatch(text)
        plain = None if limit else YAKU_HAN.fullmatch(text)
        found = limit or plain
        if not found or yaku_name(found.group(1).strip()) not in KNOWN_YAKU:
            fail(label, f"unknown yaku {text[:30]!r}")
        if limit:
            yakuman += 2 if limit.group(2) == "ダブル役満" else 1
        else:
            han += int(cast(re.Match[str], plain).group(2))  # not a limit: a plain yaku matched
    if not yakuman and not han:
        fail(label, "a win needs its yaku")
    return han, yakuman


def _final(sc: Any, seats: int) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None, tuple[int, ...] | None]:
    """The final scores, the results and the chips of ``sc`` (score, result, … per player, four
    players' worth at a table of three, the fourth 0; scores in hundreds or in points, results in
    thousands with a decimal); (None, None, None) without ``sc``. A chip lobby (祝儀) writes each
    player's chips too: after the result (12 numbers), or as Tenhou's owari does, four pairs of
    chips and a 0 after the four pairs (16). Chips are not points: kept beside the score (None
    outside a chip lobby)."""
    if sc is None:
        return None, None, None
    sizes = {2 * seats: 2, 2 * FOUR: 2, 3 * FOUR: 3, 4 * FOUR: 2}
    if not isinstance(sc, list) or len(sc) not in sizes or any(type(v) not in (int, float) for v in sc):
        fail("", "the final scores 'sc' must be a list of 8 numbers (score and result per player)")
    step = sizes[len(sc)]
    pairs = sc[: FOUR * step] if step == 3 else sc[: 2 * FOUR] if len(sc) == 4 * FOUR else sc
    chips_in = sc[2::3] if step == 3 else sc[2 * FOUR :: 2] if len(sc) == 4 * FOUR else []
    if any(type(s) is not int for s in pairs[0::step]) or any(type(c) is not int for c in chips_in):
        fail("", "the final scores and chips in 'sc' must be whole numbers")
    scores = at_seats(pairs[0::step], seats, "", "the final scores in 'sc'")
    # a result as the JSON wrote it: a float's shortest form is its decimal text
    results = at_seats(
        [thousandths(repr(r), "", "each result in 'sc'") for r in pairs[1::step]], seats, "", "the results in 'sc'"
    )
    chips = at_seats(list(chips_in), seats, "", "the chips in 'sc'") if chips_in else None
    return (tuple(s * 100 for s in scores) if abs(sum(scores)) < 10_000 else scores), results, chips
