"""An American hand in the game log: the keys of each result and incident, reading a hand and
writing it back.

``reader`` is the game log's reader (``gamelog.parse.Reader``, as a ``reading.HandReader``): it knows the
players and says which hand a message is about."""

from collections.abc import Sequence
from typing import Any, TypedDict

from ... import bounds
from ...american import AmericanHand, DeadHandChallenge, MahjongInError
from ...errors import shown
from ...table import Penalty
from ...vocabulary import AmericanResult, IncidentKind
from ..reading import HandReader

RESULT_KEYS = {
    AmericanResult.MAHJONG: {"winner", "from", "value", "jokerless", "misnamed_discard", "exposures"},
    AmericanResult.WALL: set(),
}
HAND_KEYS = {result: keys | {"incidents", "dead"} for result, keys in RESULT_KEYS.items()}  # and every hand's own
INCIDENT_KEYS: dict[str, set[str]] = {
    IncidentKind.DEAD_HAND_CHALLENGE: {"kind", "challenger", "challenged", "upheld"},
    IncidentKind.MAHJONG_IN_ERROR: {"kind", "caller", "value", "thrown_in", "wall_broken_by"},
}


class _Common(TypedDict):
    """What every American hand has, whatever its result."""

    incidents: tuple[DeadHandChallenge | MahjongInError, ...]
    penalties: tuple[Penalty, ...]
    dead: tuple[int, ...]


def read_hand(reader: HandReader, item: dict[str, Any], penalties: tuple[Penalty, ...]) -> AmericanHand:
    """The facts of one American hand (its keys already checked against ``HAND_KEYS``)."""
    incidents = item.get("incidents", [])
    if not isinstance(incidents, list):
        reader.fail("'incidents' must be a list")
    common: _Common = {
        "incidents": tuple(_read_incident(reader, i) for i in incidents),
        "penalties": penalties,
        "dead": tuple(sorted(reader.player_list(item.get("dead", []), "dead"))),
    }
    if item["result"] == AmericanResult.WALL:
        return AmericanHand(AmericanResult.WALL, **common)
    if "winner" not in item or "value" not in item:
        reader.fail("a mahjong needs 'winner' and 'value'")
    exposures = item.get("exposures")
    if exposures is not None:
        exposures = reader.integer(exposures, "exposures", bounds.MAX_EXPOSURES)
        if exposures < 0:
            reader.fail(f"exposures is {exposures}: the discarder had 0 to {bounds.MAX_EXPOSURES} groups exposed")
    return AmericanHand(
        AmericanResult.MAHJONG,
        winner=reader.player(item["winner"], "winner"),
        discarder=reader.optional_player(item.get("from"), "from"),
        value=reader.integer(item["value"], "value", bounds.MAX_CARD_VALUE),
        jokerless=reader.flag(item.get("jokerless", False), "jokerless"),
        misnamed_discard=reader.flag(item.get("misnamed_discard", False), "misnamed_discard"),
        exposures=exposures,
        **common,
    )


def _read_incident(reader: HandReader, item: Any) -> DeadHandChallenge | MahjongInError:
    kind = item.get("kind") if isinstance(item, dict) else None
    if not isinstance(kind, str) or kind not in INCIDENT_KEYS:
        reader.fail(f"an incident's 'kind' must be one of {', '.join(INCIDENT_KEYS)}, not {shown(kind)}")
    keys = INCIDENT_KEYS[kind]
    if kind == IncidentKind.DEAD_HAND_CHALLENGE:
        reader.keys(item, keys, "a dead-hand challenge", required=tuple(keys))
        return DeadHandChallenge(
            reader.player(item["challenger"], "challenger"),
            reader.player(item["challenged"], "challenged"),
            reader.flag(item["upheld"], "upheld"),
        )
    reader.keys(item, keys, "a mahjong in error", required=("caller",))
    caller = reader.player(item["caller"], "caller")
    thrown_in = reader.player_list(item.get("thrown_in", []), "thrown_in")
    value = item.get("value")
    if value is None and len(thrown_in) == 2:
        reader.fail(
            "a mahjong in error with two players thrown in needs the 'value' of the hand declared: the "
            "caller pays the intact player twice that"
        )
    value = None if value is None else reader.integer(value, "value", bounds.MAX_CARD_VALUE)
    return MahjongInError(
        caller, value, thrown_in, reader.optional_player(item.get("wall_broken_by"), "wall_broken_by")
    )


def write_hand(hand: AmericanHand, players: Sequence[str]) -> dict[str, Any]:
    """The game log's object of ``hand`` (without its penalties and comment)."""
    item: dict[str, Any] = {"result": hand.result}
    if hand.result == AmericanResult.MAHJONG:
        assert hand.winner is not None  # a mahjong has its winner (read_hand and settle refuse one without)
        item["winner"] = players[hand.winner]
        if hand.discarder is not None:
            item["from"] = players[hand.discarder]
        item["value"] = hand.value
        if hand.jokerless:
            item["jokerless"] = True
        if hand.misnamed_discard:
            item["misnamed_discard"] = True
        if hand.exposures is not None:
            item["exposures"] = hand.exposures
    if hand.dead:
        item["dead"] = [players[p] for p in hand.dead]
    if hand.incidents:
        item["incidents"] = [_write_incident(i, players) for i in hand.incidents]
    return item


def _write_incident(incident: DeadHandChallenge | MahjongInError, players: Sequence[str]) -> dict[str, Any]:
    if isinstance(incident, DeadHandChallenge):
        return {
            "kind": IncidentKind.DEAD_HAND_CHALLENGE,
            "challenger": players[incident.challenger],
            "challenged": players[incident.challenged],
            "upheld": incident.upheld,
        }
    item: dict[str, Any] = {"kind": IncidentKind.MAHJONG_IN_ERROR, "caller": players[incident.caller]}
    if incident.value is not None:
        item["value"] = incident.value
    item["thrown_in"] = [players[p] for p in incident.thrown_in]
    item["wall_broken_by"] = None if incident.wall_broken_by is None else players[incident.wall_broken_by]
    return item
