"""The staff import page on a phone: a zip checked without storing, every file reported."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Game
from tests.online.test_bulk import short_game, zipped
from tests.online.test_corpus import CORPUS
from tests.online.test_readers import HANCHAN, fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_zip_checked_on_a_phone_reports_each_file(page, sign_in, screenshot, tmp_path):
    User.objects.create_user("staff", password="pw-staff-123", is_staff=True)
    archive = tmp_path / "season.zip"
    archive.write_bytes(zipped([(HANCHAN, fixture(HANCHAN)), ("short.json", short_game(1)), ("notes.txt", b"hi")]))
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "staff", "/games/import/")
    page.get_by_label("Online game logs").set_input_files(str(archive))
    page.get_by_label("Ruleset").select_option("reach")
    page.get_by_label("Check only: store nothing, and list the names still to map").check()
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".import-totals")).to_contain_text("3 files")
    outcomes = page.locator("#import-summary .import-outcomes > li")
    expect(outcomes).to_have_count(3)
    expect(outcomes.nth(0)).to_contain_text("would be stored, 13 hands. Names to map: Kaze, Yama, Umi, Sora")
    expect(outcomes.nth(2)).to_contain_text("refused, nothing stored: not an online game log (.json, .xml, .mjlog)")
    screenshot(page, "online-import-check-360", full_page=True)
    assert Game.objects.count() == 0


@pytest.mark.skipif(not (CORPUS / "more").is_dir(), reason=f"the online corpus's more/ is not in {CORPUS}")
def test_a_rooms_rules_are_made_on_a_phone_in_one_step(page, sign_in, screenshot):
    """A game of July 2009's half-uma rooms: refused with its room's values, the club copy made
    from the summary, the game then stored under it."""
    User.objects.create_user("staff", password="pw-staff-123", is_staff=True)
    log = str(CORPUS / "more" / "dnovikoff-tenhou" / "bye.xml")
    page.set_viewport_size({"width": 360, "height": 740})
    sign_in(page, "staff", "/games/import/")
    page.get_by_label("Online game logs").set_input_files(log)
    page.get_by_label("Create a club player for an online name nobody has").check()
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".import-totals")).to_contain_text("refused: 1")
    expect(page.locator(".room-rules")).to_contain_text("uma +10,000/+5,000/-5,000/-10,000, East-only")
    screenshot(page, "online-import-room-rules-360", full_page=True)
    page.get_by_label("Name of the club copy").fill("July 2009 East-only")
    page.get_by_role("button", name="Create the club copy (this room's rules)").click()
    expect(page.locator(".messages")).to_contain_text("The ruleset July 2009 East-only holds this room's rules")
    page.get_by_label("Online game logs").set_input_files(log)
    page.get_by_label("Create a club player for an online name nobody has").check()
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".import-outcomes")).to_contain_text("scored under this room's rules: July 2009 East-only")
    screenshot(page, "online-import-room-stored-360", full_page=True)
    assert Game.objects.get().ruleset.slug == "tenhou-thousands-room"
