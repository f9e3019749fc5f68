"""Sitting out on a 360×740 phone: 11 players and no three-player ruleset — the staff page says why
three sit out and that a three-player ruleset would seat everyone; the sitting-out member's phone
says they sit out and why. With a three-player ruleset, a member's own line says their table
plays it, and the draw's note is plain words."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.events import services
from scoring.models import Event
from tests.events.conftest import club as club  # a fixture: the club's players
from tests.events.conftest import make_event
from tests.test_seat_count import three as three  # a fixture: American for three

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 360, "height": 740}


def member_of(player):
    player.user = User.objects.create_user(player.name.split()[0].lower(), password="pw-123-member")
    player.save()
    return player.user.username


def test_eleven_and_no_three_player_ruleset_say_who_sits_out_and_why(page, club, sign_in, screenshot):
    User.objects.create_user("stu", password="pw-stu-123", is_staff=True)
    event = make_event(club[:11])
    round_ = services.draw_round(event=event)
    out = [p for p in club[:11] if p.pk in round_.sitting_out]
    assert len(out) == 3
    page.set_viewport_size(PHONE)
    sign_in(page, "stu", f"/events/{event.pk}/")
    why = page.locator(".sit-out-why")
    expect(why).to_contain_text("3 players sit out: every table seats four")
    expect(why).to_contain_text("tables of three would seat everyone")
    page.context.clear_cookies()
    sign_in(page, member_of(out[0]), f"/events/{event.pk}/")
    note = page.locator("#my-sit-out")
    expect(note).to_contain_text(f"You sit out round {round_.number}")
    expect(note).to_contain_text("a three-player ruleset for the event would seat everyone")
    box = note.bounding_box()
    assert box["y"] < PHONE["height"], box  # on the member's first screen
    screenshot(page, "event-sit-out-member-360")


def test_a_member_at_a_table_of_three_reads_what_it_plays(page, club, three, sign_in):
    event = make_event(club, three_player_ruleset=three)  # 13: one table of four, three of three
    round_ = services.draw_round(event=event)
    table = next(t for t in round_.tables.all() if len(t.players) == 3)
    player = next(p for p in club if p.pk == table.players[0])
    page.set_viewport_size(PHONE)
    sign_in(page, member_of(player), f"/events/{event.pk}/")
    expect(page.locator("#live .alert")).to_contain_text(f"A table of three: it plays {three.name}.")
    assert Event.objects.get(pk=event.pk).three_player_ruleset_id == three.pk
