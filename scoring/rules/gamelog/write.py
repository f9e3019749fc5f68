"""Writing a game log: ``to_document`` gives back the document ``parse_game`` reads."""

import json

from ..american import AmericanHand, DeadHandChallenge
from ..riichi import RiichiHand
from ..ruleset import PRESETS
from ..table import Penalty
from .document import FORMAT, GameLog


def to_document(game: GameLog) -> dict:
    """The game log of ``game``: ``parse_game(to_document(game))`` gives back the same facts."""
    rules = game.rules
    players = game.players
    doc = {"format": FORMAT, "ruleset": rules.preset}
    changed = rules.changed_knobs(PRESETS[rules.preset])
    if changed:
        doc["rules"] = changed
    if game.tournament:
        doc["tournament"] = True
    for key in ("date", "start", "session", "comment", "source"):
        if getattr(game, key) is not None:
            doc[key] = getattr(game, key)
    doc["players"] = list(players)
    write = _write_riichi_hand if rules.is_riichi else _write_american_hand
    doc["hands"] = []
    for index, hand in enumerate(game.hands):
        item = write(hand, players)
        if hand.penalties:
            item["penalties"] = [_write_penalty(p, players, document=False) for p in hand.penalties]
        comment = game.hand_comments[index] if index < len(game.hand_comments) else None
        if comment is not None:
            item["comment"] = comment
        doc["hands"].append(item)
    if game.penalties:
        doc["penalties"] = [_write_penalty(p, players, document=True) for p in game.penalties]
    if game.finished:
        doc["finished"] = True
    return doc


def _names(players, seats) -> list[str]:
    return [players[s] for s in seats]


def _write_penalty(penalty: Penalty, players, *, document: bool) -> dict:
    item = {"player": players[penalty.player], "points": penalty.points}
    if not document:
        item["to"] = penalty.to
    if penalty.reason:
        item["reason"] = penalty.reason
    return item


def _write_riichi_hand(hand: RiichiHand, players) -> dict:
    item = {"result": hand.result}
    if hand.result == "win":
        item["wins"] = []
        for win in hand.wins:
            entry = {"winner": players[win.winner]}
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
            item["wins"].append(entry)
    elif hand.result == "draw":
        item["tenpai"] = _names(players, hand.tenpai)
        if hand.dead:
            item["dead"] = _names(players, hand.dead)
        if hand.nagashi:
            item["nagashi"] = _names(players, hand.nagashi)
    elif hand.result == "abortive":
        item["reason"] = hand.reason
    else:
        item["offender"] = players[hand.offender]
    item["riichi"] = _names(players, hand.riichi)
    return item


def _write_american_hand(hand: AmericanHand, players) -> dict:
    item = {"result": hand.result}
    if hand.result == "mahjong":
        item["winner"] = players[hand.winner]
        if hand.discarder is not None:
            item["from"] = players[hand.discarder]
        item["value"] = hand.value
        if hand.jokerless:
            item["jokerless"] = True
        if hand.misnamed_discard:
            item["misnamed_discard"] = True
    if hand.incidents:
        item["incidents"] = [_write_incident(i, players) for i in hand.incidents]
    return item


def _write_incident(incident, players) -> dict:
    if isinstance(incident, DeadHandChallenge):
        return {
            "kind": "dead_hand_challenge",
            "challenger": players[incident.challenger],
            "challenged": players[incident.challenged],
            "upheld": incident.upheld,
        }
    item = {"kind": "mahjong_in_error", "caller": players[incident.caller]}
    if incident.value is not None:
        item["value"] = incident.value
    item["thrown_in"] = _names(players, incident.thrown_in)
    item["wall_broken_by"] = None if incident.wall_broken_by is None else players[incident.wall_broken_by]
    return item
