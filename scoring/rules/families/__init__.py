"""The rule families, each a module behind one protocol, ``Family``.

A family is what a ruleset's ``family`` names: riichi, American, sanma, MCR. The
engine's entry points (``engine``, ``standings``, ``gamelog``, ``randomgame``) find the
family here by name and never ask which one it is; a new family is one module added to
``FAMILIES``.
"""

from collections.abc import Sequence
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import RuleError
from ..ruleset import RuleSet
from ..ruleset.codec import register_family
from ..table import Penalty, Settlement, TableState
from . import american, mcr, riichi, sanma
from .reading import HandReader

if TYPE_CHECKING:  # a hand's facts: imported for their type only
    from ..hands import HandFacts


class Family(Protocol):
    """What every family module gives the engine."""

    NAME: str  # the stored value of ``RuleSet.family`` and ``Ruleset.family``
    LABEL: str  # its name for a member (marked for translation)
    SEATS: int  # how many players sit at its table
    PENALTY_STEP: int  # a penalty's points are a multiple of this (the game's own units: 1)
    ONLINE_LOBBIES: bool  # whether its games are played in online lobbies whose logs the club imports
    TILES: (
        bool  # whether a win may carry its tiles (``scoring.tiles``: riichi by the mahjong package, MCR by PyMahjongGB)
    )
    Hand: type  # the facts of one hand (a NamedTuple)
    NOT_ITS_HAND: str  # the message for a hand of another family (``%(ruleset)s``: the ruleset's name)
    HAND_KEYS: dict[str, set[str]]  # a game log's hand: its results, and the keys of each beyond every hand's

    def settle(
        self, rules: RuleSet, table: TableState, hand: Any, *, tournament: bool, names: Sequence[str]
    ) -> Settlement: ...

    def round_label(self, table: TableState) -> str | None: ...

    def dealer(self, table: TableState) -> int:
        """Who deals the hand played at ``table`` (a player index)."""
        ...

    def seating(self, table: TableState) -> tuple[int, ...]:
        """The players (by their first hand's seat) in the table's chairs in the order of play,
        East's chair first, during the hand played at ``table`` (MCR's change every 4 hands)."""
        ...

    def read_hand(self, reader: HandReader, item: dict[str, Any], penalties: tuple[Penalty, ...]) -> "HandFacts":
        """The facts of a game log's hand (its result and keys checked), read with the game log's reader."""
        ...

    def write_hand(self, hand: Any, players: Sequence[str]) -> dict[str, Any]:
        """The game log's object of ``hand``, without its penalties and comment."""
        ...

    def table_points(self, rules: RuleSet, scores: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
        """Uma by place, oka to first place, and the return points a result counts from."""
        ...

    def ranking_points(self, rules: RuleSet, places: tuple[int, ...]) -> tuple[Fraction, ...] | None:
        """Table points by place where the family ranks by them (MCR), else None."""
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


FAMILIES: dict[str, Family] = {family.NAME: family for family in (riichi, american, sanma, mcr)}
for _each in FAMILIES.values():
    register_family(_each)  # the ruleset's codec asks a family for its seats and its checks
# the families whose online games the club imports (Tenhou, Mahjong Soul)
ONLINE: tuple[str, ...] = tuple(name for name, family in FAMILIES.items() if family.ONLINE_LOBBIES)


# a family's facts are its own type, or the first family's of that type (sanma's hands are riichi
# hands, kept as riichi's): the facts of a hand say which family keeps their rows
_BY_HAND: dict[type, Family] = {}
for _family in FAMILIES.values():
    _BY_HAND.setdefault(_family.Hand, _family)


def family_of_hand(hand: "HandFacts") -> Family:
    """The family whose facts ``hand`` is (a ``RiichiHand``, an ``MCRHand`` …)."""
    return _BY_HAND[type(hand)]


def family_of(rules: RuleSet) -> Family:
    """The family of ``rules``; RuleError if the engine has none of that name."""
    try:
        return FAMILIES[rules.family]
    except KeyError:
        raise RuleError(f"unknown rule family {rules.family!r}; the families are {', '.join(FAMILIES)}") from None


def plays_online(rules: RuleSet) -> bool:
    """Whether games of ``rules``' family are played in online lobbies whose logs the club imports."""
    return family_of(rules).ONLINE_LOBBIES


def ranks_by_table_points(rules: RuleSet) -> bool:
    """Whether ``rules``' family ranks players by table points before their score (MCR: its
    ``ranking_points`` gives them; the others give None)."""
    family = family_of(rules)
    return family.ranking_points(rules, tuple(range(1, family.SEATS + 1))) is not None
