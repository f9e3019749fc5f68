"""The rule families, each a module behind one protocol, ``Family``.

A family is what a ruleset's ``family`` names: riichi, American, sanma (and next MCR). The
engine's entry points (``engine``, ``standings``, ``gamelog``, ``randomgame``) find the
family here by name and never ask which one it is; a new family is one module added to
``FAMILIES``.
"""

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import RuleError
from ..ruleset import RuleSet
from ..table import Penalty, Settlement, TableState
from . import american, riichi, sanma

if TYPE_CHECKING:  # the game log's reader reads a family's hands: imported for its type only
    from ..american import AmericanHand
    from ..gamelog.parse import Reader
    from ..riichi import RiichiHand


class Family(Protocol):
    """What every family module gives the engine."""

    NAME: str  # the stored value of ``RuleSet.family`` and ``Ruleset.family``
    LABEL: str  # its name for a member (marked for translation)
    SEATS: int  # how many players sit at its table
    PENALTY_STEP: int  # a penalty's points are a multiple of this (the game's own units: 1)
    ONLINE_LOBBIES: bool  # whether its games are played in online lobbies whose logs the club imports
    TILES: bool  # whether a win may carry its tiles, scored by the ``mahjong`` package (``scoring.tiles``)
    Hand: type  # the facts of one hand (a NamedTuple)
    NOT_ITS_HAND: str  # the message for a hand of another family (``%(ruleset)s``: the ruleset's name)
    HAND_KEYS: dict[str, set[str]]  # a game log's hand: its results, and the keys of each beyond every hand's

    def settle(
        self, rules: RuleSet, table: TableState, hand: Any, *, tournament: bool, names: Sequence[str]
    ) -> Settlement: ...

    def round_label(self, table: TableState) -> str | None: ...

    def read_hand(
        self, reader: "Reader", item: dict[str, Any], penalties: tuple[Penalty, ...]
    ) -> "RiichiHand | AmericanHand":
        """The facts of a game log's hand (its result and keys checked), read with the game log's reader."""
        ...

    def write_hand(self, hand: Any, players: Sequence[str]) -> dict[str, Any]:
        """The game log's object of ``hand``, without its penalties and comment."""
        ...

    def table_points(self, rules: RuleSet, scores: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
        """Uma by place, oka to first place, and the return points a result counts from."""
        ...

    def check(self, rules: RuleSet) -> None:
        """Raise RuleError where the family's own knobs contradict each other."""
        ...

    def random_game_length(self, rng: Random, max_hands: int) -> tuple[int, bool]:
        """How many hands a random game may have and whether it is a tournament game."""
        ...

    def random_stop(self, rng: Random) -> bool:
        """Whether a random game ends here, before the rules end it."""
        ...

    def random_hand(self, rng: Random, rules: RuleSet, table: TableState, players: list[str]) -> dict[str, Any]:
        """A random game-log hand that fits ``table``."""
        ...


FAMILIES: dict[str, Family] = {family.NAME: family for family in (riichi, american, sanma)}
# the families whose online games the club imports (Tenhou, Mahjong Soul)
ONLINE: tuple[str, ...] = tuple(name for name, family in FAMILIES.items() if family.ONLINE_LOBBIES)


# a stored hand's result says which family reads its rows: the first family with that result
# (sanma's hands are riichi hands, read as riichi's)
_BY_RESULT: dict[str, Family] = {
    result: family for family in reversed(FAMILIES.values()) for result in family.HAND_KEYS
}


def family_of_result(result: str) -> Family:
    """The family whose hands have the result ``result`` ("win", "mahjong" …)."""
    try:
        return _BY_RESULT[result]
    except KeyError:
        raise RuleError(f"unknown hand result {result!r}; the results are {', '.join(_BY_RESULT)}") from None


def family_of_hand(hand: "RiichiHand | AmericanHand") -> Family:
    """The family of a hand's facts (a ``RiichiHand``, an ``AmericanHand`` …)."""
    return family_of_result(hand.result)


def family_of(rules: RuleSet) -> Family:
    """The family of ``rules``; RuleError if the engine has none of that name."""
    try:
        return FAMILIES[rules.family]
    except KeyError:
        raise RuleError(f"unknown rule family {rules.family!r}; the families are {', '.join(FAMILIES)}") from None


def plays_online(rules: RuleSet) -> bool:
    """Whether games of ``rules``' family are played in online lobbies whose logs the club imports."""
    return family_of(rules).ONLINE_LOBBIES
