"""A staff form's write once per submission key (``services.once``), and a form's whole number
within a bound (``bounds.whole``): the same form sent twice adds one row; a number of thousands
of digits is no number."""

import pytest
from django.db import connection

from scoring.models import Player, StaffSubmission
from scoring.records import services
from scoring.rules import bounds
from tests.threads import at_once


@pytest.mark.parametrize(
    ("text", "most", "number"),
    [
        ("12", bounds.MAX_ID, 12),
        (" 7 ", 10, 7),
        ("11", 10, None),
        ("-1", 10, None),
        ("1.5", 10, None),
        ("", 10, None),
        ("9" * 5000, bounds.MAX_ID, None),
        (str(bounds.MAX_ID), bounds.MAX_ID, bounds.MAX_ID),
        (str(bounds.MAX_ID + 1), bounds.MAX_ID, None),
    ],
)
def test_a_forms_whole_number_within_its_bound(text, most, number):
    assert bounds.whole(text, most) == number


@pytest.mark.django_db
def test_the_same_submission_twice_writes_once():
    first = services.once(key="k1", kind="player", write=lambda: Player.objects.create(name="Ann"))
    with pytest.raises(services.AlreadySubmitted) as refused:
        services.once(key="k1", kind="player", write=lambda: Player.objects.create(name="Bob"))
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]
    assert refused.value.submission.row == first.pk
    assert "already sent" in str(refused.value)


@pytest.mark.django_db
def test_a_write_that_fails_leaves_its_key_free():
    def fails():
        Player.objects.create(name="Ann")
        raise services.ServiceError("no")

    with pytest.raises(services.ServiceError):
        services.once(key="k2", kind="player", write=fails)
    assert not StaffSubmission.objects.exists() and not Player.objects.exists()
    services.once(key="k2", kind="player", write=lambda: Player.objects.create(name="Ann"))
    assert Player.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["x" * (bounds.SUBMISSION_KEY_LENGTH + 1), "a\x00b"])
def test_a_key_no_form_sends_is_refused(key):
    with pytest.raises(services.ServiceError, match="damaged"):
        services.once(key=key, kind="player", write=lambda: Player.objects.create(name="Ann"))
    assert not Player.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's locks (DATABASE_URL)")
@pytest.mark.parametrize("round_", range(5))
def test_the_same_submission_twice_at_once_writes_once(round_):
    def write():
        return services.once(key="tap", kind="player", write=lambda: Player.objects.create(name="Ann"))

    outcomes = at_once(write, write)
    assert Player.objects.count() == 1
    assert sorted(type(o).__name__ for o in outcomes) == ["AlreadySubmitted", "Player"], outcomes
