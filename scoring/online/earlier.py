"""The identity an online game's file was stored under before identities came from the game's
content (the releases up to migration 0022): a game stored then is recognised by it when its
file is imported again. The records cannot give such a game its identity of today, which hashes
the online names, and those were never stored (a mapping or a player's online names chose the
club players). Frozen as those releases computed it, whatever the readers become."""

import hashlib
import json
import re
from typing import Any

# Tenhou's log id and another site's reference, as those releases matched them
TENHOU_ID = re.compile(r"(\d{10})gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
OTHER_REF = re.compile(r"[0-9A-Za-z_.-]{1,80}")
# a site's reference ("online:<ref>") names a game only with its hands: converters write
# placeholders there (majsoulpaipuconvert writes all zeros), never the same game twice
REFERENCE = "online:"


def mjlog_identity(text: str, filename: str) -> str:
    """An mjlog's: Tenhou's log id where the file is named after it, else the SHA-256 of its
    (unpacked, decoded) text."""
    found = TENHOU_ID.search(filename)
    return f"tenhou:{found.group(0)}" if found else _sha256(text)


def tenhou6_identity(doc: dict[str, Any]) -> str:
    """A tenhou.net/6 replay's: its ``ref`` (Tenhou's log id, or another site's reference such as
    Mahjong Soul's), else the SHA-256 of its names and rounds as written."""
    ref = doc.get("ref")
    if isinstance(ref, str) and TENHOU_ID.fullmatch(ref):
        return f"tenhou:{ref}"
    if isinstance(ref, str) and OTHER_REF.fullmatch(ref):
        return REFERENCE + ref
    names = doc["name"]
    if len(names) == 4 and not names[-1].strip():
        names = names[:-1]  # a table of three
    return _sha256(json.dumps([names, doc["log"]], sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def _sha256(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()
