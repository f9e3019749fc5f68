"""A request builds the hand form once and validates it once: the preview beside a refused
save, an added row or the live preview reads that one validation."""

import pytest
from django.urls import reverse

from scoring.models import Hand
from scoring.table.forms.base import HandForm

HX = {"HX-Request": "true"}
RON = {
    "outcome": "ron",
    "submission_key": "k",
    "expected_number": 1,
    "win0-winner": 1,
    "discarder": 2,
    "win0-han": 3,
    "win0-fu": 30,
}


@pytest.fixture
def counted(monkeypatch):
    """How many hand forms the request built, and how often it validated them."""
    counts = {"built": 0, "validated": 0}
    build, clean = HandForm.__init__, HandForm.full_clean

    def counting_build(self, *args, **kwargs):
        counts["built"] += 1
        build(self, *args, **kwargs)

    def counting_clean(self):
        counts["validated"] += 1
        clean(self)

    monkeypatch.setattr(HandForm, "__init__", counting_build)
    monkeypatch.setattr(HandForm, "full_clean", counting_clean)
    return counts


@pytest.mark.parametrize(
    "view, data, shows",
    [
        ("record_hand", {**RON, "discarder": 1, "action": "save"}, "cannot have dealt in"),  # refused
        (
            "record_hand",
            {**RON, "win0-han": 1, "win0-fu": 25, "action": "save"},
            "han and fu)",
        ),  # refused by the engine
        ("record_hand", {**RON, "action": "add_referee"}, "Still to tap"),  # another row
        ("record_hand", {**RON, "outcome": "draw", "riichi": [1], "action": "save"}, "Record as chombo by Bo"),
        ("preview", RON, "Cho pays Bo 3,900"),
        ("record_hand", {**RON, "action": "save"}, "Hand 1 recorded."),
    ],
)
def test_one_build_and_one_validation_per_request(client_ann, game, counted, view, data, shows):
    html = client_ann.post(reverse(f"scoring:{view}", args=[game.pk]), data, headers=HX).content.decode()
    assert shows in html
    assert counted == {"built": 1, "validated": 1}
    assert Hand.objects.count() == (1 if shows == "Hand 1 recorded." else 0)


def test_a_forged_chombo_action_on_an_american_form_records_nothing(client_ann, american):
    data = {"outcome": "wall", "submission_key": "k", "expected_number": 1, "action": "chombo:1"}
    response = client_ann.post(reverse("scoring:record_hand", args=[american.pk]), data, headers=HX)
    assert response.status_code == 200 and "hand-form" in response.content.decode()
    assert not Hand.objects.exists()
