"""Writing a game log: ``to_document`` gives back the document ``parse_game`` reads."""

from collections.abc import Sequence
from typing import Any

from ..families import family_of
from ..ruleset import PRESETS
from ..table import Penalty
from .document import FORMAT, GameLog


def to_document(game: GameLog) -> dict[str, Any]:
    """The game log of ``game``: ``parse_game(to_document(game))`` gives back the same facts."""
    rules = game.rules
    players = game.players
    doc: dict[str, Any] = {"format": FORMAT, "ruleset": rules.preset}
    changed = rules.changed_knobs(PRESETS[rules.preset])
    if changed:
        doc["rules"] = changed
    if game.tournament:
        doc["tournament"] = True
    for key in ("date", "start", "session", "comment", "source"):
        if getattr(game, key) is not None:
            doc[key] = getattr(game, key)
    doc["players"] = list(players)
    write = family_of(rules).write_hand
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


def _write_penalty(penalty: Penalty, players: Sequence[str], *, document: bool) -> dict[str, Any]:
    item: dict[str, Any] = {"player": players[penalty.player], "points": penalty.points}
    if not document:
        item["to"] = penalty.to
    if penalty.reason:
        item["reason"] = penalty.reason
    return item
