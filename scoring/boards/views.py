"""Leaderboards, player, session and season pages, and what each figure means.

Function views over the aggregate reads of ``scoring.boards.stats``; a board answers htmx
requests (sorting, paging, filtering) with its table region only. The number of queries of
every page is fixed: it does not grow with the size of the history.
"""

import csv

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_tables2 import RequestConfig

from scoring.boards import charts, stats
from scoring.boards.csv_cells import inert
from scoring.boards.filters import BoardFilter
from scoring.boards.piece import ReadsPiece, reads_piece
from scoring.boards.tables import DASH, OpponentsTable, decimal, percent
from scoring.caching import versions
from scoring.caching.pages import cached, club
from scoring.families import OfAFamily
from scoring.models import ClubSession, Player, Ruleset, Season
from scoring.permissions import results_visible
from scoring.rulebook.numbers import plain_numbers, points
from scoring.rules.families import FAMILIES

PER_PAGE = 25
MAX_PER_PAGE = 500
CSV_QUERY = (*BoardFilter.base_filters, "sort")  # what a board's CSV reads of its query
BOARD_QUERY = (*CSV_QUERY, "per_page", "page")  # and the board itself
LENGTH_NAMES = {2: "hanchan", 1: "east-only"}  # a board's length in its CSV's file name (rounds: hanchan, East-only)
RECENT_GAMES = 20
RESULT_BARS = 50
OPPONENTS = 15
ALL_FAMILIES = [versions.family(family) for family in FAMILIES]  # season and player pages show every family


def family_label(family: str) -> str:
    return dict(Ruleset.FAMILY_CHOICES)[family]


def reads(family: str | OfAFamily) -> ReadsPiece:
    """The family's ``reads`` piece: its board, standings, figures and hand-log lines."""
    return reads_piece(family)


def board_url(family: str) -> str:
    return reverse(f"scoring:{reads(family).BOARD[1]}")


def board_tabs() -> list[dict]:
    """The statistics tabs' boards, one per family: its label, URL and URL name."""
    return [
        {"label": family_label(family), "url": board_url(family), "view": f"scoring:{reads(family).BOARD[1]}"}
        for family in FAMILIES
    ]


# ---- the boards -------------------------------------------------------------------------------


def _board(request: HttpRequest, family: str):
    """The filter set and the configured table of a board (sorted, paged: one query)."""
    filters = BoardFilter(request.GET or None, family=family)
    if filters.is_valid() or not filters.is_bound:
        rows = filters.board()
    else:  # the errors are shown above an empty board
        rows = stats.seats().none().board(family)
    table = reads(family).BOARD_TABLE(rows)
    return filters, table


def _paginate(request: HttpRequest, table) -> None:
    """Page the table as the query asks: a ``per_page`` outside 1..MAX_PER_PAGE gives the
    default, a ``page`` that is not a number gives the first page, one past the end the last."""
    try:
        per_page = int(request.GET.get("per_page", PER_PAGE))
    except ValueError:
        per_page = PER_PAGE
    table.paginate(per_page=per_page if 1 <= per_page <= MAX_PER_PAGE else PER_PAGE)
    table.page = table.paginator.get_page(request.GET.get("page"))


def _render_board(request: HttpRequest, family: str) -> HttpResponse:
    filters, table = _board(request, family)
    RequestConfig(request, paginate=False).configure(table)  # the sort
    _paginate(request, table)
    piece = reads(family)
    context = {
        "family": family,
        "family_label": family_label(family),
        "family_template": piece.TEMPLATE,
        "board_tabs": board_tabs(),
        "filters": filters,
        "table": table,
        "csv_url": reverse(f"scoring:{piece.CSV[1]}") + (f"?{request.GET.urlencode()}" if request.GET else ""),
        "page_url": board_url(family),
    }
    template = "scoring/boards/leaderboard.html#board" if request.htmx else "scoring/boards/leaderboard.html"
    return render(request, template, context)


def board_view(family: str):
    """The view of the board of ``family``; ?ruleset, kind, season, start, end, where,
    min_games, sort, page, per_page."""

    @require_safe
    @vary_on_headers("HX-Request")
    @results_visible
    @cached(club(versions.family(family)), reads=BOARD_QUERY)
    def board(request: HttpRequest) -> HttpResponse:
        return _render_board(request, family)

    return board


def _csv(request: HttpRequest, family: str) -> HttpResponse:
    """Every row of the board as filtered and sorted, the columns and figures as shown, the
    numbers written plainly for a spreadsheet; its name says the length of the games it counts."""
    filters, table = _board(request, family)
    RequestConfig(request, paginate=False).configure(table)
    length = f"-{LENGTH_NAMES[filters.rounds]}" if filters.rounds else ""
    filename = f"leaderboard-{family}{length}-{timezone.localdate():%Y-%m-%d}.csv"
    response = HttpResponse(
        content_type="text/csv; charset=utf-8", headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )
    writer = csv.writer(response)
    with plain_numbers():
        for row in table.as_values():
            writer.writerow(inert(cell) for cell in row)
    return response


def csv_view(family: str):
    """The view of the CSV of the board of ``family``, the same query as the board."""

    @require_safe
    @results_visible
    @cached(club(versions.family(family)), reads=CSV_QUERY)
    def board_csv(request: HttpRequest) -> HttpResponse:
        return _csv(request, family)

    return board_csv


def board_urls() -> list:
    """Every family's board and its CSV, at the paths and URL names its ``reads`` piece gives."""
    urls = []
    for family in FAMILIES:
        (board_path, board_name), (csv_path, csv_name) = reads(family).BOARD, reads(family).CSV
        urls += [path(board_path, board_view(family), name=board_name), path(csv_path, csv_view(family), name=csv_name)]
    return urls


# ---- a player ---------------------------------------------------------------------------------


def _share(count, total) -> str:
    return f"{count} ({percent(count / total)} %)" if total else str(count)


def place_labels(seats: int) -> tuple[str, ...]:
    """1st, 2nd …: one per seat."""
    return (_("1st"), _("2nd"), _("3rd"), _("4th"))[:seats]


def _places_shares(row: dict, seats: int) -> list[tuple[str, str]]:
    """How often the player ended in each place, one per seat of the family."""
    labels = (_("1st places"), _("2nd places"), _("3rd places"), _("4th places"))[:seats]
    return [(label, _share(row[name], row["games"])) for label, name in zip(labels, stats.PLACES, strict=False)]


def summary_figures(row: dict, family: str, rating, seats) -> list[tuple[str, str]]:
    """A player's figures in one family as (label, text), formatted as on the boards (the
    total and the average as its board's columns, the family's own figures from its
    ``reads`` piece, which may read the player's ``seats`` of the family for a figure the
    summary row lacks); the first ``LEAD_FIGURES`` of its own come right after the games (MCR's
    table points, which rank its players)."""

    def num(value, fmt):
        return DASH if value is None else fmt(value)

    piece = reads(family)
    total, average = piece.BOARD_TABLE.base_columns["total"], piece.BOARD_TABLE.base_columns["average"]
    own = piece.player_figures(row, num, seats)
    figures = [
        (_("Games"), str(row["games"])),
        *own[: piece.LEAD_FIGURES],
        (str(total.verbose_name), total.fmt(row["total"])),
        (str(average.verbose_name), average.fmt(row["average"])),
        (_("Best game"), total.fmt(row["best"])),
        (_("Worst game"), total.fmt(row["worst"])),
        (_("Average place"), decimal(row["avg_place"])),
        *_places_shares(row, FAMILIES[family].SEATS),
        (_("Hands"), str(row["n_hands"])),
        (_("Hands as dealer"), str(row["n_dealer"])),
        *own[piece.LEAD_FIGURES :],
    ]
    if rating is not None:
        figures.append(
            (_("Rating (μ − 3σ)"), f"{decimal(rating.ordinal)} (μ {decimal(rating.mu)}, σ {decimal(rating.sigma)})")
        )
    return figures


@require_safe
@results_visible
@cached(lambda pk: [versions.CLUB, versions.RANKINGS, *ALL_FAMILIES, versions.player(pk)])  # rankings: imports
def player(request: HttpRequest, pk: int) -> HttpResponse:
    """Every figure of the boards per family, charts, recent games, opponents and online names
    (8 queries; a family's figures may read one more: MCR's fans)."""
    person = get_object_or_404(Player, pk=pk)
    seats = stats.counted_seats().filter(player=person)
    summaries = {row["family"]: row for row in seats.player_summary()}
    history = list(seats.history())
    ratings = stats.rating_history(person)
    families = [
        _family_section(
            family,
            summaries[family],
            seats.of_family(family),
            [row for row in history if row["family"] == family],
            [p for p in ratings if p.family == family],
        )
        for family in FAMILIES
        if family in summaries
    ]
    recent = _recent_games(person)
    opponents = OpponentsTable(list(stats.counted_seats().opponents_of(person)[:OPPONENTS]))
    return render(
        request,
        "scoring/boards/player.html",
        {
            "player": person,
            "families": families,
            "recent": recent,
            "opponents": opponents,
            "games": sum(s["games"] for s in summaries.values()),
            "online_names": list(person.online_names.all()),
        },
    )


def _family_section(family: str, summary: dict, seats, games: list, points: list) -> dict:
    """A family's part of the player page: its figures (``seats``: the player's of the family),
    rating and three charts."""
    rating = points[-1] if points else None
    return {
        "family": family,
        "label": family_label(family),
        "figures": summary_figures(summary, family, rating, seats),
        "rating": rating,
        "rating_text": decimal(rating.ordinal) if rating else "",
        "board_url": board_url(family),
        "places": _places_chart(games, FAMILIES[family].SEATS),
        "rating_chart": _rating_chart(points),
        "results": _results_chart(games, family),
    }


def _places_chart(games: list, seats: int) -> charts.Chart:
    """Each game's place, and the average of the last ``window`` games (ten, or a 25th of them)."""
    window = max(10, len(games) // 25)
    return charts.places_chart(
        games,
        title=_("Places over time"),
        labels=place_labels(seats),
        window=window,
        summary=_("Dots: each game. Line: the average place of the last %(window)s games, now %(average)s.")
        % {"window": window, "average": decimal(sum(r["place"] for r in games[-window:]) / len(games[-window:]))},
    )


def _rating_chart(points: list) -> charts.Chart:
    return charts.rating_chart(
        points,
        title=_("Rating over time"),
        summary=_("Rating now: %(rating)s after %(count)s rated games")
        % {"rating": decimal(points[-1].ordinal), "count": len(points)}
        if points
        else _("Not rated yet."),
    )


def _results_chart(games: list, family: str) -> charts.Chart:
    """The last ``RESULT_BARS`` games' results, in the family's unit (its ``RESULTS_CHART``)."""
    piece = reads(family)
    return charts.results_chart(
        games[-RESULT_BARS:],
        title=_("Points per game"),
        summary=_("Results of the last %(count)s games") % {"count": len(games[-RESULT_BARS:])} + piece.results_note(),
        **piece.RESULTS_CHART,
    )


def _recent_games(person: Player) -> list:
    """The player's last games, each with the player's seat, the others' and the result as read."""
    recent = list(stats.recent_games(person, RECENT_GAMES))
    for game in recent:
        game.own_seat = next((s for s in game.seats.all() if s.player_id == person.pk), None)
        game.others = [s for s in game.seats.all() if s.player_id != person.pk]
        game.result_text = DASH if game.own_seat is None else reads(game.ruleset).result_text(game.own_seat.result)
    return recent


# ---- sessions and seasons ---------------------------------------------------------------------


def with_results(games) -> list:
    """The games, each with its seats in place order (``ordered_seats``), each seat with its
    result as read (``result_text``)."""
    games = list(games)
    for game in games:
        game.ordered_seats = sorted(game.seats.all(), key=lambda seat: (seat.place, seat.seat))
        for seat in game.ordered_seats:
            seat.result_text = points(seat.result, signed=True)
    return games


def standings_tables(seats, *, top: int | None = None, exclude=()) -> list[dict]:
    """A standings table per family that has finished games (one query, whatever the families):
    the first ``top`` rows only when given, without the columns in ``exclude``."""
    rows = list(seats.standings(top=top))
    tables = []
    for family in FAMILIES:
        mine = [row for row in rows if row["family"] == family]
        if mine:
            table = reads(family).STANDINGS_TABLE(mine, exclude=exclude)
            table.region_label = family_label(family)  # two families' tables on a page: two names (landmark-unique)
            tables.append({"family": family, "label": family_label(family), "table": table})
    return tables


@require_safe
@results_visible
@cached(lambda pk: [versions.CLUB, versions.session(pk)])
def session(request: HttpRequest, pk: int) -> HttpResponse:
    """A club night or tournament round: its games and its standings."""
    club_session = get_object_or_404(ClubSession, pk=pk)
    return render(
        request,
        "scoring/boards/session.html",
        {
            "session": club_session,
            "games": with_results(stats.session_games(club_session)),
            "standings": standings_tables(stats.counted_seats().in_session(club_session)),
        },
    )


@require_safe
@results_visible
@cached(club(versions.GAMES, *ALL_FAMILIES))
def seasons(request: HttpRequest) -> HttpResponse:
    """Every season, newest first."""
    return render(
        request,
        "scoring/boards/season.html",
        {"season": None, "seasons": Season.objects.all(), "board_tabs": board_tabs()},
    )


@require_safe
@results_visible
@cached(club(versions.GAMES, *ALL_FAMILIES))
def season(request: HttpRequest, pk: int) -> HttpResponse:
    """A season: standings over its dates, and its sessions."""
    the_season = get_object_or_404(Season, pk=pk)
    today = timezone.localdate()
    return render(
        request,
        "scoring/boards/season.html",
        {
            "season": the_season,
            "seasons": Season.objects.all(),
            "sessions": stats.season_sessions(the_season),
            "standings": standings_tables(stats.counted_seats().in_season(the_season)),
            "running": the_season.start <= today <= the_season.end,
            "league": the_season.stages.exists(),
            "board_tabs": board_tabs(),
            "board_url": f"{reverse('scoring:leaderboard')}?season={the_season.pk}",
        },
    )


@require_safe
def statistics_help(request: HttpRequest) -> HttpResponse:
    """What every figure means, exactly."""
    return render(request, "scoring/boards/statistics_help.html", {"board_tabs": board_tabs()})
