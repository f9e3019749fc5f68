"""Seasons are defined in the admin; ratings can be recomputed by a command; the charts'
geometry."""

import re
from datetime import date
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from scoring.boards import charts
from scoring.models import RatingChange, Season

from .conftest import DRAW, RON, TSUMO, play

NO_STAGES = {
    f"{inline}-{count}": "0" for inline in ("stages", "divisions") for count in ("TOTAL_FORMS", "INITIAL_FORMS")
}


@pytest.mark.django_db
def test_an_admin_defines_a_season(client):
    admin = User.objects.create_superuser("root", password="pw-root-123")
    client.force_login(admin)
    response = client.post(
        "/admin/scoring/season/add/", {"name": "Autumn", "start": "2026-09-01", "end": "2026-11-30", **NO_STAGES}
    )
    assert response.status_code == 302
    assert Season.objects.get(name="Autumn").end == date(2026, 11, 30)
    response = client.post(
        "/admin/scoring/season/add/", {"name": "Backwards", "start": "2026-09-01", "end": "2026-08-01", **NO_STAGES}
    )
    assert "A season cannot end before it starts." in response.content.decode()
    assert client.get("/admin/scoring/playerrating/").status_code == 200
    assert client.get("/admin/scoring/ratingchange/").status_code == 200


@pytest.mark.django_db
def test_the_recompute_command(players):
    play(players[:4], [RON])
    RatingChange.objects.all().delete()
    out = StringIO()
    call_command("recompute_ratings", stdout=out)
    assert out.getvalue().startswith("rated 1 games")
    assert RatingChange.objects.count() == 4


def test_places_chart_has_first_place_on_top():
    rows = [{"place": p, "day": date(2026, 1, d)} for d, p in enumerate((1, 4, 2, 3), 1)]
    chart = charts.places_chart(rows, title="t", summary="s", labels=("1st", "2nd", "3rd", "4th"), window=2)
    first, fourth = chart.grid[0][0], chart.grid[3][0]
    assert first < fourth  # SVG y grows downwards
    assert [y for _x, y in chart.dots] == [first, fourth, chart.grid[1][0], chart.grid[2][0]]
    assert (chart.start_label, chart.end_label) == ("Jan. 1, 2026", "Jan. 4, 2026")  # the one date style


@pytest.mark.parametrize(
    "rounds, expected",
    [
        # a repeated round (a dealer repeat, a draw) is labelled once
        (["E1", "E2", "E2", "E3", "E4", "S1"], ["E1", "E2", "E3", "E4", "S1"]),
        # a long game on a 480-unit chart: labels at least a gap apart, none twice
        (
            [f"{w}{n}" for w in "ES" for n in (1, 2, 3, 4) for _repeat in range(3)],
            ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"],
        ),
        (["", "", "", ""], ["1", "2", "3", "4"]),  # American: hand numbers
    ],
)
def test_game_chart_labels_each_round_once_and_never_crowded(rounds, expected):
    rows = [{"round": label, "number": n} for n, label in enumerate(rounds, 1)]

    def x(index):
        return 60 + 400 * index / len(rows)

    labels = charts.hand_labels(rows, x)
    assert [label["label"] for label in labels] == expected
    gaps = [b["x"] - a["x"] for a, b in zip(labels, labels[1:], strict=False)]
    assert all(gap >= charts.LABEL_GAP for gap in gaps)


def test_results_chart_bars_sit_on_zero():
    rows = [{"result": r, "day": None} for r in (12000, -8000, 0)]
    chart = charts.results_chart(rows, title="t", summary="s", scale=1000, unit="k")
    up, down, flat = chart.bars
    assert up.positive and not down.positive
    assert up.y + up.height == pytest.approx(down.y, abs=0.1)  # both touch the zero line
    assert "0" in [label for _y, label in chart.grid]


GEOMETRY = re.compile(r'\s(x|y|x1|x2|y1|y2|cx|cy|r|width|height|points|viewBox)="([^"]*)"')
NUMBER = r"-?\d+(?:\.\d+)?"


@pytest.mark.django_db
def test_the_charts_geometry_is_not_localised(client, players):
    """In Spanish a decimal comma in an SVG coordinate would scatter the chart."""
    game = play(players[:4], [RON, TSUMO, DRAW])
    client.cookies["django_language"] = "es"
    for url in (reverse("scoring:game", args=[game.pk]), reverse("scoring:player", args=[players[1].pk])):
        with translation.override("en"):  # the request's Spanish stays in this test
            html = client.get(url).content.decode()
        assert '<html lang="es">' in html
        found = [found for svg in re.findall(r"<svg\b.*?</svg>", html, re.S) for found in GEOMETRY.findall(svg)]
        pattern = {"points": rf"{NUMBER},{NUMBER}(?: {NUMBER},{NUMBER})*", "viewBox": rf"{NUMBER}(?: {NUMBER}){{3}}"}
        wrong = [(name, value) for name, value in found if not re.fullmatch(pattern.get(name, NUMBER), value)]
        assert found and wrong == [], (url, wrong[:5])
