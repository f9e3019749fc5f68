"""The chombo offences each preset lists, as the scorer picks them and as the
hand log shows them. A hand's comment keeps the offence in English (the msgid), so that the
hand log reads it in the reader's language, whoever recorded it."""

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

from scoring.rules import RuleSet

EMA_OFFENCES = {
    "invalid_win": _("Invalidly declaring a win and showing the tiles"),
    "noten_riichi": _("Declaring riichi on a hand that is not waiting (found at an exhaustive draw)"),
    "invalid_kong": _("Making an invalid concealed kong after declaring riichi"),
    "dead_claim": _("Attempting to claim a tile after the hand has been declared dead"),
    "cannot_continue": _("Play cannot continue because of a player's mistake (e.g. too many tiles revealed)"),
}
REACH_OFFENCES = {
    "missed_win": _("Declaring a win on a discard with a missed win (furiten)"),
    "incomplete": _("Declaring a win on an incomplete hand and exposing it"),
    "no_points": _("Declaring a win with no hand points"),
    "bad_meld": _("Melding an illegal pung or chow and discarding"),
    "noten_riichi": _("Non-ready reach: declaring reach without a ready hand"),
    "interference": _("Interference: knocking over tiles or making play impossible"),
}


def _offences(rules: RuleSet) -> dict[str, str]:
    return REACH_OFFENCES if rules.preset == "reach" else EMA_OFFENCES


def chombo_offences(rules: RuleSet) -> dict[str, str]:
    """key -> the offence in the reader's language."""
    return {key: gettext(text) for key, text in _offences(rules).items()}


def stored_offence(rules: RuleSet, key: str) -> str:
    """The offence as a hand's comment keeps it: in English ("" for an unknown key)."""
    return _offences(rules).get(key, "")


def comment_text(comment: str) -> str:
    """A stored comment in the reader's language: an offence it starts with is translated."""
    for offence in (*EMA_OFFENCES.values(), *REACH_OFFENCES.values()):
        if comment.startswith(offence):
            return gettext(offence) + comment[len(offence) :]
    return comment
