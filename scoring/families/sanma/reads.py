"""Sanma on the boards: a board of its own (``/leaderboard/sanma/``), standings and player
figures over three places, and the club records of its own games; the figures, player figures
and hand-log lines are riichi's, over its own seats only. Reads only."""

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy

from scoring.boards.tables import StandingsTable
from scoring.families.riichi import reads as riichi
from scoring.families.riichi.reads import LEAD_FIGURES as LEAD_FIGURES
from scoring.families.riichi.reads import RESULTS_CHART as RESULTS_CHART
from scoring.families.riichi.reads import WINDS as WINDS
from scoring.families.riichi.reads import describe as describe
from scoring.families.riichi.reads import player_figures as player_figures
from scoring.families.riichi.reads import result_text as result_text
from scoring.families.riichi.reads import results_note as results_note
from scoring.rules.families import sanma as engine

if TYPE_CHECKING:
    from scoring.boards.stats import SeatQuerySet

NAME = engine.NAME
TEMPLATE = "scoring/families/sanma/reads.html"  # its partials: board_lead
BOARD = ("leaderboard/sanma/", "sanma_board")  # the board's path and URL name
CSV = ("leaderboard/sanma.csv", "sanma_board_csv")  # the board's CSV
# the club records page's entries its finished games count for (``scoring.honours``), riichi's:
# kept apart from four-player riichi's on the page
RECORDS = riichi.RECORDS


class SanmaBoardTable(riichi.LeaderboardTable):
    """The sanma board: riichi's figures over three places."""

    fourth = None  # three seats

    class Meta(riichi.LeaderboardTable.Meta):
        empty_text = gettext_lazy("No finished three-player games match these filters.")


class SanmaStandingsTable(StandingsTable):
    """A session's or season's sanma standings: three places."""

    fourth = None

    class Meta(StandingsTable.Meta):
        pass


BOARD_TABLE = SanmaBoardTable
STANDINGS_TABLE = SanmaStandingsTable


def board(seats: "SeatQuerySet") -> Any:
    """The sanma board over ``seats`` (``SeatQuerySet.leaderboard``: one query)."""
    return seats.leaderboard(NAME)
