"""Spanish on a 360×740 phone: the admin's own "Add event" is Django's ("Añadir evento"), not
the event page's walk-in button (that one has a context of its own); the rules page names the
Mahjong Soul and Tenhou three-player rules in Spanish."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_admin_breadcrumb_is_djangos_own(page, sign_in):
    User.objects.create_superuser("stu", password="pw-stu-123")
    page.set_viewport_size({"width": 360, "height": 740})
    page.set_extra_http_headers({"Accept-Language": "es"})
    sign_in(page, "stu", "/admin/scoring/event/add/")
    expect(page.locator(".breadcrumbs")).to_contain_text("Añadir evento")
    expect(page.locator(".breadcrumbs")).not_to_contain_text("Añadir a")


def test_the_rules_page_names_the_online_rules_in_spanish(page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.set_extra_http_headers({"Accept-Language": "es"})
    page.goto(f"{live_server.url}/rules/")
    main = page.locator("main")
    expect(main).to_contain_text("Reglas de Mahjong Soul")
    expect(main).to_contain_text("Reglas de Tenhou a tres jugadores")
    expect(main).not_to_contain_text("Mahjong Soul rules")
    expect(main).not_to_contain_text("Tenhou three-player rules")
