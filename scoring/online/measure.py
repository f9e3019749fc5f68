"""How faithfully real online games import: each file read, scored under the preset of the
lobby its log names and checked hand by hand against the log (and the results the log gives,
which a lobby's preset must reproduce), nothing stored. ``manage.py
measure_online`` prints the figures; the corpus test holds every file to them."""

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scoring.rules import score_document

from .bulk import SUFFIXES
from .game import OnlineError, OnlineGame
from .mapping import game_log_document, lobby_ruleset, read_online, room_rules


@dataclass(frozen=True)
class Check:
    """One file: its ``kind`` of game ("Tenhou hanchan" …), why it is refused ("" if it imports
    exactly), and whether its stored results would be the ones the log gives."""

    name: str
    kind: str
    refusal: str = ""
    results: bool = False
    room: str = ""  # imports exactly only under its room's rules: their values, found in its log


def kind_of(game: OnlineGame) -> str:
    """The kind of game the figures are grouped by: the site, the players, the length."""
    site = "Mahjong Soul" if game.lobby and game.lobby.startswith("mahjong-soul") else "Tenhou"
    players = "" if game.seats == 4 else f" {game.seats}p"
    return f"{site}{players} {'East-only' if game.east_only else 'hanchan'}"


def check(name: str, data: bytes, ruleset: str | None = None) -> Check:
    """Read and replay one file as the import would (under ``ruleset``, else its lobby's preset,
    else its room's rules: the values its own results show, ``rooms.fit``), under stand-in player
    names; never raises."""
    try:
        game = read_online(data, name)
    except OnlineError as error:
        return Check(name, "unreadable", str(error))
    names = [f"seat {s + 1}" for s in range(game.seats)]
    try:
        doc = game_log_document(game, names, lobby_ruleset(game, ruleset))
    except ValueError as error:  # OnlineError and RuleError
        room = None if ruleset else room_rules(game)
        if room is None:
            return Check(name, kind_of(game), str(error))
        return Check(name, kind_of(game), results=True, room=", ".join(room.described()))
    results = {line["player"]: line["result"] for line in score_document(doc)["standings"]}
    return Check(name, kind_of(game), results=tuple(results[n] for n in names) == game.results)


def corpus_files(folder: Path) -> list[Path]:
    """The online game logs anywhere under ``folder``."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)


def reason_of(refusal: str) -> str:
    """A refusal without the round and the players' numbers, to group alike ones."""
    text = refusal.split(": ", 1)[1] if refusal[:1].isupper() and ", counter " in refusal.split(": ")[0] else refusal
    return text.split(":")[0][:90]


def report(checks: list[Check], source_of: Callable[[Check], str]) -> list[str]:
    """The lines of the figures: N of M per source and kind (and of those, how many with the
    results the online site gave), then the refusals grouped by reason, then the games that import
    exactly under their room's rules only, grouped by those rules' values."""
    lines: list[str] = []
    totals: Counter[str] = Counter()
    groups = Counter((source_of(c), c.kind) for c in checks)
    faithful = Counter((source_of(c), c.kind) for c in checks if not c.refusal)
    with_results = Counter((source_of(c), c.kind) for c in checks if c.results)
    for (source, kind), count in sorted(groups.items()):
        lines.append(_line(source, kind, faithful[source, kind], count, with_results[source, kind]))
        totals["all"] += count
        totals["faithful"] += faithful[source, kind]
        totals["results"] += with_results[source, kind]
    lines.append(_line("all", "", totals["faithful"], totals["all"], totals["results"]))
    reasons = Counter(reason_of(c.refusal) for c in checks if c.refusal)
    lines += [f"{count:4} refused: {reason}" for reason, count in reasons.most_common()]
    rooms = Counter(c.room for c in checks if c.room)
    lines += [f"{count:4} under their room's rules: {values}" for values, count in rooms.most_common()]
    return lines


def _line(source: str, kind: str, faithful: int, count: int, results: int) -> str:
    return f"{source:16} {kind:22} {faithful:4} of {count:4} import faithfully, {results:4} with the online results"
