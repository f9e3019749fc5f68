"""What a family's ``read_hand`` asks of the game log's reader (``gamelog.parse.Reader``, which
satisfies it): the players by name, the ruleset, and the checks that name what is wrong. A
protocol here, so that the families and the game log's reader (which finds the game's family)
import one way: the reader imports the families, the families import this."""

from collections.abc import Iterable
from typing import Any, NoReturn, Protocol

from ..ruleset import RuleSet


class HandReader(Protocol):
    index: dict[str, int]  # the players by name
    rules: RuleSet

    def fail(self, message: str) -> NoReturn: ...

    def keys(self, obj: object, allowed: set[str], what: str, required: Iterable[str] = ()) -> None: ...

    def integer(self, value: object, what: str, highest: int | None = None) -> int: ...

    def flag(self, value: object, what: str) -> bool: ...

    def player(self, name: Any, what: str) -> int: ...

    def optional_player(self, name: Any, what: str) -> int | None: ...

    def player_list(self, names: object, what: str) -> tuple[int, ...]: ...
