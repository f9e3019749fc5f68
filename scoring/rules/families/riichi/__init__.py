"""Four-player riichi (Japanese) mahjong: the EMA, WRC, Reach, M-League and JPML presets.

What the engine asks of the family: settlement is ``rules.riichi``, the game log's hands are
``gamelog``, random hands ``randomhands``.
"""

import math

from ... import riichi
from ...errors import RuleError, gettext_noop
from ...riichi.payments import noten_pool_splits
from ...ruleset import RuleSet
from ...table import TableState, fixed_seating
from ...vocabulary import FamilyName
from .gamelog import HAND_KEYS as HAND_KEYS  # the protocol's names, re-exported
from .gamelog import read_hand as read_hand
from .gamelog import write_hand as write_hand
from .randomhands import random_game_length as random_game_length
from .randomhands import random_hand as random_hand
from .randomhands import random_stop as random_stop

NAME = FamilyName.RIICHI
LABEL = gettext_noop("Riichi")
SEATS = 4
PENALTY_STEP = 100  # penalties in points, whole hundreds (EMA Riichi Competition Rules 2016, §3.4)
ONLINE_LOBBIES = True  # Tenhou and Mahjong Soul play it: the club imports their logs
TILES = True  # a win may carry its tiles, scored under the ruleset by the mahjong package
NOT_ITS_HAND = gettext_noop("%(ruleset)s is a riichi ruleset; this is not a riichi hand")
Hand = riichi.RiichiHand
settle = riichi.settle
round_label = riichi.round_label


def table_points(rules: RuleSet, scores: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """Uma by place (situational where the count below start matches), oka to first place and
    the return points (EMA Riichi Competition Rules 2016, §3.6.1)."""
    below_start = len([score for score in scores if score < rules.start_points])
    oka = len(scores) * (rules.return_points - rules.start_points)
    return rules.uma_for(below_start), oka, rules.return_points


def check(rules: RuleSet) -> None:
    """Riichi's checks at its four seats."""
    check_seats(rules, SEATS)


def check_seats(rules: RuleSet, seats: int) -> None:
    """A riichi game starts with points to lose; each payer of a tsumo pays a whole share of a
    counter, and the noten pool splits into whole hundreds at ``seats`` whoever is tenpai."""
    if rules.start_points <= 0:
        raise RuleError(gettext_noop("start_points must be positive"))
    # each of the ``seats - 1`` payers of a tsumo pays an equal whole share of a counter: at four seats
    # a multiple of 300 (a third each); at three any multiple of 100 halves, 300 into 150 each (Tenhou
    # three-player rules, the other counter values seen)
    step = math.lcm(100, seats - 1)
    if rules.honba_value % step:
        raise RuleError(
            gettext_noop("honba_value must be a multiple of %(step)s: a share is paid by each payer of a tsumo"),
            step=step,
        )
    if not noten_pool_splits(rules.noten_pool, seats):
        raise RuleError(
            gettext_noop("noten_pool must split into whole hundreds at a table of %(seats)s, whoever is tenpai"),
            seats=seats,
        )


seating = fixed_seating  # nobody changes chairs during a game


def ranking_points(rules: RuleSet, places: tuple[int, ...]) -> None:
    """Ranked by result: no table points."""
    return None


def dealer(table: TableState) -> int:
    """The deal passes seat by seat: the dealer is the table's ``rotations`` mod the seats."""
    return table.dealer
