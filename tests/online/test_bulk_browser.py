"""The staff import page on a phone: a zip checked without storing, every file reported."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Game
from tests.online.test_bulk import short_game, zipped
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
    outcomes = page.locator("#import-summary li")
    expect(outcomes).to_have_count(3)
    expect(outcomes.nth(0)).to_contain_text("would be stored, 13 hands. Names to map: Kaze, Yama, Umi, Sora")
    expect(outcomes.nth(2)).to_contain_text("refused, nothing stored: not an online game log (.json, .xml, .mjlog)")
    screenshot(page, "online-import-check-360", full_page=True)
    assert Game.objects.count() == 0
