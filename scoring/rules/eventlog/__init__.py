"""The JSON event log (the event-log format): an event played in stages, scored.

``document`` is the format (its keys and the parsed ``EventLog``), ``parse`` reads and
validates a document, ``stages`` scores it (each table as ``score_game`` scores a game, who
plays each stage, what they carry, the standings, the final ranking), ``write`` gives
``score_event``'s output, the EMA's rows and an event's document. Every name is re-exported here.
"""

from .document import FORMAT, Carry, Entrant, EventLog, EventPenalty, Stage, Table
from .parse import decode, parse_event
from .stages import EventResult, Line, Placing, score_event
from .write import EMA_COLUMNS, ema_rows, event_document, event_output, score_event_document

__all__ = [
    "EMA_COLUMNS",
    "FORMAT",
    "Carry",
    "Entrant",
    "EventLog",
    "EventPenalty",
    "EventResult",
    "Line",
    "Placing",
    "Stage",
    "Table",
    "decode",
    "ema_rows",
    "event_document",
    "event_output",
    "parse_event",
    "score_event",
    "score_event_document",
]
