"""An MCR hand in the game log: a win (its ``fan``, ``flowers``, optional ``fans`` and ``tiles``),
a draw, and the false mahjongs called during either; reading a hand and writing it back.

``reader`` is the game log's reader (``gamelog.parse.Reader``, as a ``reading.HandReader``): it knows the
players and says which hand a message is about."""

import json
from collections.abc import Sequence
from typing import Any

from ... import bounds
from ...table import Penalty
from ...vocabulary import IncidentKind, MCRResult
from ..reading import HandReader
from ..riichi.gamelog import tiles_text
from .facts import MAX_FLOWERS, FalseMahjong, MCRHand, MCRWin

HAND_KEYS = {MCRResult.WIN: {"wins", "incidents"}, MCRResult.DRAW: {"incidents"}}
WIN_KEYS = {"winner", "from", "fan", "flowers", "fans", "tiles"}
INCIDENT_KEYS = {"kind", "caller"}


def read_hand(reader: HandReader, item: dict[str, Any], penalties: tuple[Penalty, ...]) -> MCRHand:
    """The facts of one MCR hand (its keys already checked against ``HAND_KEYS``)."""
    incidents = item.get("incidents", [])
    if not isinstance(incidents, list):
        reader.fail("'incidents' must be a list")
    false_mahjongs = tuple(_read_incident(reader, i) for i in incidents)
    if item["result"] == MCRResult.DRAW:
        return MCRHand(MCRResult.DRAW, None, false_mahjongs, penalties)
    wins = item.get("wins")
    if not isinstance(wins, list) or len(wins) != 1:
        reader.fail("an MCR win needs 'wins' with exactly one winner: MCR has no multiple win")
    return MCRHand(MCRResult.WIN, _read_win(reader, wins[0]), false_mahjongs, penalties)


def _read_win(reader: HandReader, item: Any) -> MCRWin:
    reader.keys(item, WIN_KEYS, "a win", required=("winner", "fan"))
    fans = item.get("fans", [])
    if type(fans) is not list or any(not isinstance(name, str) for name in fans):
        reader.fail("'fans' must be a list of the patterns' names")
    tiles = item.get("tiles")
    if tiles is not None and type(tiles) is not dict:
        reader.fail(f"{item['winner']}'s tiles must be a JSON object")
    flowers = reader.integer(item.get("flowers", 0), "flowers", MAX_FLOWERS)
    return MCRWin(
        reader.player(item["winner"], "winner"),
        reader.optional_player(item.get("from"), "from"),
        reader.integer(item["fan"], "fan", bounds.MAX_FAN),
        flowers,
        tuple(fans),
        "" if tiles is None else tiles_text(tiles),
    )


def _read_incident(reader: HandReader, item: Any) -> FalseMahjong:
    if not isinstance(item, dict) or item.get("kind") != IncidentKind.FALSE_MAHJONG:
        reader.fail(f"an MCR incident's 'kind' must be {IncidentKind.FALSE_MAHJONG}")
    reader.keys(item, INCIDENT_KEYS, "a false mahjong", required=("caller",))
    return FalseMahjong(reader.player(item["caller"], "caller"))


def write_hand(hand: MCRHand, players: Sequence[str]) -> dict[str, Any]:
    """The game log's object of ``hand`` (without its penalties and comment)."""
    item: dict[str, Any] = {"result": hand.result}
    if hand.win is not None:
        win = hand.win
        entry: dict[str, Any] = {"winner": players[win.winner]}
        if win.discarder is not None:
            entry["from"] = players[win.discarder]
        entry["fan"] = win.fan
        if win.flowers:
            entry["flowers"] = win.flowers
        if win.fans:
            entry["fans"] = list(win.fans)
        if win.tiles:
            entry["tiles"] = json.loads(win.tiles)
        item["wins"] = [entry]
    if hand.incidents:
        item["incidents"] = [{"kind": IncidentKind.FALSE_MAHJONG, "caller": players[i.caller]} for i in hand.incidents]
    return item
