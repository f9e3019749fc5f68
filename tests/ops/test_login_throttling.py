"""Login throttling with django-axes: a few wrong passwords for one username
from one address lock that pair out; a locked-out attempt hashes no password, even the right
one fails, and staff unlock it in admin."""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.urls import reverse

PASSWORD = "a-long-club-password-77"


@pytest.fixture
def member(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast, and counted below
    return get_user_model().objects.create_user("dee", password=PASSWORD)


def log_in(client, password, username="dee", address="10.0.0.7"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.fixture
def hashes(monkeypatch) -> list:
    """Every password hashing (checking a password or making one), counted."""
    calls = []

    def counted(original):
        def method(self, *args, **kwargs):
            calls.append(original.__name__)
            return original(self, *args, **kwargs)

        return method

    for name in ("encode", "verify"):
        monkeypatch.setattr(MD5PasswordHasher, name, counted(getattr(MD5PasswordHasher, name)))
    return calls


def lock_out(client, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, "wrong").status_code == 200  # the login form again, with its error
    assert log_in(client, "wrong").status_code == 429  # the last failure allowed locks out


def test_wrong_passwords_lock_the_username_and_address_out(client, member, settings, hashes):
    lock_out(client, settings)
    assert hashes  # the attempts before the lockout were checked
    hashes.clear()
    response = log_in(client, "wrong again")
    assert response.status_code == 429
    assert "Too many wrong passwords" in response.content.decode()
    assert hashes == []  # refused before any backend hashed the password


def test_the_right_password_fails_while_locked_out(client, member, settings, hashes):
    lock_out(client, settings)
    hashes.clear()
    response = log_in(client, PASSWORD)
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    assert hashes == []


def test_the_lockout_is_per_username_and_address(client, member, settings):
    lock_out(client, settings)
    assert log_in(client, PASSWORD, address="10.0.0.8").status_code == 302  # the same member elsewhere
    client.logout()
    assert log_in(client, "wrong", username="eve").status_code == 200  # another username from here


def test_a_success_before_the_limit_forgets_the_failures(client, member, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(client, "wrong")
    assert log_in(client, PASSWORD).status_code == 302
    client.logout()
    assert log_in(client, "wrong").status_code == 200


def test_staff_unlock_in_admin(client, member, settings, admin_client):
    lock_out(client, settings)
    assert log_in(client, PASSWORD).status_code == 429
    locked = list(AccessAttempt.objects.filter(username="dee").values_list("pk", flat=True))
    assert locked
    changelist = reverse("admin:axes_accessattempt_changelist")
    assert admin_client.get(changelist).status_code == 200
    response = admin_client.post(changelist, {"action": "delete_selected", "_selected_action": locked, "post": "yes"})
    assert response.status_code == 302 and not AccessAttempt.objects.filter(username="dee").exists()
    assert log_in(client, PASSWORD).status_code == 302


def test_an_overlong_username_is_counted_cut_to_what_a_username_holds(client, db, settings):
    """django-axes keeps the username in a 255-character column: a longer one was a 500 on PostgreSQL."""
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = log_in(client, "wrong", username="x" * 5000)
    assert response.status_code == 429
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["x" * 150]
