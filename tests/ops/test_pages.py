"""The production pieces members see: the CSP header and templates without
inline code, the styled 404, the password-reset gate."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
INLINE = [
    (re.compile(r"\sstyle\s*="), "a style attribute"),
    # the DOM's event handler attributes (onclick, onkeydown …), not a Python name such as ``online =``
    (
        re.compile(
            r"\son(?:click|dblclick|load|unload|submit|reset|change|input|invalid|error|abort|focus\w*|blur|"
            r"key\w+|mouse\w+|pointer\w+|touch\w+|drag\w*|drop|scroll\w*|resize|select\w*|toggle|beforeunload|"
            r"pagehide|pageshow|animation\w+|transition\w+)\s*=",
            re.I,
        ),
        "an inline event handler",
    ),
    (re.compile(r"\shx-on"), "an hx-on attribute (htmx runs without eval)"),
    (re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.I), "an inline script"),
    (re.compile(r"<style", re.I), "an inline style block"),
]


def sources():
    yield from (ROOT / "templates").rglob("*.html")
    yield from (ROOT / "scoring").rglob("*.py")  # SVG and HTML built in Python (the charts)
    yield from (ROOT / "static" / "js").rglob("*.js")


@pytest.mark.parametrize(("pattern", "what"), INLINE, ids=[what for _pattern, what in INLINE])
def test_no_template_or_chart_carries_inline_code(pattern, what):
    """The Content-Security-Policy allows no inline script or style without a nonce."""
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
        for path in sources()
        for text in [path.read_text()]
        for match in pattern.finditer(text)
        if "locale" not in path.parts and "migrations" not in path.parts and "tests" not in path.parts
    ]
    assert found == [], f"{what} in {found}"


def test_every_page_carries_the_csp_with_a_fresh_nonce(client, db):
    first, second = client.get(reverse("scoring:rules")), client.get(reverse("scoring:rules"))
    policy = first["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "object-src 'none'" in policy and "frame-ancestors 'none'" in policy
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    assert nonce not in second["Content-Security-Policy"]
    html = first.content.decode()
    assert f'nonce="{nonce}"' in html  # htmx's script tag
    assert '"allowEval": false' in html and '"includeIndicatorStyles": false' in html
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy


def test_a_missing_page_is_the_styled_404(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html and 'class="site-header"' in html and "Traceback" not in html


def test_without_mail_the_reset_page_says_ask_an_admin(client, db, settings):
    settings.PASSWORD_RESET_BY_MAIL = False
    response = client.get(reverse("password_reset"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ask a club admin" in html and "<form" not in html.split('<main id="main">')[1].split("</main>")[0]
    client.post(reverse("password_reset"), {"email": "dee@club.example"})
    assert mail.outbox == []
    assert 'href="/accounts/password_reset/"' in client.get(reverse("login")).content.decode()


def test_with_mail_the_reset_link_is_mailed(client, db, settings):
    settings.PASSWORD_RESET_BY_MAIL = True
    get_user_model().objects.create_user("dee", email="dee@club.example", password="x-long-password-1")
    response = client.post(reverse("password_reset"), {"email": "dee@club.example"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and "/accounts/reset/" in mail.outbox[0].body
