"""The start form on a 360×740 phone, as a club night uses it: Go (Enter) on the phone's
keyboard in the last seat starts the game — before and after a change of family — and a
family turned to preselects its last-used or only ruleset (the table's rule: the scorer's
fewest taps to a game)."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Game, Player, Ruleset
from scoring.records import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone(page, sign_in):
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "ann", "/games/new/")


def test_go_in_the_last_seat_starts_the_game(page, club, sign_in):
    phone(page, sign_in)
    seats = page.locator("#players input[type=text]")
    for seat, name in enumerate(("Ann", "Bo", "Cho", "Dee")):
        seats.nth(seat).fill(name)
    seats.last.press("Enter")
    expect(page).to_have_url(re.compile(r"/games/\d+/table/"))
    game = Game.objects.get()
    assert [seat.player.name for seat in game.seats.order_by("seat")] == ["Ann", "Bo", "Cho", "Dee"]


def test_go_after_a_change_of_family_starts_the_game(page, club, sign_in):
    """MCR, the only ruleset of its family, is preselected after the change, and Go starts it."""
    phone(page, sign_in)
    page.locator("#family-group label", has_text="MCR").click()
    rules = page.locator("#rules-choice")
    expect(rules.locator("summary")).to_contain_text("MCR")
    seats = page.locator("#players input[type=text]")
    expect(seats).to_have_count(4)
    for seat, name in enumerate(("Ann", "Bo", "Cho", "Dee")):
        seats.nth(seat).fill(name)
    seats.last.press("Enter")
    expect(page).to_have_url(re.compile(r"/games/\d+/table/"))
    assert Game.objects.get().ruleset.family == "mcr"


def test_sanma_preselects_the_last_used_ruleset(page, club, sign_in):
    """Ann's last game is riichi; her sanma game before it was Tenhou's: turning to sanma
    preselects it, and three names and Go start the game."""
    players = list(Player.objects.order_by("pk"))
    services.start_game(ruleset=Ruleset.objects.preset("tenhou-sanma"), players=players[:3])
    services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)
    phone(page, sign_in)
    page.locator("#family-group label", has_text="Sanma").click()
    expect(page.locator("#rules-choice summary")).to_contain_text(Ruleset.objects.preset("tenhou-sanma").name)
    seats = page.locator("#players input[type=text]")
    expect(seats).to_have_count(3)
    for seat, name in enumerate(("Ann", "Bo", "Cho")):
        seats.nth(seat).fill(name)
    seats.last.press("Enter")
    expect(page).to_have_url(re.compile(r"/games/\d+/table/"))
    assert Game.objects.order_by("-pk").first().ruleset.slug == "tenhou-sanma"
