"""Tenhou's mjlog XML: ``<GO type>`` (the lobby's rule bits), ``<UN n0…n3>`` (names,
URL-encoded), then per round ``<INIT seed="round,counters,sticks,…" ten="…" oya>``, the
draws and discards, ``<REACH who step="2">`` (the stick went down), and its end: one
``<AGARI>`` per winner (``who fromWho paoWho ten="fu,points,limit" yaku="id,han,…" yakuman
sc="score,delta,…"``) or ``<RYUUKYOKU type sc hai0…hai3>`` (``hai`` of each tenpai player);
the last end carries ``owari`` (final scores, and results in thousands with a decimal). Points are in hundreds. A
three-player game has the GO bit 0x10, an empty ``n3``, and four of every score and delta
(``ten``, ``sc``, ``owari``) with the fourth 0; a North set aside is an ``<N>`` and counts among
the win's dora (yaku 52)."""

import re
from typing import Any
from urllib.parse import unquote
from xml.etree import ElementTree

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
)

GO_THREE_PLAYER = 0x10
GO_HANCHAN = 0x08
NUMBERS = re.compile(r"-?\d{1,7}(,-?\d{1,7})*")


def is_mjlog(text: str) -> bool:
    return "<mjloggm" in text[:2000]


def read(text: str, filename: str = "") -> OnlineGame:
    """The online game of an mjlog document; OnlineError says what is wrong. An mjlog holds no
    log id: the file's name gives it (and so the game's date) where it is named after it."""
    go, names, rounds, owari = _game_parts(_document(text))
    final, results, chips = owari or (None, None, None)
    bits = go["bits"]
    found = log_id(filename)
    lobby = private_lobby(found) or (go["lobby"] if go["lobby"].strip("0") else "")
    players, renamed = told_apart(names)
    return OnlineGame(
        players=players,
        rounds=tuple(rounds),
        final=final,
        results=results,
        log_id=found,
        lobby=tenhou_lobby(len(names), results),
        east_only=not bits & GO_HANCHAN,
        earlier=earlier.mjlog_identity(text, filename),
        room=f"Tenhou private lobby {lobby}" if lobby else "",
        chips=chips,
        renamed=renamed,
        stated=_csrule(go["csrule"]),
    )


def _csrule(text: str) -> tuple[tuple[str, object], ...]:
    """What a private lobby's ``csrule`` (GO, since 2023: "…,30000,30000,30000,…,5,-5,-15,…")
    seems to state: the start and return points, and the uma of second to fourth place in
    thousands (first place's makes them sum to zero). Only a first guess, which the log's own
    results must confirm (``rooms``)."""
    parts = text.split(",")
    whole = [p.lstrip("-").isdigit() and len(p) < 8 for p in parts]
    stated: list[tuple[str, object]] = []
    if len(parts) > 5 and whole[4] and whole[5]:
        stated += [("start_points", int(parts[4])), ("return_points", int(parts[5]))]
    for i in range(7, len(parts) - 2):
        if all(whole[i : i + 3]):
            others = [1000 * int(v) for v in parts[i : i + 3]]
            stated.append(("uma", (-sum(others), *others)))
            break
    return tuple(stated)


def _document(text: str) -> ElementTree.Element:
    """The ``<mjloggm>`` root of the text (no DOCTYPE nor entities: nothing to expand)."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        fail("", "not a Tenhou log: an mjlog has no DOCTYPE or entities")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        fail("", f"not a readable Tenhou log: the XML is broken ({error})")
    if root.tag != "mjloggm":
        fail("", "not a Tenhou log: the document is not <mjloggm>")
    return root


type Final = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None]  # scores, results, chips


def _game_parts(root: ElementTree.Element) -> tuple[dict[str, Any], tuple[str, ...], list[OnlineRound], Final | None]:
    """The lobby's rule bits, its number and its csrule (``GO``), the players' names, the rounds
    and the final scores, results and chips (None without ``owari``), element by element."""
    names: tuple[str, ...] | None = None
    rounds: list[OnlineRound] = []
    final: Final | None = None
    current: dict[str, Any] | None = None
    ends: list[ElementTree.Element] = []
    go: dict[str, Any] = {"bits": 0, "lobby": "", "csrule": ""}
    for element in root:
        tag, attrs = element.tag, element.attrib
        if tag == "GO":
            go["bits"] = _numbers(attrs.get("type", "0"), "GO type")[0]
            go["lobby"] = attrs.get("lobby", "") if attrs.get("lobby", "").isdigit() else ""
            go["csrule"] = attrs.get("csrule", "")[:500]
        elif tag == "UN" and names is None and "n0" in attrs:
            names = _names(attrs, bool(go["bits"] & GO_THREE_PLAYER))
        elif tag == "INIT":
            if names is None:
                fail("", "not a Tenhou log: no player names (<UN>) before the first round")
            if current is not None:
                rounds.append(_close(current, ends, len(names)))
            current, ends = _init(attrs, len(names)), []
        elif tag == "REACH" and attrs.get("step") == "2":
            if current is None:
                fail("", "a riichi before the first round")
            current["riichi"].append(_seat(attrs.get("who"), current["label"], len(current["scores"])))
        elif tag in ("AGARI", "RYUUKYOKU"):
            if current is None:
                fail("", "a round's end before the first round")
            ends.append(element)
            if "owari" in attrs:
                final = _owari(attrs["owari"], len(current["scores"]))
    if names is None:
        fail("", "not a Tenhou log: no player names (<UN>)")
    if current is None:
        fail("", "not a Tenhou log: no rounds (<INIT>)")
    rounds.append(_close(current, ends, len(names)))
    return go, names, rounds, final


def _names(attrs: dict[str, str], three: bool) -> tuple[str, ...]:
    """``<UN n0…n3>``: the players' names (an empty fourth at a table of three)."""
    names = tuple(unquote(attrs.get(f"n{i}", "")) for i in range(FOUR))
    if not names[-1].strip():
        names = names[:-1]
    if not all(n.strip() for n in names):
        fail("", "not a Tenhou log: <UN> must name four players (three and an empty fourth at a table of three)")
    return names[: seat_count(len(names), three)]


def _numbers(text: str, what: str, where: str = "") -> list[int]:
    if not NUMBERS.fullmatch(text or ""):
        fail(where, f"{what} must be whole numbers separated by commas, not {text[:30]!r}")
    return [int(v) for v in text.split(",")]


def _owari(text: str, seats: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None]:
    """The final scores, the results and the chips of ``owari="score,result,…"`` (scores in
    hundreds, results in thousands with a decimal; four players' worth at a table of three, the
    fourth 0). A chip lobby (祝儀) writes, after the four pairs, four more: each player's chips and
    a 0. Chips are not points: they are kept beside the score (None outside a chip lobby)."""
    values = text.split(",")
    if len(values) not in (2 * FOUR, 4 * FOUR):
        fail("", f"owari must hold a score and a result (and chips) for each of four players, not {text[:40]!r}")
    pairs, chip_pairs = values[: 2 * FOUR], values[2 * FOUR :]
    scores = pairs[0::2]
    if not all(re.fullmatch(r"-?\d{1,5}", v) for v in scores + chip_pairs[0::2]):
        fail("", f"owari must begin each player's part with a score in hundreds, not {text[:40]!r}")
    final = at_seats([int(v) for v in scores], seats, "", "the final scores (owari)")
    results = [thousandths(v, "", "each result in owari") for v in pairs[1::2]]
    chips = at_seats([int(v) for v in chip_pairs[0::2]], seats, "", "the chips (owari)") if chip_pairs else None
    return tuple(100 * s for s in final), at_seats(results, seats, "", "the results (owari)"), chips


def _seat(text: str | None, where: str, seats: int) -> int:
    if text not in [str(s) for s in range(seats)]:
        fail(where, f"a player must be seat 0-{seats - 1}, not {str(text)[:10]!r}")
    return int(text)


def _init(attrs: dict[str, str], seats: int) -> dict[str, Any]:
    seed = _numbers(attrs.get("seed", ""), "INIT seed")
    ten = _numbers(attrs.get("ten", ""), "INIT ten")
    if len(seed) < 3 or len(ten) not in (seats, FOUR):
        fail("", 'INIT needs seed="round,counters,sticks,…" and ten with the four scores')
    rotation, counters, sticks = seed[:3]
    if not 0 <= rotation < 16 or not 0 <= counters < 100 or not 0 <= sticks < 100:
        fail("", f"INIT seed {seed[:3]} is out of range")
    if rotation % FOUR >= seats:
        fail("", f"INIT seed {seed[:3]} names a fourth dealer at a table of three")
    scores = tuple(100 * t for t in at_seats(ten, seats, "", "INIT ten"))
    label = OnlineRound(rotation, counters, sticks, scores, (), "", ()).label
    return {
        "rotation": rotation,
        "counters": counters,
        "sticks": sticks,
        "scores": scores,
        "riichi": [],
        "label": label,
    }


def _deltas(attrs: dict[str, str], label: str, seats: int) -> tuple[int, ...]:
    sc = _numbers(attrs.get("sc", ""), "sc", label)
    if len(sc) not in (2 * FOUR, 4 * FOUR):
        fail(label, "sc must hold a score and a delta (and chips, in a chip lobby) for each of four players")
    # a chip lobby writes four pairs of chips and their change after the four of score and delta
    return tuple(100 * d for d in at_seats(sc[1 : 2 * FOUR : 2], seats, label, "the deltas in sc"))


def _close(current: dict[str, Any], ends: list[ElementTree.Element], seats: int) -> OnlineRound:
    label = current.pop("label")
    current["riichi"] = tuple(sorted(set(current["riichi"])))
    if not ends:
        fail(label, "the round has no end (<AGARI> or <RYUUKYOKU>): the log is cut short")
    summed = [0] * seats
    for element in ends:
        summed = [a + b for a, b in zip(summed, _deltas(element.attrib, label, seats), strict=True)]
    deltas = tuple(summed)
    if ends[0].tag == "AGARI":
        if any(e.tag != "AGARI" for e in ends):
            fail(label, "a round ends with wins or with a draw, not both")
        wins = tuple(_win(e.attrib, label, seats) for e in ends)
        if len(wins) > 1 and any(w.discarder is None for w in wins):
            fail(label, "a self-draw must be the only win of the round")
        expected = 1000 * (current["sticks"] + len(current["riichi"]))
        if sum(deltas) != expected:
            fail(
                label,
                f"the deltas {list(deltas)} sum to {sum(deltas):,}, not {expected:,} (the riichi sticks "
                "collected); the log is damaged",
            )
        return OnlineRound(**current, result=RiichiResult.WIN, deltas=deltas, wins=wins)
    if len(ends) > 1:
        fail(label, "a round has one draw")
    attrs = ends[0].attrib
    if sum(deltas):
        fail(label, f"the deltas {list(deltas)} of a draw sum to {sum(deltas):,}, not 0; the log is damaged")
    kind = attrs.get("type", "")
    if kind in ABORTIVE:
        return OnlineRound(**current, result=RiichiResult.ABORTIVE, deltas=deltas, reason=ABORTIVE[kind])
    if kind not in ("", "nm"):
        fail(label, f"unknown kind of draw {kind[:20]!r}")
    tenpai = tuple(s for s in range(seats) if f"hai{s}" in attrs)
    nagashi = tuple(s for s in range(seats) if deltas[s] > 0) if kind == "nm" else ()
    return OnlineRound(**current, result=RiichiResult.DRAW, deltas=deltas, tenpai=tenpai, nagashi=nagashi)


def _win(attrs: dict[str, str], label: str, seats: int) -> OnlineWin:
    winner = _seat(attrs.get("who"), label, seats)
    discarder = _seat(attrs.get("fromWho"), label, seats)
    liable = _seat(attrs["paoWho"], label, seats) if "paoWho" in attrs else None
    ten = _numbers(attrs.get("ten", ""), "AGARI ten", label)
    yaku = _numbers(attrs["yaku"], "AGARI yaku", label) if attrs.get("yaku") else []
    yakuman = _numbers(attrs["yakuman"], "AGARI yakuman", label) if attrs.get("yakuman") else []
    if len(ten) != 3 or len(yaku) % 2:
        fail(label, 'AGARI needs ten="fu,points,limit" and yaku in pairs of id and han')
    for number in yaku[0::2] + yakuman:
        if not 0 <= number < len(YAKU):
            fail(label, f"unknown yaku number {number}")
    han = sum(yaku[1::2])
    if not yakuman and han < 1:
        fail(label, "a win needs its yaku")
    return OnlineWin(
        winner,
        None if discarder == winner else discarder,
        han,
        ten[0],
        len(yakuman),
        None if liable in (None, winner) else liable,
    )
