"""/healthz and /readyz: for the TLS proxy and the process supervisor."""

from unittest import mock

from django.db import OperationalError


def test_healthz_answers_without_the_database(client):
    response = client.get("/healthz")  # no db fixture: a query would fail the test
    assert response.status_code == 200 and response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]


def test_readyz_asks_the_database(client, db, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get("/readyz")
    assert response.status_code == 200


def test_readyz_is_503_when_the_database_does_not_answer(client, db):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=OperationalError("down")):
        response = client.get("/readyz")
    assert response.status_code == 503


def test_the_health_endpoints_are_exempt_from_the_https_redirect(client, db, settings):
    """Production settings (HTTPS on): pages redirect to https, the probes answer on http."""
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_REDIRECT_EXEMPT = ["^healthz$", "^readyz$"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code == 200
    redirect = client.get("/rules/")
    assert redirect.status_code == 301 and redirect["Location"].startswith("https://")
    assert client.get("/rules/", headers={"X-Forwarded-Proto": "https"}).status_code == 200


def test_the_favicon_is_where_browsers_look(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("/icons/icon.svg")
