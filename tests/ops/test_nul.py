"""A NUL in the admin's query string is a 400, on SQLite and PostgreSQL alike (it was a 500 on
PostgreSQL: Django admin's search puts it into the SQL as it is)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/admin/scoring/game/?q=%00",
        "/admin/scoring/player/?q=a%00b",
        "/admin/auth/user/?q=%00",
        "/admin/scoring/game/?status=%00",
    ],
)
def test_a_nul_in_the_admins_query_is_a_bad_request(admin_client, url):
    assert admin_client.get(url).status_code == 400


def test_the_admin_still_searches(admin_client):
    assert admin_client.get("/admin/scoring/player/?q=Ann").status_code == 200


def test_a_nul_in_the_admins_query_is_one_log_line_without_a_traceback(admin_client, caplog):
    """It was a WARNING with a traceback per request: a log anyone can fill."""
    with caplog.at_level("INFO", logger="django"):
        assert admin_client.get("/admin/scoring/game/?q=%00").status_code == 400
    records = [r for r in caplog.records if r.name.startswith("django")]
    assert [(r.levelname, r.getMessage()) for r in records] == [("WARNING", "Bad Request: /admin/scoring/game/")]
    assert all(r.exc_info is None for r in records)
