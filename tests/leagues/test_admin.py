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
