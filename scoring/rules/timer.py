"""The round's gong: when a game under a time limit is over.

``time_up`` is the ruleset's policy. ``one_more_hand`` is EMA 2016's time
limit: the hand in progress at the gong is played out, then one more hand may be started,
and a chombo does not count as that hand. ``last_hand`` (the other presets, decided): the hand
in progress at the gong is the last.
"""

from collections.abc import Sequence

from .ruleset import RuleSet
from .vocabulary import RiichiResult, TimeUp


def over_after_gong(rules: RuleSet, results_after_gong: Sequence[str]) -> bool:
    """Whether the game is over, given the results (win, chombo …) of the hands recorded
    since the gong, in order; the first of them is the hand that was in progress."""
    if not results_after_gong:
        return False
    if rules.time_up == TimeUp.LAST_HAND:
        return True
    return any(result != RiichiResult.CHOMBO for result in results_after_gong[1:])
