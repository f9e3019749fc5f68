"""A riichi hand in the game log: the keys of each result, reading a hand and writing it back.

``reader`` is the game log's reader (``gamelog.parse.Reader``, as a ``reading.HandReader``): it knows the
players and says which hand a message is about."""

import json
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ... import bounds
from ...riichi import RiichiHand, Win
from ...table import Penalty
from ...vocabulary import North, RiichiResult
from ..reading import HandReader

RESULT_KEYS = {
    RiichiResult.WIN: {"wins"},
    RiichiResult.DRAW: {"tenpai", "dead", "nagashi"},
    RiichiResult.ABORTIVE: {"reason"},
    RiichiResult.CHOMBO: {"offender"},
}
HAND_KEYS = {result: keys | {"riichi"} for result, keys in RESULT_KEYS.items()}  # and every hand's own
WIN_KEYS = {"winner", "from", "han", "fu", "yakuman", "liable", "tiles"}
# a win's optional tiles: notation strings, melds, conditions, whether han/fu were overridden
TILES_KEYS = {"hand": str, "melds": list, "win": str, "dora": str, "ura": str, "conditions": list, "override": bool}
# where a North is set aside (``north``: nukidora, Tenhou three-player rules), the tiles say how many
NUKI_KEYS = {**TILES_KEYS, "nuki": int}
MOST_NUKI = 4  # there are four Norths

# Win(...) and RiichiHand(...) from a complete tuple, without NamedTuple.__new__'s keywords; typed by
# their fields, so that a call is checked as the NamedTuple's own would be
_win: Callable[[tuple[int, int | None, int, int, int, int | None, str]], Win] = partial(tuple.__new__, Win)
_riichi_hand: Callable[
    [
        tuple[
            str,
            tuple[Win, ...],
            tuple[int, ...],
            tuple[int, ...],
            tuple[int, ...],
            tuple[int, ...],
            str,
            int | None,
            tuple[Penalty, ...],
        ]
    ],
    RiichiHand,
] = partial(tuple.__new__, RiichiHand)


def tiles_text(tiles: dict[str, Any]) -> str:
    """A win's ``tiles`` object as the canonical JSON text a ``Win`` carries."""
    return json.dumps(tiles, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def read_hand(reader: HandReader, item: dict[str, Any], penalties: tuple[Penalty, ...]) -> RiichiHand:
    """The facts of one riichi hand (its keys already checked against ``HAND_KEYS``)."""
    riichi_players = reader.player_list(item.get("riichi", []), "riichi")
    result = item["result"]
    if result == RiichiResult.WIN:
        wins = item.get("wins")
        if not isinstance(wins, list) or not wins:
            reader.fail("a win needs 'wins': a list with one entry per winner")
        wins = tuple([_read_win(reader, w) for w in wins])
        return _riichi_hand((RiichiResult.WIN, wins, riichi_players, (), (), (), "", None, penalties))
    if result == RiichiResult.DRAW:
        tenpai = reader.player_list(item.get("tenpai", []), "tenpai")
        dead = reader.player_list(item.get("dead", []), "dead")
        nagashi = reader.player_list(item.get("nagashi", []), "nagashi")
        return _riichi_hand((RiichiResult.DRAW, (), riichi_players, tenpai, dead, nagashi, "", None, penalties))
    if result == RiichiResult.ABORTIVE:
        reason = item.get("reason")
        if not isinstance(reason, str):
            reader.fail("an abortive draw needs its 'reason'")
        return RiichiHand(RiichiResult.ABORTIVE, riichi=riichi_players, reason=reason, penalties=penalties)
    if "offender" not in item:
        reader.fail("a chombo needs the 'offender'")
    return RiichiHand(
        RiichiResult.CHOMBO,
        riichi=riichi_players,
        offender=reader.player(item["offender"], "offender"),
        penalties=penalties,
    )


def _read_win(reader: HandReader, item: Any) -> Win:
    if type(item) is not dict or not item.keys() <= WIN_KEYS or "winner" not in item:
        reader.keys(item, WIN_KEYS, "a win", required=("winner",))
    index = reader.index
    try:
        winner = index[item["winner"]]
        discarder = item.get("from")
        if discarder is not None:
            discarder = index[discarder]
        liable = item.get("liable")
        if liable is not None:
            liable = index[liable]
    except (KeyError, TypeError):  # somebody is not one of the players: say who
        reader.player(item["winner"], "winner")
        for key in ("from", "liable"):
            reader.optional_player(item.get(key), key)
    if "yakuman" in item:
        if "han" in item:
            reader.fail("a win has han or yakuman, not both")
        yakuman = reader.integer(item["yakuman"], "yakuman", bounds.MAX_YAKUMAN)
        if yakuman < 1:
            reader.fail(f"yakuman must be 1 or more, not {yakuman}")
        if "fu" in item:  # ignored with a yakuman, but still a number
            reader.integer(item["fu"], "fu", bounds.MAX_FU)
        return _win((winner, discarder, 0, 0, yakuman, liable, _read_tiles(reader, item)))
    if "han" not in item:
        reader.fail(f"{item['winner']}'s win needs 'han' (and 'fu' below 5 han) or 'yakuman'")
    han = item["han"]
    fu = item.get("fu")
    if (
        type(han) is not int
        or (fu is not None and type(fu) is not int)
        or han > bounds.MAX_HAN
        or (fu is not None and fu > bounds.MAX_FU)
    ):
        reader.integer(han, "han", bounds.MAX_HAN)
        reader.integer(fu, "fu", bounds.MAX_FU)
    if fu is None and han < 5:
        reader.fail(f"{item['winner']}'s win of {han} han needs 'fu': below 5 han a win has han and fu")
    return _win((winner, discarder, han, fu if han < 5 else 0, 0, liable, _read_tiles(reader, item)))


def _read_tiles(reader: HandReader, win: dict[str, Any]) -> str:
    """The win's ``tiles`` object, its shape checked, as canonical JSON text ("" without one)."""
    if "tiles" not in win:
        return ""
    tiles = win["tiles"]
    allowed = NUKI_KEYS if reader.rules.north == North.NUKIDORA else TILES_KEYS
    reader.keys(tiles, set(allowed), f"{win['winner']}'s tiles", required=("hand",))
    for key, value in tiles.items():
        if type(value) is not allowed[key]:
            reader.fail(f"{win['winner']}'s tiles: {key!r} must be {allowed[key].__name__}, not {value!r}")
    if not 0 <= tiles.get("nuki", 0) <= MOST_NUKI:
        reader.fail(f"{win['winner']}'s tiles: 'nuki' is the Norths set aside, 0 to {MOST_NUKI}, not {tiles['nuki']}")
    return tiles_text(tiles)


def write_hand(hand: RiichiHand, players: Sequence[str]) -> dict[str, Any]:
    """The game log's object of ``hand`` (without its penalties and comment)."""
    item: dict[str, Any] = {"result": hand.result}
    if hand.result == RiichiResult.WIN:
        item["wins"] = [_write_win(win, players) for win in hand.wins]
    elif hand.result == RiichiResult.DRAW:
        item["tenpai"] = [players[p] for p in hand.tenpai]
        if hand.dead:
            item["dead"] = [players[p] for p in hand.dead]
        if hand.nagashi:
            item["nagashi"] = [players[p] for p in hand.nagashi]
    elif hand.result == RiichiResult.ABORTIVE:
        item["reason"] = hand.reason
    else:
        assert hand.offender is not None  # a chombo has its offender (read_hand and settle refuse one without)
        item["offender"] = players[hand.offender]
    item["riichi"] = [players[p] for p in hand.riichi]
    return item


def _write_win(win: Win, players: Sequence[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {"winner": players[win.winner]}
    if win.discarder is not None:
        entry["from"] = players[win.discarder]
    if win.yakuman:
        entry["yakuman"] = win.yakuman
    else:
        entry["han"] = win.han
        if win.han < 5:
            entry["fu"] = win.fu
    if win.liable is not None:
        entry["liable"] = players[win.liable]
    if win.tiles:
        entry["tiles"] = json.loads(win.tiles)
    return entry
