"""Reading game-log files for the commands: one clear line for whatever is wrong."""

import json
import sys
from collections.abc import Iterable
from pathlib import Path

from django.core.management.base import BaseCommand

from scoring.rules import bounds


def game_log_files(paths: Iterable[str]) -> list[Path]:
    """The files named, and the ``*.json`` files of the folders named (sorted)."""
    files = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files += sorted(p for p in path.glob("*.json") if p.is_file())
        else:
            files.append(path)
    return files


def read_text(path: str | Path, what: str = "game log") -> str:
    """The text of the file ``path`` (``-``: standard input; a UTF-8 byte-order mark is
    allowed); ValueError with a one-line message if it cannot be read."""
    try:
        if str(path) == "-":
            return sys.stdin.read().removeprefix("\ufeff")
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"not a readable {what}: the file is not UTF-8 text") from None
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None


def read_document(path: str | Path) -> object:
    """The decoded JSON of the game log ``path`` (as ``read_text`` reads it); ValueError with a
    one-line message if it cannot be read."""
    text = read_text(path)
    try:
        return bounds.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"not a readable game log: the JSON is broken at line {error.lineno}, column {error.colno} ({error.msg})"
        ) from None
    except RecursionError:
        raise ValueError("not a readable game log: the JSON is nested too deeply") from None


def report_end(command: BaseCommand, summary: str, failed: list[str], prefix: str) -> None:
    """The last lines of an import: the summary, then each failed file on standard error
    (``prefix`` first); exit status 1 if any failed."""
    command.stdout.write(summary)
    for line in failed:
        command.stderr.write(f"{prefix} {line}")
    if failed:
        raise SystemExit(1)
