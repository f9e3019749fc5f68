"""MCR on the boards: its leaderboard (``/leaderboard/mcr/``: its table, query and lead text), its
standings table (by table points, then score), its figures and fans on the player page, its
hand-log lines and the club records its games count for.

Table points are stored in 48ths (``rules.families.mcr.points``) and summed as integers, so a
board's total is exact: "7", "2.33", "10.75", never a float sum.

The boards, the hand log and the records page ask ``site_family(family, "reads")`` for these
names and never ask which family it is. Reads only: never the write path.
"""

from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.boards import handlog
from scoring.boards.tables import DASH, FamilyBoardTable, Figure, StandingsTable, percent, signed, whole
from scoring.models import Win
from scoring.rulebook.numbers import number
from scoring.rules import MCRHand, RuleSet
from scoring.rules import table_points as points
from scoring.rules.families import mcr as engine
from scoring.rules.vocabulary import MCRResult

if TYPE_CHECKING:
    from scoring.boards.stats import SeatQuerySet

NAME = engine.NAME
TEMPLATE = "scoring/families/mcr/reads.html"  # its partials: board_lead
BOARD = ("leaderboard/mcr/", "mcr_board")  # the board's path and URL name
CSV = ("leaderboard/mcr.csv", "mcr_board_csv")  # the board's CSV
WINDS = True  # the scoreboard shows each player's seat wind (the engine's ``seat_winds``: chairs change every 4 hands)
# the club records page's entries its finished games count for (``scoring.honours``): its
# biggest hands by points, its referee penalties
RECORDS = frozenset({"biggest_fan", "penalties"})
LEAD_FIGURES = 1  # the player page shows its table points right after the games: they rank MCR players
FANS_SHOWN = 3  # the player page's fans most made (more on a tie at the last place)


def table_points(units: int) -> str:
    """Table points stored as 48ths, exactly as ``points.shown`` writes them ("7", "2.33",
    "10.75"), in the club's number style (grouped, the language's decimal mark)."""
    text = points.shown(Fraction(units, points.UNIT))
    return number(Decimal(text), decimals=len(text.partition(".")[2]))


def average_score(value: float) -> str:
    return number(value, decimals=1, signed=True)


def one_decimal(value: float) -> str:
    return number(value, decimals=1)


class MCRBoardTable(FamilyBoardTable):
    """The MCR board: rows of ``SeatQuerySet.mcr_board``, ranked by table points then total score."""

    table_points = Figure(gettext_lazy("Table points"), table_points)
    total = Figure(gettext_lazy("Total score"), signed)
    average = Figure(gettext_lazy("Average score"), average_score)
    n_wins = Figure(gettext_lazy("Wins"), whole)
    n_tsumo = Figure(gettext_lazy("Self-draws"), whole)
    n_deal_ins = Figure(gettext_lazy("Feeds"), whole, descending=False)
    biggest = Figure(gettext_lazy("Biggest hand"), whole)

    class Meta(FamilyBoardTable.Meta):
        sequence = ("rank", "name", "games", "table_points", "total", "average", "avg_place", "...", "rating")
        empty_text = gettext_lazy("No finished MCR games match these filters.")


class MCRStandingsTable(StandingsTable):
    """A session's or season's MCR standings: table points, then the total score."""

    table_points = Figure(gettext_lazy("Table points"), table_points)
    total = Figure(gettext_lazy("Score"), signed)

    class Meta(StandingsTable.Meta):
        sequence = ("rank", "name", "games", "table_points", "total", "...")


BOARD_TABLE = MCRBoardTable
STANDINGS_TABLE = MCRStandingsTable


def board(seats: "SeatQuerySet") -> Any:
    """The MCR board over ``seats`` (``SeatQuerySet.mcr_board``: one query)."""
    return seats.mcr_board(NAME)


# ---- the player page ---------------------------------------------------------------------------

RESULTS_CHART = {"scale": 1, "unit": ""}  # a game's score as it is


def results_note() -> str:
    """The results chart's summary says nothing more: scores are whole points."""
    return ""


def result_text(result: int) -> str:
    """A game's score as the player's recent games read it: +25."""
    return signed(result)


def player_figures(row: dict[str, Any], shown: Callable[..., str], seats: "SeatQuerySet") -> list[tuple[str, str]]:
    """The player's MCR figures after the hands (``shown`` formats a figure that may be
    missing: ``shown(value, fmt)``); the points of each win and its fans are read from the
    wins of ``seats`` (the player's MCR seats: one query)."""
    wins = list(
        Win.objects.filter(hand__game__seats__in=seats, winner=F("hand__game__seats__seat")).values("fan", "fans")
    )
    fans = [win["fan"] for win in wins]
    return [
        (_("Table points"), table_points(row["table_points"])),
        (_("Wins"), str(row["n_wins"])),
        (_("Win %"), shown(row["win_rate"], percent)),
        (_("Self-draws"), str(row["n_tsumo"])),
        (_("Feeds"), str(row["n_deal_ins"])),
        (_("Feed %"), shown(row["deal_in_rate"], percent)),
        (_("Average points a win"), shown(sum(fans) / len(fans) if fans else None, one_decimal)),
        (_("Biggest hand"), shown(max(fans, default=None), whole)),
        (_("Fans most made"), most_made([win["fans"] for win in wins]) or DASH),
    ]


def most_made(fan_lists: list[list[str]]) -> str:
    """The fans named most often over the wins (a fan as often as a win lists it), the ties at
    the last place kept: "Mixed Straight ×3, All Chows ×2"."""
    ranked = Counter(name for fans in fan_lists for name in fans).most_common()
    if not ranked:
        return ""
    least = ranked[min(FANS_SHOWN, len(ranked)) - 1][1]
    return ", ".join(f"{_(name)} ×{count}" for name, count in ranked if count >= least)


# ---- the hand log ------------------------------------------------------------------------------


def describe(facts: MCRHand, names: Sequence[str], rules: RuleSet) -> list[str]:
    """An MCR hand: the win or the draw, then each false mahjong."""
    parts = [_win_text(facts, names) if facts.result == MCRResult.WIN and facts.win else _("Draw")]
    return parts + [
        _("%(caller)s: false mahjong, pays %(points)s to each")
        % {"caller": names[incident.caller], "points": number(rules.false_mahjong_points)}
        for incident in facts.incidents
    ]


def _win_text(facts: MCRHand, names: Sequence[str]) -> str:
    win = facts.win
    assert win is not None  # a win's facts have their winner
    value = ngettext("%(count)s point", "%(count)s points", win.fan) % {"count": number(win.fan)}
    text = handlog.won_text(
        names,
        win.winner,
        win.discarder,
        value,
        self_drawn=_("%(winner)s self-draws %(value)s"),
        on_discard=_("%(winner)s wins %(value)s from %(from)s"),
    )
    if win.flowers:
        text += " (" + ngettext("+%(count)s flower", "+%(count)s flowers", win.flowers) % {"count": win.flowers} + ")"
    if win.fans:
        text += ": " + ", ".join(f"{_(name)} ×{n}" if n > 1 else _(name) for name, n in Counter(win.fans).items())
    return text
