"""Three-player riichi (sanma, Tenhou three-player rules): the Tenhou and club presets.

Its hands are riichi hands (``RiichiHand``: han and fu, the Norths set aside counted in the
han) at a table of three, settled by ``rules.riichi`` under the knobs of the Tenhou three-player rules (the tsumo
payment, the noten pool, the finish points and extension); its game log and random hands are
the riichi family's. Its own family, so that boards, statistics and ratings never mix it with
four-player riichi.
"""

from ... import riichi
from ...errors import RuleError, gettext_noop
from ...ruleset import RuleSet, clause
from ...vocabulary import AbortiveReason, FamilyName
from ..riichi import HAND_KEYS as HAND_KEYS  # the protocol's names, re-exported
from ..riichi import check_seats
from ..riichi import dealer as dealer
from ..riichi import random_game_length as random_game_length
from ..riichi import random_hand as random_hand
from ..riichi import random_stop as random_stop
from ..riichi import ranking_points as ranking_points
from ..riichi import read_hand as read_hand
from ..riichi import seating as seating
from ..riichi import table_points as table_points
from ..riichi import write_hand as write_hand

NAME = FamilyName.SANMA
LABEL = gettext_noop("Sanma (three-player riichi)")
SEATS = 3
PENALTY_STEP = 100  # penalties in points, whole hundreds, as four-player riichi's
ONLINE_LOBBIES = True  # Tenhou plays it: the club imports its three-player logs (under tenhou-sanma)
TILES = True  # a win may carry its tiles (its Norths set aside: ``nuki``), scored in three-player mode
NOT_ITS_HAND = gettext_noop("%(ruleset)s is a three-player riichi ruleset; this is not a riichi hand")
Hand = riichi.RiichiHand
settle = riichi.settle
round_label = riichi.round_label
# abortive draws a table of three cannot have (Tenhou three-player rules): four winds and four riichi need a
# fourth player, and a discard has two possible winners at most
NOT_AT_THREE = (AbortiveReason.FOUR_WINDS, AbortiveReason.FOUR_RIICHI, AbortiveReason.TRIPLE_RON)


def check(rules: RuleSet) -> None:
    """Riichi's checks at three seats, and no abortive draw that needs a fourth player."""
    check_seats(rules, SEATS)
    impossible = [reason for reason in rules.abortive_draws if reason in NOT_AT_THREE]
    if impossible:
        raise RuleError(
            gettext_noop("a table of three has no abortive draw %(reason)r (%(clause)s)"),
            reason=impossible[0],
            clause=clause(rules, "abortive"),
        )
