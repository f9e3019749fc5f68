"""The club's tables (django-tables2): the columns of the leaderboards (each family's board
table is its ``reads`` piece's ``BOARD_TABLE``), standings, opponents.

Rows are the dicts the aggregate reads of ``scoring.boards.stats`` return; every figure is
already computed by the database, a column only formats it. The same formatting is used
for the page and for "Download CSV" (each column's ``text``), so the file holds the figures
shown (its numbers written plainly: ``numbers.plain_numbers``).
Sorting and paging links swap the table region with htmx (``django_tables2/htmx.html``).
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import django_tables2 as tables
from django.db.models import F, Window
from django.db.models.functions import Rank
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableQuerysetData

from scoring.rulebook.numbers import number

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

DASH = "–"


# ---- how figures read (the page and the CSV alike) -------------------------------------------


def thousands(points: float) -> str:
    """Riichi results in thousands of points, one decimal, signed: +12.3 is 12,300 points."""
    return number(points / 1000, decimals=1, signed=True)


def signed(points: float) -> str:
    """American scores: whole points, signed."""
    return number(round(points), signed=True)


def percent(share: float) -> str:
    return number(100 * share, decimals=1)


def decimal(value: float, places: int = 2) -> str:
    return number(value, decimals=places)


def whole(value: float) -> str:
    return number(round(value))


class Figure(tables.Column):
    """A number formatted by ``fmt``: the same text on the page and in the CSV; a dash on
    the page (empty in the CSV) where there is nothing to divide by."""

    def __init__(
        self, verbose_name: "StrOrPromise", fmt: Callable[[Any], str] = str, *, descending: bool = True, **kwargs: Any
    ) -> None:
        self.fmt = fmt
        self.descending = descending
        attrs = kwargs.pop("attrs", {})
        attrs.setdefault("td", {"class": "num"})
        attrs.setdefault("th", {"class": "num"})
        super().__init__(verbose_name, empty_values=(), attrs=attrs, **kwargs)

    def text(self, record) -> str:
        value = record[self.accessor]
        return "" if value is None else self.fmt(value)

    def html(self, record) -> str:
        return conditional_escape(self.text(record) or DASH)

    def order(self, queryset, is_descending):
        """Players without a figure last either way; ties by name; ``sort_rank`` is the rank
        by this figure (ties share it). (The header's first click sorts best first:
        descending unless ``descending`` is false; see the ``django_tables2/htmx.html``
        template.)"""
        field = F(self.accessor)
        order = field.desc(nulls_last=True) if is_descending else field.asc(nulls_last=True)
        return queryset.annotate(sort_rank=Window(Rank(), order_by=order)).order_by(order, "name"), True


class EvaluatedQuerysetData(TableQuerysetData):
    """A board is a few hundred aggregate rows: run its ONE query for every page, instead of
    a COUNT query (which would run the aggregate a second time) plus the page's query."""

    def __len__(self):
        return len(self.data)


class BoardTable(tables.Table):
    """Cells straight from the row dicts: each column's ``text`` (CSV) and ``html`` (page)
    are computed once per cell, without django-tables2's per-cell signature inspection and
    attribute merging (a board page has hundreds of cells, a CSV thousands)."""

    class Meta:
        template_name = "django_tables2/htmx.html"
        attrs = {"class": "board"}

    def body(self) -> list[list[tuple[str, str]]]:
        """The page's rows: (the td's attributes, the cell's HTML) per column."""
        columns = [(column.attrs["td"].as_html(), column.column) for column in self.columns]
        return [[(attrs, column.html(row.record)) for attrs, column in columns] for row in self.paginated_rows]

    def as_values(self, exclude_columns=None):
        exclude = set(exclude_columns or ())
        columns = [c for c in self.columns.iterall() if c.name not in exclude and not c.column.exclude_from_export]
        yield [str(column.header) for column in columns]
        for row in self.rows:
            yield [column.column.text(row.record) for column in columns]


class HtmxBoardTable(BoardTable):
    """Sorting and paging links carry ``hx-get`` to ``hx_target`` (the table region)."""

    hx_target = "#board"

    class Meta(BoardTable.Meta):
        order_by_field = "sort"
        order_by = "rank"  # the default, so that only the rank column shows as sorted

    def __init__(self, data, *args, **kwargs):
        if hasattr(data, "query"):
            data = EvaluatedQuerysetData(data)
        super().__init__(data, *args, **kwargs)


def player_link(record) -> str:
    return reverse("scoring:player", args=[record["player"]])


class RankColumn(Figure):
    """#: the rank by the column the board is sorted by (by total unless sorted by another),
    tied figures sharing the better rank (1, 2, 2, 4); standings, never sorted, by total."""

    def __init__(self):
        super().__init__("#", whole, descending=False, attrs={"td": {"class": "num rank"}, "th": {"class": "num"}})

    def text(self, record) -> str:
        return self.fmt(record.get("sort_rank", record["rank"]))

    def order(self, queryset, is_descending):
        """By rank (the rank by total), without a second rank."""
        return queryset.order_by("-rank" if is_descending else "rank", "name"), True


class PlayerColumn(tables.Column):
    """The player's name, linked to the player page."""

    def __init__(self, **kwargs):
        super().__init__(_("Player"), attrs={"td": {"class": "player"}, "th": {"class": "player"}}, **kwargs)

    def text(self, record) -> str:
        return record["name"]

    def html(self, record) -> str:
        return format_html('<a href="{}">{}</a>', player_link(record), record["name"])


class FamilyBoardTable(HtmxBoardTable):
    """What every family's board shows (its ``reads`` piece's ``BOARD_TABLE`` adds the total and
    the average in its own units, then its own figures): rank, player, games, total, average,
    average place, the family's figures, rating."""

    rank = RankColumn()
    name = PlayerColumn()
    games = Figure(_("Games"), whole)
    avg_place = Figure(_("Average place"), decimal, descending=False)
    rating = Figure(_("Rating (μ − 3σ)"), decimal)

    class Meta(HtmxBoardTable.Meta):
        sequence: tuple[str, ...] = ("rank", "name", "games", "total", "average", "avg_place", "...", "rating")


class StandingsTable(BoardTable):
    """A session's or season's standings (rows of ``SeatQuerySet.standings``): not sorted
    or paged, best total first; the total in thousands of points (a family's ``reads`` piece
    gives its own ``STANDINGS_TABLE``, this one or a subclass)."""

    rank = RankColumn()
    name = PlayerColumn()
    games = Figure(_("Games"), whole)
    total = Figure(_("Total"), thousands)
    avg_place = Figure(_("Average place"), decimal)
    first = Figure(_("1st"), whole)
    second = Figure(_("2nd"), whole)
    third = Figure(_("3rd"), whole)
    fourth: Figure | None = Figure(_("4th"), whole)  # None at three seats

    class Meta(BoardTable.Meta):
        orderable = False


class OpponentsTable(BoardTable):
    """The players someone sits with, most games together first (``opponents_of``)."""

    name = PlayerColumn()
    games = Figure(_("Games together"), whole)
    won = Figure(_("Finished above"), whole)
    lost = Figure(_("Finished below"), whole)
    tied = Figure(_("Same place"), whole)

    class Meta(BoardTable.Meta):
        orderable = False
