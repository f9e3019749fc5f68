"""The league page, each stage's CSV, a player's league lines, and the staff's actions."""

import csv
import io
import re
from datetime import date
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.caching import versions
from scoring.leagues import services
from scoring.models import Season
from tests.builders import tsumo_night

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def rows(html: str, table: int = 0) -> list[list[str]]:
    """The cells of every row of the ``table``-th league standing (the cut line a row of one cell)."""
    found = re.findall(r'<table class="standings event-standings league-standings">.*?</table>', html, re.S)[table]
    return [
        [unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", found.split("</thead>")[1], re.S)
    ]


def test_the_league_page_draws_the_cut_line_and_lists_the_unranked_apart(client, staged):
    season, _regular, _final = staged
    html = client.get(reverse("scoring:league", args=[season.pk])).content.decode()
    regular = rows(html)
    assert regular[:3] == [
        ["1", "Ann", "2", "+36,000"],
        ["1", "Eve", "2", "+36,000"],
        ["Cut: the 2 above go on"],
    ]
    assert [row[1] for row in regular[3:8]] == ["Cho", "Dee", "Gus", "Hal", "Fay"]
    assert regular[8:] == [["Not ranked: fewer than 2 evenings"], ["", "Bob", "1", "−6,000"]]
    page = text(client.get(reverse("scoring:league", args=[season.pk])))
    assert "The top 2 go on, carried over halved (×½)." in page
    assert "Players enter this stage when the stage before closes." in page
    assert "Close this stage" not in page  # staff only


def test_the_final_lists_only_who_made_the_cut_with_what_they_carried(client, staged, eight):
    season, regular, _final = staged
    services.close_stage(stage=regular)
    ann, bob, cho, dee, eve = eight[:5]
    tsumo_night([cho, ann, bob, eve], 5)  # February: Cho wins, but she is not in the final
    html = client.get(reverse("scoring:league", args=[season.pk])).content.decode()
    assert rows(html, 1) == [
        ["1", "Ann", "1", "+18,000", "−6,000", "+12,000"],
        ["1", "Eve", "1", "+18,000", "−6,000", "+12,000"],
    ]


def test_divisions_show_who_goes_up_and_down(client, divided):
    season, _top, _bottom = divided
    html = client.get(reverse("scoring:league", args=[season.pk])).content.decode()
    assert "<h3>A</h3>" in html and "<h3>B</h3>" in html
    assert rows(html, 0)[-1][1] == "Cho ▼ relegated"
    assert rows(html, 1)[0][1] == "Eve ▲ promoted"


def test_the_csv_of_a_stage(client, divided):
    season, _top, _bottom = divided
    stage = season.stages.get()
    response = client.get(reverse("scoring:league_stage_csv", args=[season.pk, stage.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    table = list(csv.reader(io.StringIO(response.content.decode())))
    assert table[0][:4] == ["Division", "Place", "Player", "Evenings"]
    assert table[1] == ["A", "1", "Dee", "1", "1", "0", "18000", "18000", "0", "", ""]
    assert table[4][2:] == ["Cho", "1", "1", "0", "-24900", "-24900", "0", "", "relegated"]
    assert table[5][:3] == ["B", "1", "Eve"] and table[5][-1] == "promoted"
    other = Season.objects.create(name="Other", start=stage.start, end=stage.end)
    assert client.get(reverse("scoring:league_stage_csv", args=[other.pk, stage.pk])).status_code == 404


def test_the_player_page_shows_each_league_line_and_how_it_was_computed(client, staged, eight):
    season, regular, _final = staged
    services.close_stage(stage=regular)
    ann, bob, cho, dee = eight[:4]
    tsumo_night([ann, bob, cho, dee], 5)
    page = text(client.get(reverse("scoring:player", args=[ann.pk])))
    assert "League 2026 · Regular : place 1" in page
    assert "League 2026 · Regular : place 1 +36,000 · 2 evenings" in page
    assert "League 2026 · Final : place 1 +18,000 carried + +18,000 this stage = +36,000" in page
    regular.best_nights = 1
    regular.save()
    versions.bump_club()  # as the admin does
    page = text(client.get(reverse("scoring:player", args=[ann.pk])))
    assert "League 2026 · Regular : place 1 +18,000 · best 1 of 2 evenings counted" in page
    bob_page = text(client.get(reverse("scoring:player", args=[bob.pk])))
    assert "League 2026 · Regular : not ranked (fewer than 2 evenings)" in bob_page


def test_staff_close_a_stage_and_start_the_next_season_on_the_sites_pages(client, divided):
    season, _top, _bottom = divided
    stage = season.stages.get()
    close = reverse("scoring:league_close_stage", args=[season.pk, stage.pk])
    User.objects.create_user("mem", password="pw")
    client.force_login(User.objects.get(username="mem"))
    assert client.post(close).status_code == 403
    assert client.get(reverse("scoring:league_next_season", args=[season.pk])).status_code == 403
    User.objects.create_user("stu", password="pw", is_staff=True)
    client.force_login(User.objects.get(username="stu"))
    assert "Close this stage (apply the cut)" in text(client.get(reverse("scoring:league", args=[season.pk])))
    response = client.post(close, follow=True)
    assert "“Spring” is closed; 0 entered the next stage." in text(response)
    proposal = text(client.get(reverse("scoring:league_next_season", args=[season.pk])))
    assert "A Ann, Bob, Dee, Eve B Cho, Fay, Gus, Hal" in proposal
    refused = client.post(
        reverse("scoring:league_next_season", args=[season.pk]),
        {"name": "X", "start": "2027-03-31", "end": "2027-03-01"},
    )
    assert "A season cannot end before it starts." in text(refused)
    response = client.post(
        reverse("scoring:league_next_season", args=[season.pk]),
        {"name": "Divisions 2027", "start": "2027-03-01", "end": "2027-03-31"},
        follow=True,
    )
    assert "Divisions 2027 is ready." in text(response)
    assert Season.objects.get(name="Divisions 2027").divisions.count() == 2


def test_the_season_page_links_its_league(client, staged):
    season, _regular, _final = staged
    page = text(client.get(reverse("scoring:season", args=[season.pk])))
    assert "The league: stages, divisions, the cut" in page
    plain = Season.objects.create(name="Plain", start=season.start, end=season.end)
    assert "The league" not in text(client.get(reverse("scoring:season", args=[plain.pk])))


def test_the_league_page_in_spanish(client, staged):
    season, _regular, _final = staged
    page = text(client.get(reverse("scoring:league", args=[season.pk]), headers={"Accept-Language": "es"}))
    assert "Corte: los 2 de arriba pasan" in page
    assert "Sin clasificar: menos de 2 noches" in page


@pytest.mark.parametrize("evenings", [1, 4])
def test_query_counts_do_not_grow_with_the_games(client, staged, eight, evenings, django_assert_num_queries):
    """The versions, the season, its stages, divisions, entries, one per stage (two), the names."""
    season, _regular, _final = staged
    for n in range(3, 3 + evenings):
        tsumo_night(eight[:4], n, games=2)
    with django_assert_num_queries(8):
        assert client.get(reverse("scoring:league", args=[season.pk])).status_code == 200


def test_staff_set_a_league_up_on_the_sites_pages(client, eight):
    season = Season.objects.create(name="Autumn", start=date(2026, 9, 1), end=date(2026, 11, 30))
    setup = reverse("scoring:league_setup", args=[season.pk])
    client.force_login(User.objects.create_user("mem", password="pw"))
    assert client.get(setup).status_code == 403
    staff = User.objects.create_user("stu", password="pw", is_staff=True)
    client.force_login(staff)
    assert "Make it a league: stages and divisions" in text(client.get(reverse("scoring:season", args=[season.pk])))
    assert "Add a stage" in text(client.get(setup))
    stage = {"order": "1", "name": "Autumn cup", "start": "2026-09-01", "end": "2026-11-30", "family": "riichi",
             "kind": "", "best_nights": "8", "min_nights": "6", "min_percent": "0", "min_players": "8", "cut": "",
             "cut_percent": "", "carry": "full"}  # fmt: skip
    add_stage = reverse("scoring:league_add_stage", args=[season.pk])
    response = client.post(add_stage, stage, follow=True)
    assert "“Autumn cup” is added." in text(response)
    assert season.stages.get().best_nights == 8
    again = client.post(add_stage, stage)
    assert again.status_code == 200 and "Two stages of a season cannot have the same order." in text(again)
    both = client.post(add_stage, {**stage, "order": "2", "cut": "4", "cut_percent": "50"})
    assert "A cut is the top N or a share, not both." in text(both)
    add_division = reverse("scoring:league_add_division", args=[season.pk])
    division = {"order": "1", "name": "A", "promote": "0", "relegate": "1", "members": [p.pk for p in eight[:4]]}
    assert "“A” is added." in text(client.post(add_division, division, follow=True))
    taken = client.post(add_division, {**division, "order": "2", "name": "B", "members": [eight[3].pk, eight[4].pk]})
    assert "Already in a division of this season: Dee." in text(taken)
    assert [d.name for d in season.divisions.all()] == ["A"]
    page = text(client.get(reverse("scoring:league", args=[season.pk])))
    assert "Autumn cup" in page and "Each player's best 8 evenings count." in page


ALREADY = "This form was already sent and its change is stored; it was not made twice."


def test_a_form_that_adds_a_row_sent_twice_adds_it_once(client, eight):
    """A double tap, or a retry on a bad connection: the same submission key again."""
    season = Season.objects.create(name="Autumn", start=date(2026, 9, 1), end=date(2026, 11, 30))
    client.force_login(User.objects.create_user("stu", is_staff=True))
    assert 'name="submission_key"' in client.get(reverse("scoring:league_setup", args=[season.pk])).content.decode()
    stage = {"order": "1", "name": "Autumn cup", "start": "2026-09-01", "end": "2026-11-30", "family": "riichi",
             "kind": "", "min_nights": "0", "min_percent": "0", "min_players": "0", "carry": "full",
             "submission_key": "tap-stage"}  # fmt: skip
    division = {"order": "1", "name": "A", "promote": "0", "relegate": "0", "members": [eight[0].pk],
                "submission_key": "tap-division"}  # fmt: skip
    for url, form in (("scoring:league_add_stage", stage), ("scoring:league_add_division", division)):
        assert "is added." in text(client.post(reverse(url, args=[season.pk]), form, follow=True))
        again = client.post(reverse(url, args=[season.pk]), form, follow=True)
        assert ALREADY in text(again) and "is added." not in text(again)
    assert season.stages.count() == season.divisions.count() == 1
    services.close_stage(stage=season.stages.get())
    url = reverse("scoring:league_next_season", args=[season.pk])
    assert 'name="submission_key"' in client.get(url).content.decode()
    form = {"name": "Winter", "start": "2026-12-01", "end": "2027-02-28", "submission_key": "tap-season"}
    first = client.post(url, form)
    again = client.post(url, form, follow=True)
    winter = Season.objects.get(name="Winter")
    assert first.url == again.redirect_chain[0][0] == reverse("scoring:league", args=[winter.pk])
    assert ALREADY in text(again)
    assert Season.objects.count() == 2


def test_closing_a_stage_with_a_player_in_two_divisions_says_what_to_repair(client, divided, eight):
    season, _top, bottom = divided
    bottom.members.add(eight[3])  # stored before divisions were checked
    client.force_login(User.objects.create_user("stu", is_staff=True))
    stage = season.stages.get()
    response = client.post(reverse("scoring:league_close_stage", args=[season.pk, stage.pk]), follow=True)
    assert response.status_code == 200
    assert "these players are in more than one: Dee. Keep each of them in one division" in text(response)
    close = reverse("scoring:league_close_stage", args=[season.pk, stage.pk])
    spanish = client.post(close, follow=True, headers={"Accept-Language": "es"})
    assert "estos jugadores están en más de una: Dee. Deja a cada uno en una sola división" in text(spanish)
    stage.refresh_from_db()
    assert not stage.closed
