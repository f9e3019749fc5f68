"""Staff set a league up in the admin: a season with its stages and divisions inline; the stage
admin's action closes stages through the services."""

import pytest
from django.contrib.auth.models import User

from scoring.models import Season, Stage

pytestmark = pytest.mark.django_db


def test_an_admin_sets_up_a_league_and_closes_its_first_stage(client, eight):
    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    form = {
        "name": "League 2027",
        "start": "2027-01-01",
        "end": "2027-12-31",
        "stages-TOTAL_FORMS": "2",
        "stages-INITIAL_FORMS": "0",
        "divisions-TOTAL_FORMS": "1",
        "divisions-INITIAL_FORMS": "0",
    }
    for index, (name, start, end) in enumerate(
        [("Regular", "2027-01-01", "2027-09-30"), ("Final", "2027-10-01", "2027-12-31")]
    ):
        form |= {
            f"stages-{index}-order": str(index + 1),
            f"stages-{index}-name": name,
            f"stages-{index}-start": start,
            f"stages-{index}-end": end,
            f"stages-{index}-family": "riichi",
            f"stages-{index}-min_nights": "0",
            f"stages-{index}-min_percent": "0",
            f"stages-{index}-min_players": "0",
            f"stages-{index}-carry": "half",
        }
    form |= {"stages-0-cut": "4", "divisions-0-order": "1", "divisions-0-name": "A", "divisions-0-promote": "0",
             "divisions-0-relegate": "0", "divisions-0-members": [str(p.pk) for p in eight[:4]]}  # fmt: skip
    response = client.post("/admin/scoring/season/add/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    season = Season.objects.get(name="League 2027")
    assert [(s.name, s.cut, s.carry) for s in season.stages.all()] == [("Regular", 4, "half"), ("Final", None, "half")]
    assert season.divisions.get().members.count() == 4
    both = {**form, "stages-0-cut_percent": "50", "name": "Both"}
    assert (
        "A cut is the top N or a share, not both." in client.post("/admin/scoring/season/add/", both).content.decode()
    )

    regular = season.stages.get(order=1)
    response = client.post("/admin/scoring/stage/", {"action": "close", "_selected_action": [regular.pk]}, follow=True)
    assert response.status_code == 200
    assert Stage.objects.get(pk=regular.pk).closed
    response = client.post("/admin/scoring/stage/", {"action": "close", "_selected_action": [regular.pk]}, follow=True)
    assert "is already closed" in response.content.decode()
    for page in ("/admin/scoring/stage/", "/admin/scoring/division/", "/admin/scoring/stageentry/"):
        assert client.get(page).status_code == 200


TAKEN = "Already in a division of this season: Dee."


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    return client


def test_the_division_admin_puts_a_player_in_one_division_of_a_season(admin_client, divided, eight):
    season, top, bottom = divided
    form = {"season": season.pk, "order": "3", "name": "C", "promote": "0", "relegate": "0",
            "members": [eight[3].pk]}  # fmt: skip
    response = admin_client.post("/admin/scoring/division/add/", form)
    assert response.status_code == 200 and TAKEN in response.content.decode()
    assert season.divisions.count() == 2
    change = f"/admin/scoring/division/{bottom.pk}/change/"
    moved = {**form, "order": "2", "name": "B", "members": [p.pk for p in eight[3:]]}
    assert TAKEN in admin_client.post(change, moved).content.decode()
    assert admin_client.post(change, {**moved, "members": [p.pk for p in eight[4:]]}).status_code == 302  # unchanged
    huge = admin_client.post(change, {**moved, "members": ["9" * 5000]})
    assert huge.status_code == 200 and "Choose the members from the list." in huge.content.decode()


def season_form(season, divisions) -> dict:
    """The season's admin page as sent: its stages unchanged, these divisions (``(division or None, members)``)."""
    form = {"name": season.name, "start": str(season.start), "end": str(season.end), "comment": "",
            "stages-TOTAL_FORMS": "0", "stages-INITIAL_FORMS": "0",
            "divisions-TOTAL_FORMS": str(len(divisions)),
            "divisions-INITIAL_FORMS": str(sum(d is not None for d, _m in divisions))}  # fmt: skip
    for index, (division, members) in enumerate(divisions):
        prefix = f"divisions-{index}-"
        order, name = (division.order, division.name) if division else (index + 1, f"D{index}")
        form |= {prefix + "order": str(order), prefix + "name": name, prefix + "promote": "0", prefix + "relegate": "0",
                 prefix + "members": [p.pk for p in members], prefix + "season": season.pk}  # fmt: skip
        if division:
            form[prefix + "id"] = division.pk
    return form


def test_the_seasons_admin_page_puts_a_player_in_one_of_its_divisions(admin_client, divided, eight):
    season, top, bottom = divided
    season.stages.all().delete()
    change = f"/admin/scoring/season/{season.pk}/change/"
    both = season_form(season, [(top, eight[:4]), (bottom, eight[3:])])
    response = admin_client.post(change, both)
    assert response.status_code == 200 and TAKEN in response.content.decode()
    assert list(bottom.members.order_by("name").values_list("name", flat=True)) == ["Eve", "Fay", "Gus", "Hal"]
    swapped = season_form(season, [(top, [*eight[:3], eight[4]]), (bottom, [eight[3], *eight[5:]])])
    assert admin_client.post(change, swapped).status_code == 302  # Dee and Eve change places at once
    assert sorted(bottom.members.values_list("name", flat=True)) == ["Dee", "Fay", "Gus", "Hal"]
    new = season_form(season, [(top, [*eight[:3], eight[4]]), (bottom, [eight[3], *eight[5:]]), (None, [eight[3]])])
    assert TAKEN in admin_client.post(change, new).content.decode()
    assert season.divisions.count() == 2


def test_the_close_action_says_what_to_repair_when_a_player_is_in_two_divisions(admin_client, divided, eight):
    season, _top, bottom = divided
    bottom.members.add(eight[3])
    stage = season.stages.get()
    close = {"action": "close", "_selected_action": [stage.pk]}
    response = admin_client.post("/admin/scoring/stage/", close, follow=True)
    assert response.status_code == 200
    assert "these players are in more than one: Dee." in response.content.decode()
    assert not Stage.objects.get(pk=stage.pk).closed
