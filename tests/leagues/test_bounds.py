"""Every number and date a league form takes stays within the bounds of ``scoring/rules/bounds.py``:
out of them the form says so (status 200) and nothing is stored, on SQLite and PostgreSQL alike (a
small integer column alone holds 32,767 on one and 2**63 on the other); a number of 5,000 digits in
a form is a form message, in a URL a 404."""

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.leagues import services
from scoring.models import Division, Season, Stage
from scoring.records.services import ServiceError
from scoring.rules import bounds
from tests.leagues.test_views import text

pytestmark = pytest.mark.django_db
HUGE = "9" * 5000
STAGE = {"order": "1", "name": "Cup", "start": "2026-09-01", "end": "2026-11-30", "family": "riichi", "kind": "",
         "best_nights": "", "min_nights": "0", "min_percent": "0", "min_players": "0", "cut": "", "cut_percent": "",
         "carry": "full"}  # fmt: skip
STAGE_BOUNDS = {
    "order": (1, bounds.MAX_ORDER),
    "best_nights": (1, bounds.MAX_EVENINGS),
    "min_nights": (0, bounds.MAX_EVENINGS),
    "min_percent": (0, bounds.MAX_PERCENT),
    "min_players": (0, bounds.MAX_PLAYERS),
    "cut": (1, bounds.MAX_PLAYERS),
    "cut_percent": (0, bounds.MAX_PERCENT),
}
DIVISION_BOUNDS = {
    "order": (1, bounds.MAX_ORDER),
    "promote": (0, bounds.MAX_PLAYERS),
    "relegate": (0, bounds.MAX_PLAYERS),
}


def out_of_bounds(table) -> list[tuple[str, str, str]]:
    """Each field just past each end of its bounds, and 5,000 digits: the value and the form's message."""
    return [
        case
        for field, (least, most) in table.items()
        for case in (
            (field, str(most + 1), f"Ensure this value is less than or equal to {most}."),
            (field, str(least - 1), f"Ensure this value is greater than or equal to {least}."),
            (field, HUGE, "Enter a whole number."),
        )
    ]


@pytest.fixture
def autumn(client, eight):
    """A season, and staff logged in."""
    client.force_login(User.objects.create_user("stu", is_staff=True))
    return Season.objects.create(name="Autumn", start=date(2026, 9, 1), end=date(2026, 11, 30))


@pytest.mark.parametrize(("field", "value", "message"), out_of_bounds(STAGE_BOUNDS))
def test_a_stage_knob_out_of_its_bounds_is_a_form_error(client, autumn, field, value, message):
    response = client.post(reverse("scoring:league_add_stage", args=[autumn.pk]), {**STAGE, field: value})
    assert response.status_code == 200
    assert message in text(response)
    assert not Stage.objects.exists()


def test_a_stage_at_the_bounds_is_added(client, autumn):
    most = {field: str(bound) for field, (_least, bound) in STAGE_BOUNDS.items()} | {"cut_percent": ""}
    response = client.post(reverse("scoring:league_add_stage", args=[autumn.pk]), {**STAGE, **most}, follow=True)
    assert "“Cup” is added." in text(response)
    stage = autumn.stages.get()
    assert (stage.order, stage.best_nights, stage.min_players, stage.cut) == (
        bounds.MAX_ORDER,
        bounds.MAX_EVENINGS,
        bounds.MAX_PLAYERS,
        bounds.MAX_PLAYERS,
    )


@pytest.mark.parametrize(("field", "value"), [("start", "10000-01-01"), ("end", "0000-12-31"), ("end", HUGE)])
def test_a_stage_day_the_records_cannot_hold_is_a_form_error(client, autumn, field, value):
    response = client.post(reverse("scoring:league_add_stage", args=[autumn.pk]), {**STAGE, field: value})
    assert response.status_code == 200 and "Enter a valid date." in text(response)
    assert not Stage.objects.exists()


@pytest.mark.parametrize(("field", "value", "message"), out_of_bounds(DIVISION_BOUNDS))
def test_a_division_number_out_of_its_bounds_is_a_form_error(client, autumn, eight, field, value, message):
    division = {"order": "1", "name": "A", "promote": "0", "relegate": "0", "members": [eight[0].pk], field: value}
    response = client.post(reverse("scoring:league_add_division", args=[autumn.pk]), division)
    assert response.status_code == 200
    assert message in text(response)
    assert not Division.objects.exists()


@pytest.mark.parametrize(
    ("member", "message"),
    [
        (HUGE, "Choose the members from the list."),
        ("9" * 25, "Choose the members from the list."),
        (str(bounds.MAX_ID), "Select a valid choice."),
        ("-1", "Choose the members from the list."),
    ],
)
def test_a_member_no_player_has_is_a_form_error(client, autumn, member, message):
    division = {"order": "1", "name": "A", "promote": "0", "relegate": "0", "members": [member]}
    response = client.post(reverse("scoring:league_add_division", args=[autumn.pk]), division)
    assert response.status_code == 200 and message in text(response)
    assert HUGE not in response.content.decode()
    assert not Division.objects.exists()


def test_the_services_refuse_a_knob_out_of_its_bounds_naming_it(autumn):
    stage = Stage(season=autumn, order=1, name="Cup", start=date(2026, 9, 1), end=date(2026, 11, 30))
    stage.cut = bounds.MAX_PLAYERS + 1
    most = bounds.MAX_PLAYERS
    with pytest.raises(ServiceError, match=f"“top N go on”: Ensure this value is less than or equal to {most}"):
        services.add_stage(stage=stage)
    stage.cut, stage.cut_percent = 4, 50
    with pytest.raises(ServiceError, match="A cut is the top N or a share, not both."):
        services.add_stage(stage=stage)
    division = Division(season=autumn, order=1, name="A", promote=bounds.MAX_PLAYERS + 1)
    with pytest.raises(ServiceError, match="“promoted at the season's end”: Ensure"):
        services.add_division(division=division, members=[])
    assert not Stage.objects.exists() and not Division.objects.exists()


def test_ending_the_season_refuses_to_move_a_stage_past_the_records_last_day(client, autumn):
    """The stage form takes a stage ending on 31 December 9999; a next season a year later would
    move it past the last day a date can be."""
    late = Season.objects.create(name="Last", start=date(9999, 1, 1), end=date(9999, 12, 31))
    Stage.objects.create(season=late, order=1, name="Finale", start=date(9999, 1, 1), end=date(9999, 12, 31))
    services.close_stage(stage=late.stages.get())
    url = reverse("scoring:league_next_season", args=[late.pk])
    response = client.post(url, {"name": "After", "start": "9999-12-31", "end": "9999-12-31"})
    assert response.status_code == 200
    assert (
        "Moved as far as the new season is from this one, the stage “Finale” would leave the days the records hold "
        "(Jan. 1, 0001 to Dec. 31, 9999)." in text(response)
    )
    assert not Season.objects.filter(name="After").exists()
    for day in ("10000-01-01", HUGE):
        response = client.post(url, {"name": "After", "start": day, "end": "9999-12-31"})
        assert response.status_code == 200 and "Enter a valid date." in text(response)


@pytest.mark.parametrize("number", [HUGE, "9" * 25, str(bounds.MAX_ID + 1)])
def test_a_number_no_record_has_in_a_league_url_is_a_404(client, autumn, number):
    stage = Stage.objects.create(season=autumn, order=1, name="Cup", start=autumn.start, end=autumn.end)
    for url in (
        f"/leagues/{number}/",
        f"/leagues/{number}/setup/",
        f"/leagues/{autumn.pk}/stages/{number}.csv",
        f"/leagues/{number}/stages/{stage.pk}.csv",
    ):
        assert client.get(url).status_code == 404, url
    for url in (f"/leagues/{autumn.pk}/stages/{number}/close/", f"/leagues/{autumn.pk}/stages/{number}/reopen/"):
        assert client.post(url).status_code == 404, url
