"""Riichi on the boards: its leaderboard (``/leaderboard/``: its table, query and lead text),
its standings table, its figures and results on the player page, its hand-log lines and the
club records its games count for.

The boards, the hand log and the records page ask ``site_family(family, "reads")`` for these
names and never ask which family it is. Reads only: never the write path.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.boards import handlog
from scoring.boards.tables import FamilyBoardTable, Figure, StandingsTable, percent, thousands, whole
from scoring.rulebook.knobs import value_label
from scoring.rulebook.numbers import points
from scoring.rules import RiichiHand, RuleSet, Win
from scoring.rules.families import riichi as engine
from scoring.rules.vocabulary import RiichiResult

if TYPE_CHECKING:
    from scoring.boards.stats import SeatQuerySet

NAME = engine.NAME
TEMPLATE = "scoring/families/riichi/reads.html"  # its partials: board_lead
BOARD = ("leaderboard/", "leaderboard")  # the board's path and URL name
CSV = ("leaderboard.csv", "leaderboard_csv")  # the board's CSV
WINDS = True  # the scoreboard shows each seat's wind
LEAD_FIGURES = 0  # the player page's figures of its own all come after the shared ones
# the club records page's entries its finished games count for (``scoring.honours``)
RECORDS = frozenset({"yakuman", "biggest_hands", "chombo", "penalties", "best_results", "common_yaku"})


class LeaderboardTable(FamilyBoardTable):
    """The riichi board: rows of ``SeatQuerySet.leaderboard``."""

    total = Figure(gettext_lazy("Total result (k)"), thousands)
    average = Figure(gettext_lazy("Average result (k)"), thousands)
    first = Figure(gettext_lazy("1st %"), percent)
    second = Figure(gettext_lazy("2nd %"), percent)
    third = Figure(gettext_lazy("3rd %"), percent)
    fourth: Figure | None = Figure(gettext_lazy("4th %"), percent, descending=False)  # None at three seats
    win_rate = Figure(gettext_lazy("Win %"), percent)
    deal_in_rate = Figure(gettext_lazy("Deal-in %"), percent, descending=False)
    riichi_rate = Figure(gettext_lazy("Riichi %"), percent)
    tsumo_share = Figure(gettext_lazy("Tsumo share %"), percent)
    avg_win = Figure(gettext_lazy("Average win"), whole)
    n_chombo = Figure(gettext_lazy("Chombo"), whole, descending=False)

    class Meta(FamilyBoardTable.Meta):
        empty_text = gettext_lazy("No finished games match these filters.")


BOARD_TABLE = LeaderboardTable
STANDINGS_TABLE = StandingsTable  # totals in thousands of points


def board(seats: "SeatQuerySet") -> Any:
    """The riichi board over ``seats`` (``SeatQuerySet.leaderboard``: one query)."""
    return seats.leaderboard(NAME)


# ---- the player page ---------------------------------------------------------------------------

RESULTS_CHART = {"scale": 1000, "unit": "k"}  # a game's result in thousands of points


def results_note() -> str:
    """What the results chart's summary adds about its unit."""
    return _(" (in thousands of points)")


def result_text(result: int) -> str:
    """A game's result, a league's total, as every page reads points: +12,300 (the team
    boards' and the game pages' one format, thousands grouped as the reader's language does)."""
    return points(result, signed=True)


def player_figures(row: dict[str, Any], shown: Callable[..., str], seats: "SeatQuerySet") -> list[tuple[str, str]]:
    """The player's riichi figures after the hands (``shown`` formats a figure that may be
    missing: ``shown(value, fmt)``; the summary row holds them all: ``seats`` is not read)."""
    return [
        (_("Wins"), str(row["n_wins"])),
        (_("Win %"), shown(row["win_rate"], percent)),
        (_("Deal-ins"), str(row["n_deal_ins"])),
        (_("Deal-in %"), shown(row["deal_in_rate"], percent)),
        (_("Riichi %"), shown(row["riichi_rate"], percent)),
        (_("Tsumo share %"), shown(row["tsumo_share"], percent)),
        (_("Average win"), shown(row["avg_win"], whole)),
        (_("Average deal-in"), shown(row["avg_deal_in"], whole)),
        (_("Tenpai at exhaustive draws"), str(row["n_tenpai"])),
        (_("Chombo"), str(row["n_chombo"])),
    ]


# ---- the hand log ------------------------------------------------------------------------------


def describe(facts: RiichiHand, names: Sequence[str], rules: RuleSet) -> list[str]:
    """A riichi hand: each win, or the draw, the abortive draw or the chombo; then who was in riichi."""
    if facts.result == RiichiResult.WIN:
        parts = [_win_text(win, names, rules) for win in facts.wins]
    elif facts.result == RiichiResult.DRAW:
        parts = _draw_parts(facts, names)
    elif facts.result == RiichiResult.ABORTIVE:
        parts = [_("Abortive draw: %(reason)s") % {"reason": value_label(facts.reason)}]
    else:
        # a chombo has its offender
        parts = [_("Chombo by %(name)s") % {"name": names[cast(int, facts.offender)]}]
    if facts.riichi:
        parts.append(_("riichi: %(names)s") % {"names": handlog.seat_list(names, facts.riichi)})
    return parts


def value_text(rules: RuleSet, han: int, fu: int, yakuman: int) -> str:
    if yakuman:
        if yakuman == 1:
            return _("yakuman")
        if yakuman == 2:
            return _("double yakuman")
        return _("%(n)s× yakuman") % {"n": yakuman}
    if han >= 13 and rules.kazoe:
        return _("kazoe yakuman (%(han)s han)") % {"han": han}
    if han >= 11:
        return _("sanbaiman (%(han)s han)") % {"han": han}
    if han >= 8:
        return _("baiman (%(han)s han)") % {"han": han}
    if han >= 6:
        return _("haneman (%(han)s han)") % {"han": han}
    if han == 5:
        return _("mangan (5 han)")
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


def _win_text(win: Win, names: Sequence[str], rules: RuleSet) -> str:
    text = handlog.won_text(
        names,
        win.winner,
        win.discarder,
        value_text(rules, win.han, win.fu, win.yakuman),
        self_drawn=_("%(winner)s tsumo, %(value)s"),
        on_discard=_("%(winner)s ron off %(from)s, %(value)s"),
    )
    if win.liable is not None:
        text += ", " + _("%(name)s liable") % {"name": names[win.liable]}
    return text


def _draw_parts(facts: RiichiHand, names: Sequence[str]) -> list[str]:
    if facts.tenpai:
        parts = [_("Draw: %(names)s tenpai") % {"names": handlog.seat_list(names, facts.tenpai)}]
    else:
        parts = [_("Draw: nobody tenpai")]
    if facts.nagashi:
        parts.append(_("nagashi mangan: %(names)s") % {"names": handlog.seat_list(names, facts.nagashi)})
    if facts.dead:
        parts.append(_("dead hand: %(names)s") % {"names": handlog.seat_list(names, facts.dead)})
    return parts
