"""American mahjong on the boards: its leaderboard (``/leaderboard/american/``: its table,
query and lead text), its standings table, its figures and results on the player page, its
hand-log lines and the club records its games count for.

The boards, the hand log and the records page ask ``site_family(family, "reads")`` for these
names and never ask which family it is. Reads only: never the write path.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.boards import handlog
from scoring.boards.tables import FamilyBoardTable, Figure, StandingsTable, percent, signed, whole
from scoring.rulebook.numbers import number, points
from scoring.rules import AmericanHand, DeadHandChallenge, MahjongInError, RuleSet
from scoring.rules.families import american as engine
from scoring.rules.vocabulary import AmericanResult, AmericanScoring

if TYPE_CHECKING:
    from scoring.boards.stats import SeatQuerySet

NAME = engine.NAME
TEMPLATE = "scoring/families/american/reads.html"  # its partials: board_lead
BOARD = ("leaderboard/american/", "american_board")  # the board's path and URL name
CSV = ("leaderboard/american.csv", "american_board_csv")  # the board's CSV
WINDS = False  # no seat winds in American mahjong: the deal passes every hand
LEAD_FIGURES = 0  # the player page's figures of its own all come after the shared ones
# the club records page's entries its finished games count for (``scoring.honours``): its
# referee penalties; the records of wins, hands and results are riichi's (han, fu, yaku, points)
RECORDS = frozenset({"penalties"})


def average_score(value: float) -> str:
    return number(value, decimals=1, signed=True)


class AmericanBoardTable(FamilyBoardTable):
    """The American board: rows of ``SeatQuerySet.american_board``."""

    total = Figure(gettext_lazy("Total score"), signed)
    average = Figure(gettext_lazy("Average score"), average_score)
    n_wins = Figure(gettext_lazy("Mahjongs"), whole)
    wall_games = Figure(gettext_lazy("Wall games"), whole)
    avg_win = Figure(gettext_lazy("Average win"), whole)

    class Meta(FamilyBoardTable.Meta):
        empty_text = gettext_lazy("No finished American games match these filters.")


class AmericanStandingsTable(StandingsTable):
    total = Figure(gettext_lazy("Total score"), signed)

    class Meta(StandingsTable.Meta):
        pass


BOARD_TABLE = AmericanBoardTable
STANDINGS_TABLE = AmericanStandingsTable


# a game scored in tournament points is on its event's standings and the season board of
# tournament points (``events.american``), never summed with settled scores (a ruleset stored
# before the knob existed settles up)
SETTLED_UP = Q(game__ruleset__knobs__american_scoring=AmericanScoring.SETTLE_UP) | ~Q(
    game__ruleset__knobs__has_key="american_scoring"
)


def board(seats: "SeatQuerySet") -> Any:
    """The American board over ``seats`` of settled-up games (``SeatQuerySet.american_board``:
    one query)."""
    return seats.filter(SETTLED_UP).american_board(NAME)


# ---- the player page ---------------------------------------------------------------------------

RESULTS_CHART = {"scale": 1, "unit": ""}  # a game's score as it is


def results_note() -> str:
    """The results chart's summary says nothing more: scores are whole points."""
    return ""


def result_text(result: int) -> str:
    """A game's score as the player's recent games read it: +25."""
    return signed(result)


def player_figures(row: dict[str, Any], shown: Callable[..., str], seats: "SeatQuerySet") -> list[tuple[str, str]]:
    """The player's American figures after the hands (``shown`` formats a figure that may be
    missing: ``shown(value, fmt)``; the summary row holds them all: ``seats`` is not read)."""
    return [
        (_("Mahjongs"), str(row["n_wins"])),
        (_("Mahjong %"), shown(row["win_rate"], percent)),
        (_("Self-picked share %"), shown(row["tsumo_share"], percent)),
        (_("Wall games"), str(row["wall_games"])),
        (_("Average win"), shown(row["avg_win"], whole)),
        (_("Discards that paid a mahjong"), str(row["n_deal_ins"])),
    ]


# ---- the hand log ------------------------------------------------------------------------------


def describe(facts: AmericanHand, names: Sequence[str], rules: RuleSet) -> list[str]:
    """An American hand: the mahjong or the wall game, then each incident."""
    parts = [_mahjong_text(facts, names) if facts.result == AmericanResult.MAHJONG else _("Wall game")]
    if facts.dead:
        parts.append(_("dead hands: %(names)s") % {"names": ", ".join(names[p] for p in facts.dead)})
    return parts + [_incident_text(incident, names) for incident in facts.incidents]


def _mahjong_text(facts: AmericanHand, names: Sequence[str]) -> str:
    text = handlog.won_text(
        names,
        cast(int, facts.winner),  # a mahjong has its winner
        facts.discarder,
        points(facts.value),
        self_drawn=_("%(winner)s self-picked mahjong, %(value)s"),
        on_discard=_("%(winner)s mahjong on %(from)s's discard, %(value)s"),
    )
    if facts.jokerless:
        text += ", " + _("jokerless")
    if facts.misnamed_discard:
        text += ", " + _("misnamed discard")
    if facts.exposures is not None:
        text += ", " + ngettext(
            "the discarder had %(count)s group exposed", "the discarder had %(count)s groups exposed", facts.exposures
        ) % {"count": facts.exposures}
    return text


def _incident_text(incident: DeadHandChallenge | MahjongInError, names: Sequence[str]) -> str:
    if isinstance(incident, DeadHandChallenge):
        return _("%(challenger)s declared %(challenged)s dead (%(outcome)s)") % {
            "challenger": names[incident.challenger],
            "challenged": names[incident.challenged],
            "outcome": _("dead") if incident.upheld else _("valid"),
        }
    return _("%(caller)s called mahjong in error") % {"caller": names[incident.caller]}
