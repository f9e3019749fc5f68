"""Two staff writing one league at once, on PostgreSQL with threads released together, ten rounds
each: through the services and through the site's forms (one logged-in client per staff). Every
write of a season's stages and divisions locks the season, so the rules hold whoever is first: a
player plays in one division of a season; a stage is closed only after the one before it and
reopened only before the one after it; two seasons never share a name. The one who comes second
gets the form's own message, never a 500."""

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.leagues import services
from scoring.models import Division, Season, Stage, StageEntry
from scoring.records.services import ServiceError
from tests.threads import at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's locks (DATABASE_URL)"),
]
ROUNDS = range(10)


def staff_clients() -> list[Client]:
    """Two staff, each logged in on a client of their own."""
    clients = []
    for name in ("stu", "sam"):
        client = Client(raise_request_exception=False)  # a 500 is an answer, as over HTTP
        client.force_login(User.objects.create_user(name, is_staff=True))
        clients.append(client)
    return clients


def post(client: Client, url: str, data=None):
    return lambda: client.post(url, data or {}, follow=True)


def no_server_error(outcomes) -> None:
    assert all(outcome.status_code < 500 for outcome in outcomes), outcomes


def stage_order_kept(regular: Stage, final: Stage) -> None:
    """The final is closed only with the regular stage closed, and has entries only then."""
    regular.refresh_from_db()
    final.refresh_from_db()
    assert regular.closed or not final.closed, "the final is closed and the stage before it open"
    assert regular.closed == StageEntry.objects.filter(stage=final).exists()


def division_of(season: Season, name: str) -> list[str]:
    return list(Division.objects.filter(season=season, members__name=name).values_list("name", flat=True))


@pytest.fixture
def autumn(eight):
    return Season.objects.create(name="Autumn", start=date(2026, 9, 1), end=date(2026, 11, 30))


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_putting_one_player_in_two_divisions_at_once(round_, autumn, eight):
    def add(order, name, members):
        return lambda: services.add_division(division=Division(season=autumn, order=order, name=name), members=members)

    outcomes = at_once(add(1, "A", eight[:4]), add(2, "B", eight[3:]))
    assert division_of(autumn, "Dee") in (["A"], ["B"])
    refused = [outcome for outcome in outcomes if isinstance(outcome, ServiceError)]
    assert len(refused) == 1, outcomes
    assert refused[0].message == "Already in a division of this season: Dee."


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_putting_one_player_in_two_divisions_on_the_setup_page_at_once(round_, autumn, eight):
    url = reverse("scoring:league_add_division", args=[autumn.pk])
    forms = [
        {"order": order, "name": name, "promote": "0", "relegate": "0", "members": [p.pk for p in members]}
        for order, name, members in ((1, "A", eight[:4]), (2, "B", eight[3:]))
    ]
    outcomes = at_once(*(post(client, url, form) for client, form in zip(staff_clients(), forms, strict=True)))
    no_server_error(outcomes)
    assert division_of(autumn, "Dee") in (["A"], ["B"])
    assert sum("Already in a division of this season: Dee." in o.content.decode() for o in outcomes) == 1


@pytest.mark.parametrize("round_", ROUNDS)
def test_reopening_a_stage_while_the_next_is_closed_at_once(round_, staged):
    _season, regular, final = staged
    services.close_stage(stage=regular)
    outcomes = at_once(lambda: services.reopen_stage(stage=regular), lambda: services.close_stage(stage=final))
    stage_order_kept(regular, final)
    refused = [str(outcome) for outcome in outcomes if isinstance(outcome, ServiceError)]
    assert refused in (["Reopen the stage after it first: “Final”."], ["Close the stage before it first: “Regular”."])


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_reopening_a_stage_and_closing_the_next_on_the_league_page_at_once(round_, staged):
    season, regular, final = staged
    services.close_stage(stage=regular)
    reopen = reverse("scoring:league_reopen_stage", args=[season.pk, regular.pk])
    close = reverse("scoring:league_close_stage", args=[season.pk, final.pk])
    first, second = staff_clients()
    outcomes = at_once(post(first, reopen), post(second, close))
    no_server_error(outcomes)
    stage_order_kept(regular, final)


@pytest.fixture
def ended(divided):
    """The divisions' season with its one stage closed: staff may end it."""
    season, _top, _bottom = divided
    services.close_stage(stage=season.stages.get())
    return season


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_ending_a_season_with_one_new_name_at_once(round_, ended):
    def end(name):
        return lambda: services.start_next_season(
            season=ended, name=name, start=date(2027, 3, 1), end=date(2027, 3, 31)
        )

    outcomes = at_once(end("Divisions 2027"), end("divisions 2027"))
    assert Season.objects.filter(name__iexact="divisions 2027").count() == 1
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Season", "ServiceError"], outcomes
    refused = next(outcome for outcome in outcomes if isinstance(outcome, ServiceError))
    assert "already exists" in str(refused)


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_ending_a_season_with_one_new_name_on_its_page_at_once(round_, ended):
    url = reverse("scoring:league_next_season", args=[ended.pk])
    form = {"name": "Divisions 2027", "start": "2027-03-01", "end": "2027-03-31"}
    outcomes = at_once(*(post(client, url, form) for client in staff_clients()))
    no_server_error(outcomes)
    assert Season.objects.filter(name__iexact="divisions 2027").count() == 1
    assert sum("A season named “Divisions 2027” already exists." in o.content.decode() for o in outcomes) == 1


@pytest.mark.parametrize("round_", ROUNDS)
def test_two_staff_adding_stages_of_one_order_on_the_setup_page_at_once(round_, autumn):
    url = reverse("scoring:league_add_stage", args=[autumn.pk])
    form = {"order": "1", "start": "2026-09-01", "end": "2026-11-30", "family": "riichi", "kind": "",
            "min_nights": "0", "min_percent": "0", "min_players": "0", "carry": "full"}  # fmt: skip
    first, second = staff_clients()
    outcomes = at_once(post(first, url, {**form, "name": "Cup"}), post(second, url, {**form, "name": "Trophy"}))
    no_server_error(outcomes)
    assert autumn.stages.count() == 1
    assert sum("Two stages of a season cannot have the same order." in o.content.decode() for o in outcomes) == 1
