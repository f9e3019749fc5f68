"""A form refused for its CSRF token gets the club's 403 page, without inline style (CSP)."""

from django.test import Client
from django.urls import reverse


def test_a_form_without_its_token_gets_the_clubs_page(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "ann", "password": "x"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "Nothing was recorded" in html and "club.css" in html
    assert "<style" not in html and "style=" not in html
