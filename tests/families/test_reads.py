"""Every family gives the boards, the hand log and the records page what they ask of its
``reads`` piece (``site_family(family, "reads")``), and the boards render each family's games:
its board, CSV, standings, player section and hand log.

The names are read from the parts themselves, so a new use there is asked of every family."""

import csv
import io
import random
import re
from datetime import date
from html import unescape
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.urls import reverse

from scoring.boards import handlog
from scoring.families import site_family
from scoring.honours import reads as records
from scoring.models import ClubSession, Game, Player
from scoring.records import services
from scoring.records.gamelogs import hand_facts, hands_with_facts
from scoring.rules import PRESETS, random_game
from scoring.rules.families import FAMILIES

ROOT = Path(__file__).resolve().parents[2]
READING_PARTS = ("boards", "honours")
READING_CODE = "\n".join(path.read_text() for part in READING_PARTS for path in (ROOT / "scoring" / part).rglob("*.py"))
BOARD_PAGE = (ROOT / "templates" / "scoring" / "boards" / "leaderboard.html").read_text()


def used_names() -> set[str]:
    """What the reading parts ask of a reads piece: ``reads(family).X``, ``site_family(…,
    "reads").X`` or ``piece.X``."""
    found = re.findall(
        r'(?:\breads(?:_piece)?\([^)]*\)|site_family\([^)]*"reads"\))\.(\w+)|\bpiece\.(\w+)', READING_CODE
    )
    return {name for pair in found for name in pair if name}


def used_partials() -> set[str]:
    """The family partials the board page includes: ``family_template|add:"#name"``."""
    return set(re.findall(r'family_template\|add:"#(\w+)"', BOARD_PAGE))


def test_the_reading_parts_ask_the_pieces_for_something():
    """The lists below are not vacuous, and the parts never ask which family a game is."""
    assert {"BOARD_TABLE", "STANDINGS_TABLE", "board", "BOARD", "CSV", "TEMPLATE", "describe", "WINDS"} <= used_names()
    assert {"RECORDS", "player_figures", "result_text", "RESULTS_CHART", "results_note"} <= used_names()
    assert used_partials() == {"board_lead"}
    asking = r'is_riichi|family\s*[!=]=\s*["\w]*(riichi|american|RIICHI|AMERICAN)|family="|\bRIICHI\b|\bAMERICAN\b'
    assert re.search(asking, READING_CODE + BOARD_PAGE) is None
    assert re.search(asking, 'if game.ruleset.family == "riichi"')  # the check above catches a question


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_a_reads_piece_with_what_the_reading_parts_use(family):
    piece = site_family(family, "reads")
    assert sorted(name for name in used_names() if not hasattr(piece, name)) == []
    assert piece.NAME == family
    assert piece.RECORDS <= set(records.ENTRIES)
    for partial in used_partials():
        get_template(f"{piece.TEMPLATE}#{partial}")  # TemplateDoesNotExist if the family lacks it


def test_each_board_has_its_own_path_and_url_names():
    """/leaderboard/ is riichi's, /leaderboard/american/ American's: no two families share one."""
    pieces = [site_family(family, "reads") for family in FAMILIES]
    paths = [p for piece in pieces for p in (piece.BOARD[0], piece.CSV[0])]
    names = [n for piece in pieces for n in (piece.BOARD[1], piece.CSV[1])]
    assert len(set(paths)) == len(paths) and len(set(names)) == len(names)
    assert reverse("scoring:leaderboard") == "/leaderboard/"
    assert reverse("scoring:american_board") == "/leaderboard/american/"


# ---- the pages, for every family ----------------------------------------------------------------

NAMES = ("Ann", "Bo", "Cho", "Dee", "Eve")


def preset_of(family: str) -> str:
    return next(slug for slug, rules in PRESETS.items() if rules.family == family)


def played(family: str, session: ClubSession, seed: int, penalties=()) -> Game:
    """A random finished game of ``family`` (its seats taken from NAMES) with the game
    penalties ``penalties``, stored by the services."""
    seats = FAMILIES[family].SEATS
    doc = random_game(random.Random(seed), preset_of(family), players=list(NAMES[:seats]), max_hands=12)
    doc["finished"] = True
    doc["penalties"] = list(penalties)
    return services.import_document(doc=doc, session=session)


@pytest.fixture
def night(db):
    for name in NAMES:
        Player.objects.create(name=name)
    return ClubSession.objects.create(name="Club night", date=date(2026, 3, 5), kind=ClubSession.CASUAL)


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def headers(html: str) -> list[str]:
    """The text of every table header cell of the page."""
    return [unescape(re.sub(r"<[^>]+>", "", th)).strip() for th in re.findall(r"<th[^>]*>(.*?)</th>", html, re.S)]


@pytest.mark.django_db
@pytest.mark.parametrize("family", FAMILIES)
def test_the_boards_render_the_games_of_every_family(client, night, family):
    """Its board (the columns of its table, a row per player), the CSV of the same, the
    session's standings in its table, the player's section of its figures."""
    game = played(family, night, seed=7)
    piece, seats = site_family(family, "reads"), FAMILIES[family].SEATS
    board = client.get(reverse(f"scoring:{piece.BOARD[1]}"))
    html = board.content.decode()
    assert board.status_code == 200 and 'aria-current="page"' in html
    columns = [str(column.header) for column in piece.BOARD_TABLE([]).columns]
    assert headers(html) == columns
    for name in NAMES[:seats]:
        assert f">{name}</a>" in html
    exported = rows_of(client.get(reverse(f"scoring:{piece.CSV[1]}")).content.decode())
    assert exported[0] == columns and len(exported) == 1 + seats
    session = client.get(reverse("scoring:session", args=[night.pk])).content.decode()
    standings = [str(column.header) for column in piece.STANDINGS_TABLE([]).columns]
    assert headers(session) == standings
    ann = Player.objects.get(name="Ann")
    page = client.get(reverse("scoring:player", args=[ann.pk])).content.decode()
    total = piece.BOARD_TABLE.base_columns["total"]
    result = game.seats.get(player=ann).result
    assert f"<dt>{total.verbose_name}</dt><dd>{total.fmt(result)}</dd>" in page
    assert piece.result_text(result) in page  # the recent games


@pytest.mark.django_db
@pytest.mark.parametrize("family", FAMILIES)
def test_the_hand_log_reads_each_hand_in_its_family_words_at_the_seat_count(client, night, family):
    game = played(family, night, seed=11)
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
    names = tuple(seat.player.name for seat in seats)
    piece, rules = site_family(family, "reads"), game.rules
    html = client.get(reverse("scoring:game", args=[game.pk])).content.decode()
    hands = list(hands_with_facts(game))
    assert hands
    for hand in hands:
        line = "; ".join(piece.describe(hand_facts(hand, rules.family), names, rules))
        assert line and handlog.describe(hand_facts(hand, rules.family), names, rules) == line
        assert line.replace("'", "&#x27;") in html
    board = handlog.scoreboard(game, seats, rules, game.table(seat.table_score for seat in seats))
    winds = [row["wind"] for row in board["rows"]]
    assert len(board["rows"]) == len(seats) == FAMILIES[family].SEATS
    assert (len(set(winds)) == len(seats)) if piece.WINDS else winds == [""] * len(seats)


@pytest.mark.django_db
def test_the_records_page_counts_the_games_of_the_families_that_say_so(client, night):
    """A family counts for the entries in its ``RECORDS``: riichi and sanma for every one (each
    apart), American for its referee penalties only (its results are scores, not points)."""
    for index, family in enumerate(FAMILIES):
        penalty = {"player": "Ann", "points": FAMILIES[family].PENALTY_STEP * 3, "reason": f"{family} noise"}
        played(family, night, seed=3 + index, penalties=[penalty])
    counted = {entry: records.counted_by(entry) for entry in records.ENTRIES}
    assert counted["penalties"] == list(FAMILIES) and counted["yakuman"] == ["riichi", "sanma"]
    penalties = {row["reason"] for row in records.chombo_and_penalties() if row["number"] is None}  # the game's
    assert penalties == {f"{family} noise" for family in counted["penalties"]}
    for family in counted["best_results"]:
        best = {row["game_id"] for row in records.best_game_results(family)}
        assert {Game.objects.get(pk=pk).ruleset.family for pk in best} == {family}
    assert client.get(reverse("scoring:records")).status_code == 200
    with pytest.raises(LookupError):
        records.counted_by("longest_game")  # an entry the page does not have
