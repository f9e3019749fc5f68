"""An event's days, city, country and MERS weight: a round belongs to the day it is drawn on
(one of the event's days), the event page and the room view show it; the admin refuses a last
day before the first, a country that is not two capital letters, and a first stage with a cut."""

import datetime

import pytest
from django.urls import reverse

from scoring.events import services
from scoring.models import Event, Ruleset
from scoring.records.services import ServiceError
from tests.builders import make_event

SATURDAY, SUNDAY = datetime.date(2026, 12, 5), datetime.date(2026, 12, 6)


@pytest.fixture
def weekend(club):
    """A tournament of Friday to Sunday in Leiden with 8 players checked in."""
    return make_event(club[:8], name="Leiden Open", kind="tournament", rounds=4, last_day=SUNDAY, city="Leiden")


def drawn_on(monkeypatch, day: datetime.date, event: Event):
    monkeypatch.setattr("django.utils.timezone.localdate", lambda: day)
    return services.start_round(round_=services.draw_round(event=event))


def test_an_event_has_its_days_first_to_last(weekend):
    assert weekend.days == [datetime.date(2026, 12, 4), SATURDAY, SUNDAY]


def test_a_round_belongs_to_the_day_it_is_drawn_on_and_its_games_are_of_that_day(monkeypatch, weekend):
    round_ = drawn_on(monkeypatch, SATURDAY, weekend)
    assert round_.day == SATURDAY
    assert {table.game.date for table in round_.tables.all()} == {SATURDAY}


def test_a_round_drawn_outside_the_events_days_belongs_to_its_first_day(monkeypatch, weekend):
    assert drawn_on(monkeypatch, datetime.date(2027, 1, 9), weekend).day == weekend.date


@pytest.mark.parametrize(
    ("last_day", "message"),
    [
        (datetime.date(2026, 12, 4), "The last day comes after the first"),
        (datetime.date(2026, 12, 3), "The last day comes after the first"),
        (datetime.date(2027, 1, 4), "An event has at most 31 days."),
    ],
)
def test_a_last_day_not_after_the_first_or_too_far_is_refused(club, last_day, message):
    with pytest.raises(ServiceError, match=message):
        make_event(club[:4], last_day=last_day)


def test_the_event_page_and_the_room_view_show_the_days_and_the_rounds_day(client, monkeypatch, weekend):
    drawn_on(monkeypatch, SUNDAY, weekend)
    page = client.get(reverse("scoring:event", args=[weekend.pk])).content.decode()
    assert "Dec. 4, 2026 to Dec. 6, 2026 · Leiden" in page
    assert "Round 1 · Sunday, December 6" in page  # the weekday and the locale's MONTH_DAY_FORMAT
    room = client.get(reverse("scoring:event_room", args=[weekend.pk])).content.decode()
    assert "Round 1 · Sunday, December 6" in room
    for language, day in (("fr", "Tour 1 · dimanche 6 décembre"), ("de", "Runde 1 · Sonntag, 6. Dezember")):
        assert (
            day
            in client.get(
                reverse("scoring:event", args=[weekend.pk]), headers={"Accept-Language": language}
            ).content.decode()
        )


def test_a_one_day_events_round_shows_no_day(client, monkeypatch, club):
    event = make_event(club[:4])
    drawn_on(monkeypatch, event.date, event)
    page = client.get(reverse("scoring:event", args=[event.pk])).content.decode()
    assert 'id="round-title">Round 1\n' in page and "Dec. 4, 2026 ·" in page


def admin_form(**changes) -> dict:
    ruleset = Ruleset.objects.preset("ema-2016")
    form = {
        "name": "Open",
        "date": "2026-12-04",
        "kind": "tournament",
        "ruleset": ruleset.pk,
        "round_minutes": 90,
        "seed": 1,
        "entries-TOTAL_FORMS": 0,
        "entries-INITIAL_FORMS": 0,
        "stages-TOTAL_FORMS": 0,
        "stages-INITIAL_FORMS": 0,
    }
    return form | changes


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"last_day": "2026-12-03"}, "last_day", "The last day comes after the first"),
        ({"country": "nl"}, "country", "Two capital letters"),
        ({"country": "NLD"}, "country", "at most 2 characters"),
        ({"mers_weight": "0"}, "mers_weight", "greater than or equal to 0.1"),
        ({"mers_weight": "7.5"}, "mers_weight", "less than or equal to 5"),
    ],
)
def test_the_admin_refuses_bad_days_country_and_mers_weight(admin_client, changes, field, message):
    response = admin_client.post(reverse("admin:scoring_event_add"), admin_form(**changes))
    assert response.status_code == 200
    assert message in " ".join(response.context["adminform"].form.errors[field])
    assert not Event.objects.exists()


def test_the_admin_stores_a_weekend_in_a_city_and_country_with_its_mers_weight(admin_client):
    form = admin_form(last_day="2026-12-06", city="Leiden", country="NL", mers_weight="1.5")
    assert admin_client.post(reverse("admin:scoring_event_add"), form).status_code == 302
    event = Event.objects.get()
    assert (event.last_day, event.city, event.country, str(event.mers_weight)) == (SUNDAY, "Leiden", "NL", "1.5")


def test_the_admin_refuses_a_first_stage_with_a_cut(admin_client):
    stage = {"number": 1, "name": "Qualifying", "entry": "cut", "count": 4, "carry": "full", "seating": "draw"}
    form = admin_form(**{"stages-TOTAL_FORMS": 1} | {f"stages-0-{key}": value for key, value in stage.items()})
    response = admin_client.post(reverse("admin:scoring_event_add"), form | {"stages-0-rounds": 3})
    assert response.status_code == 200 and not Event.objects.exists()
    assert "The first stage is played by everyone" in response.content.decode()
