"""The only write path of the club's records: every function is atomic and takes
keyword-only arguments; every write to a game locks the game row so two scorers serialize,
and writes an audit entry.

Recording a hand settles only that hand from the table state stored with the game, so its
cost does not grow with the game or the database. Editing, deleting or undoing a hand, and
recomputing a game, replay the game's stored facts; an edit that makes a later hand
impossible is refused as a whole with the engine's "hand N: …" message.

Errors: ``ServiceError`` (and its ``Conflict``) carry a message a club member understands;
the engine's ``RuleError`` passes through unchanged. ``submit_hand``, the table's save, raises
neither: it answers with a named ``Outcome`` (recorded, already recorded, conflict, undone,
refused) and the scorer's message.

One module per kind of write: ``games`` (start, change, finish, abandon, restore, recompute,
delete, the gong), ``recording`` (a hand recorded: submitted at the table and what became of
it, or recorded by a caller, one protocol), ``hands`` (edit, undo, delete), ``imports`` (game
logs), ``names`` (a ruleset's copy, players and sessions by name), ``online_names`` (a
player's names on Tenhou and Mahjong Soul); what they share is in ``storing`` and the refusals
in ``errors``. Every public name is re-exported here: callers write ``services.record_hand``.
"""

from .errors import AlreadyImported, Conflict, ServiceError, Undone
from .games import (
    abandon_game,
    change_game,
    check_game_change,
    delete_game,
    finish_game,
    recompute_game,
    restore_game,
    set_gong,
    start_game,
    start_next_game,
)
from .hands import check_hand_delete, delete_hand, edit_hand, undo_last_hand
from .imports import import_document, import_game
from .names import copy_ruleset, player_named, room_ruleset, session_named
from .online_names import add_online_name, set_online_names
from .recording import (
    KEY_NOT_VALID,
    KEY_TOO_LONG,
    Outcome,
    Submission,
    record_chombo_series,
    record_hand,
    recorded_submission,
    submit_hand,
)
from .storing import SEAT_FIELDS
from .submissions import AlreadySubmitted, once

__all__ = [
    "KEY_NOT_VALID",
    "KEY_TOO_LONG",
    "SEAT_FIELDS",
    "AlreadyImported",
    "AlreadySubmitted",
    "Conflict",
    "Outcome",
    "ServiceError",
    "Submission",
    "Undone",
    "abandon_game",
    "add_online_name",
    "change_game",
    "check_game_change",
    "check_hand_delete",
    "copy_ruleset",
    "delete_game",
    "delete_hand",
    "edit_hand",
    "finish_game",
    "import_document",
    "import_game",
    "once",
    "player_named",
    "recompute_game",
    "record_chombo_series",
    "record_hand",
    "room_ruleset",
    "recorded_submission",
    "restore_game",
    "session_named",
    "set_gong",
    "set_online_names",
    "start_game",
    "start_next_game",
    "submit_hand",
    "undo_last_hand",
]
