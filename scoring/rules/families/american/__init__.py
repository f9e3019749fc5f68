"""American (NMJL-style) mahjong: card values, the discarder pays double, no rounds, no uma.

What the engine asks of the family: settlement is ``rules.american``, the game log's hands are
``gamelog``, random hands ``randomhands``.
"""

from ... import american
from ...errors import gettext_noop
from ...ruleset import RuleSet
from ...table import TableState, fixed_seating
from ...vocabulary import FamilyName
from .gamelog import HAND_KEYS as HAND_KEYS  # the protocol's names, re-exported
from .gamelog import read_hand as read_hand
from .gamelog import write_hand as write_hand
from .randomhands import random_game_length as random_game_length
from .randomhands import random_hand as random_hand
from .randomhands import random_stop as random_stop

NAME = FamilyName.AMERICAN
LABEL = gettext_noop("American")
SEATS = 4
PENALTY_STEP = 1  # referee penalties in the game's own units (any positive whole number)
ONLINE_LOBBIES = False  # no online lobby whose logs the club imports
TILES = False  # a hand is named on the card, not scored by its tiles
NOT_ITS_HAND = gettext_noop("%(ruleset)s is an American ruleset; this is not an American hand")
Hand = american.AmericanHand
settle = american.settle


def round_label(table: TableState) -> None:
    """American mahjong has no rounds: the deal passes every hand."""
    return None


def table_points(rules: RuleSet, scores: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """No uma, no oka: the result is the score."""
    return (0,) * len(scores), 0, 0


def check(rules: RuleSet) -> None:
    """The American knobs (a card's lowest value) are checked with every ruleset's."""


seating = fixed_seating  # nobody changes chairs during a game


def ranking_points(rules: RuleSet, places: tuple[int, ...]) -> None:
    """Ranked by result: no table points."""
    return None


def dealer(table: TableState) -> int:
    """The deal passes seat by seat: the dealer is the table's ``rotations`` mod the seats."""
    return table.dealer
