"""MCR (Mahjong Competition Rules, World Mahjong Organization 2006, "the Green Book"), with the
EMA's MERS tournament regulations: points from fan, 8 from everyone, table points by place.

What the engine asks of the family: the facts are ``facts``, settlement ``settlement``, the
game log's hands ``gamelog``, table points ``points``, random hands ``randomhands``; the 81
fans are ``fans``.
"""

from fractions import Fraction

from ...errors import RuleError, gettext_noop
from ...ruleset import RuleSet
from ...table import TableState
from ...vocabulary import FamilyName
from . import facts, points
from .facts import MCRHand
from .gamelog import HAND_KEYS as HAND_KEYS  # the protocol's names, re-exported
from .gamelog import read_hand as read_hand
from .gamelog import write_hand as write_hand
from .randomhands import random_game_length as random_game_length
from .randomhands import random_hand as random_hand
from .randomhands import random_stop as random_stop
from .settlement import round_label as round_label
from .settlement import settle as settle

NAME = FamilyName.MCR
LABEL = gettext_noop("MCR")
SEATS = 4
PENALTY_STEP = 1  # referee penalties in points (the EMA's MERS regulations)
ONLINE_LOBBIES = False  # no online lobby whose logs the club imports
TILES = True  # a win may carry its tiles, scored by PyMahjongGB (``scoring.tiles.mcr``)
NOT_ITS_HAND = gettext_noop("%(ruleset)s is an MCR ruleset; this is not an MCR hand")
Hand = MCRHand


def table_points(rules: RuleSet, scores: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """No uma, no oka: the result is the score (table points are ``ranking_points``)."""
    return (0,) * len(scores), 0, 0


def dealer(table: TableState) -> int:
    """The Green Book's dealer: the seats change every 4 hands (``facts.SEATING``)."""
    return facts.dealer(table.rotations)


def seating(table: TableState) -> tuple[int, ...]:
    """The players in the East, South, West and North chairs: the Green Book's seat change
    after every 4 hands (``facts.SEATING``)."""
    return facts.seating(table.rotations)


def ranking_points(rules: RuleSet, places: tuple[int, ...]) -> tuple[Fraction, ...]:
    """Table points by place, shared on ties (the EMA's MCR regulations)."""
    return points.table_points(rules, places)


def check(rules: RuleSet) -> None:
    """An MCR ruleset starts at 0, needs a positive minimum and table points, best place first."""
    if rules.start_points != 0 or rules.return_points != 0:
        raise RuleError(gettext_noop("an MCR session starts at 0 points: start_points and return_points are 0"))
    if rules.min_fan < 1 or rules.false_mahjong_points < 0:
        raise RuleError(gettext_noop("min_fan is at least 1 and false_mahjong_points not negative"))
    if len(rules.table_points) != SEATS:
        raise RuleError(gettext_noop("an MCR ruleset has table points for each of its four places"))
    if list(rules.table_points) != sorted(rules.table_points, reverse=True):
        raise RuleError(gettext_noop("table_points go from first place down: none more than the place above"))
