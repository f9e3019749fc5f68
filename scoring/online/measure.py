"""How faithfully real online games import: each file read, scored under the preset of the
lobby its log names and checked hand by hand against the log, nothing stored. ``manage.py
measure_online`` prints the figures; the corpus test holds every file to them."""

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .bulk import SUFFIXES
from .game import OnlineError, OnlineGame
from .mapping import game_log_document, lobby_ruleset, read_online


@dataclass(frozen=True)
class Check:
    """One file: its ``kind`` of game ("Tenhou hanchan" …), and why it is refused ("" if it
    imports exactly)."""

    name: str
    kind: str
    refusal: str = ""


def kind_of(game: OnlineGame) -> str:
    """The kind of game the figures are grouped by: the site, the players, the length."""
    site = "Mahjong Soul" if game.lobby and game.lobby.startswith("mahjong-soul") else "Tenhou"
    players = "" if game.seats == 4 else f" {game.seats}p"
    return f"{site}{players} {'East-only' if game.east_only else 'hanchan'}"


def check(name: str, data: bytes, ruleset: str | None = None) -> Check:
    """Read and replay one file as the import would (under ``ruleset``, else its lobby's preset),
    under stand-in player names; never raises."""
    try:
        game = read_online(data, name)
    except OnlineError as error:
        return Check(name, "unreadable", str(error))
    try:
        game_log_document(game, [f"seat {s + 1}" for s in range(game.seats)], lobby_ruleset(game, ruleset))
    except ValueError as error:  # OnlineError and RuleError
        return Check(name, kind_of(game), str(error))
    return Check(name, kind_of(game))


def corpus_files(folder: Path) -> list[Path]:
    """The online game logs anywhere under ``folder``."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)


def reason_of(refusal: str) -> str:
    """A refusal without the round and the players' numbers, to group alike ones."""
    text = refusal.split(": ", 1)[1] if refusal[:1].isupper() and ", counter " in refusal.split(": ")[0] else refusal
    return text.split(":")[0][:90]


def report(checks: list[Check], source_of) -> list[str]:
    """The lines of the figures: N of M per source and kind, then the refusals grouped by reason."""
    lines, totals = [], Counter()
    groups = Counter((source_of(c), c.kind) for c in checks)
    faithful = Counter((source_of(c), c.kind) for c in checks if not c.refusal)
    for (source, kind), count in sorted(groups.items()):
        lines.append(f"{source:16} {kind:22} {faithful[source, kind]:4} of {count:4} import faithfully")
        totals["all"] += count
        totals["faithful"] += faithful[source, kind]
    lines.append(f"{'all':16} {'':22} {totals['faithful']:4} of {totals['all']:4} import faithfully")
    reasons = Counter(reason_of(c.refusal) for c in checks if c.refusal)
    lines += [f"{count:4} refused: {reason}" for reason, count in reasons.most_common()]
    return lines
