"""The admin fixes anything through the services."""

import json
import zipfile
from io import BytesIO

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Game, Hand, HandSeat, Penalty, Player, Ruleset, Seat
from scoring.records.checks import game_mismatches

from .conftest import random_log, record_all

pytestmark = pytest.mark.django_db

MODELS = (
    "player",
    "clubsession",
    "ruleset",
    "game",
    "seat",
    "hand",
    "win",
    "incident",
    "penalty",
    "handseat",
    "auditentry",
)


def hand_post(hand, *, wins, penalties=(), **facts):
    """The POST of the hand admin page: the hand's facts and its inlines."""
    data = {"result": hand.result, "comment": hand.comment, "reason": hand.reason, "offender": "", "_save": "Save"}
    for name in ("riichi", "tenpai", "dead", "nagashi"):
        data[name] = [str(i) for i in getattr(hand, name)]
    data.update(facts)
    existing = list(hand.wins.all())
    data.update(
        {
            "wins-TOTAL_FORMS": str(len(wins)),
            "wins-INITIAL_FORMS": str(len(existing)),
            "wins-MIN_NUM_FORMS": "0",
            "wins-MAX_NUM_FORMS": "1000",
        }
    )
    for index, win in enumerate(wins):
        row = {"winner": "", "discarder": "", "han": "0", "fu": "0", "yakuman": "0", "liable": "", **win}
        if index < len(existing):
            row["id"] = str(existing[index].pk)
        row["hand"] = str(hand.pk)
        data.update({f"wins-{index}-{k}": v for k, v in row.items() if k != "DELETE" or v})
    data.update(new_rows(hand, "penalties", penalties))
    return data


def new_rows(hand, prefix: str, rows) -> dict:
    """The POST of an inline of new rows of the hand admin page (``prefix``: "penalties" …)."""
    data = {
        f"{prefix}-TOTAL_FORMS": str(len(rows)),
        f"{prefix}-INITIAL_FORMS": "0",
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
    for index, row in enumerate(rows):
        data.update({f"{prefix}-{index}-{k}": v for k, v in {**row, "hand": str(hand.pk)}.items()})
    return data


@pytest.fixture
def game(start):
    return record_all(start(), random_log(21, "ema-2016", finished=False))


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_and_search_loads(admin_client, game, model):
    url = reverse(f"admin:scoring_{model}_changelist")
    assert admin_client.get(url).status_code == 200
    assert admin_client.get(url, {"q": "Ann"}).status_code == 200


def test_game_page_shows_standings_and_hands(admin_client, game):
    response = admin_client.get(reverse("admin:scoring_game_change", args=[game.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    assert reverse("admin:scoring_hand_change", args=[Hand.objects.get(game=game, number=3).pk]) in content
    assert "Ann" in content


def test_fixing_hand_3_in_the_admin_re_derives_the_game(admin_client, game, admin_user):
    hand = Hand.objects.get(game=game, number=3)
    dealer = hand.dealer
    url = reverse("admin:scoring_hand_change", args=[hand.pk])
    assert admin_client.get(url).status_code == 200
    existing = hand.wins.count()
    wins = [{"winner": str(dealer), "discarder": str((dealer + 1) % 4), "han": "4", "fu": "40"}]
    wins += [{"winner": "0", "DELETE": "on"} for _ in range(max(existing - 1, 0))]
    data = hand_post(hand, wins=wins, result="win", tenpai=[], dead=[], nagashi=[], comment="fixed in admin")
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    hand.refresh_from_db()
    assert hand.result == "win" and hand.comment == "fixed in admin"
    assert [(w.winner, w.discarder, w.han, w.fu) for w in hand.wins.all()] == [(dealer, (dealer + 1) % 4, 4, 40)]
    assert Hand.objects.get(game=game, number=4).dealer == dealer
    assert game_mismatches(Game.objects.get(pk=game.pk)) == []
    entry = AuditEntry.objects.filter(game=game, action=AuditEntry.EDIT).get()
    assert entry.user == admin_user and entry.hand_number == 3


def test_an_engine_error_shows_on_the_form_and_nothing_is_saved(admin_client, game):
    hand = Hand.objects.get(game=game, number=2)
    stored = list(HandSeat.objects.order_by("pk").values_list("delta", flat=True))
    facts = (hand.result, list(hand.wins.values_list("han", "fu")))
    url = reverse("admin:scoring_hand_change", args=[hand.pk])
    existing = hand.wins.count()
    wins = [{"winner": "1", "discarder": "0", "han": "1", "fu": "35"}]
    wins += [{"winner": "0", "DELETE": "on"} for _ in range(max(existing - 1, 0))]
    response = admin_client.post(url, hand_post(hand, wins=wins, result="win", tenpai=[], dead=[], nagashi=[]))
    assert response.status_code == 200
    assert "hand 2:" in response.content.decode()
    assert "35" in response.content.decode()
    hand.refresh_from_db()
    assert (hand.result, list(hand.wins.values_list("han", "fu"))) == facts
    assert list(HandSeat.objects.order_by("pk").values_list("delta", flat=True)) == stored


def test_deleting_a_hand_in_the_admin_goes_through_the_services(admin_client, game):
    count = game.hand_count
    hand = Hand.objects.get(game=game, number=2)
    response = admin_client.post(reverse("admin:scoring_hand_delete", args=[hand.pk]), {"post": "yes"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hand_count == count - 1
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == list(range(1, count))
    assert game_mismatches(game) == []


def test_derived_rows_are_read_only(admin_client, game):
    seat = Seat.objects.filter(game=game).first()
    response = admin_client.post(reverse("admin:scoring_seat_change", args=[seat.pk]), {"score": "1"})
    assert response.status_code == 403
    assert admin_client.get(reverse("admin:scoring_hand_add")).status_code == 403
    entry = AuditEntry.objects.first()
    assert (
        admin_client.post(reverse("admin:scoring_auditentry_delete", args=[entry.pk]), {"post": "yes"}).status_code
        == 403
    )


def test_game_penalties_and_flags_are_changed_through_the_services(admin_client, game):
    url = reverse("admin:scoring_game_change", args=[game.pk])
    data = {
        "session": "",
        "date": "2026-04-01",
        "tournament": "on",
        "comment": "late",
        "_save": "Save",
        "penalties-TOTAL_FORMS": "1",
        "penalties-INITIAL_FORMS": "0",
        "penalties-MIN_NUM_FORMS": "0",
        "penalties-MAX_NUM_FORMS": "1000",
        "penalties-0-player": "1",
        "penalties-0-points": "3000",
        "penalties-0-reason": "slow play",
    }
    results = dict(Seat.objects.filter(game=game).values_list("seat", "result"))
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.tournament and game.comment == "late"
    assert Penalty.objects.get(game=game, hand=None).reason == "slow play"
    assert Seat.objects.get(game=game, seat=1).result == results[1] - 3000
    assert game_mismatches(game) == []


def test_actions_recompute_and_download_game_logs(admin_client, game, start):
    other = record_all(start("american"), random_log(2, "american", finished=False))
    changelist = reverse("admin:scoring_game_changelist")
    HandSeat.objects.filter(hand__game=game).update(delta=0)
    response = admin_client.post(changelist, {"action": "recompute_games", "_selected_action": [game.pk]})
    assert response.status_code == 302
    assert game_mismatches(Game.objects.get(pk=game.pk)) == []

    one = admin_client.post(changelist, {"action": "download_game_logs", "_selected_action": [game.pk]})
    assert one["Content-Type"] == "application/json"
    assert json.loads(one.content)["players"] == ["Ann", "Bob", "Cho", "Dee"]
    both = admin_client.post(changelist, {"action": "download_game_logs", "_selected_action": [game.pk, other.pk]})
    assert both["Content-Type"] == "application/zip"
    assert len(zipfile.ZipFile(BytesIO(both.content)).namelist()) == 2


def test_start_a_game_in_the_admin(admin_client, players):
    url = reverse("admin:scoring_game_add")
    assert admin_client.get(url).status_code == 200
    ruleset = Ruleset.objects.preset("wrc")
    data = {
        "ruleset": ruleset.pk,
        "east": players[0].pk,
        "south": players[1].pk,
        "west": players[2].pk,
        "north": players[3].pk,
        "tournament": "unknown",
    }
    response = admin_client.post(url, {**data, "north": players[0].pk})
    assert response.status_code == 200 and "four different players" in response.content.decode()
    response = admin_client.post(url, data)
    assert response.status_code == 302
    assert Game.objects.get().ruleset == ruleset


def test_a_copy_of_a_ruleset_validates_its_knobs(admin_client):
    url = reverse("admin:scoring_ruleset_add")
    response = admin_client.post(
        url,
        {
            "slug": "house",
            "name": "House",
            "based_on": "ema-2016",
            "knobs": json.dumps({"uma": [1, 2]}),
            "description": "",
        },
    )
    assert response.status_code == 200 and "uma" in response.content.decode()
    response = admin_client.post(
        url,
        {
            "slug": "house",
            "name": "House",
            "based_on": "ema-2016",
            "knobs": json.dumps({"start_points": 25000}),
            "description": "",
        },
    )
    assert response.status_code == 302
    house = Ruleset.objects.get(slug="house")
    assert house.knobs["start_points"] == 25000 and house.knobs["uma"] == [15000, 5000, -5000, -15000]
    assert house.to_rules().preset == "ema-2016"


def test_the_copy_action_copies_through_the_services(admin_client):
    preset = Ruleset.objects.preset("wrc")
    response = admin_client.post(
        reverse("admin:scoring_ruleset_changelist"), {"action": "copy_rulesets", "_selected_action": [preset.pk]}
    )
    assert response.status_code == 302
    assert Ruleset.objects.get(slug="wrc-copy").based_on == "wrc"


def test_player_names_are_unique_ignoring_case(admin_client, players):
    response = admin_client.post(reverse("admin:scoring_player_add"), {"name": "ann", "active": "on"})
    assert response.status_code == 200 and "already exists" in response.content.decode()
    assert Player.objects.count() == 4


@pytest.mark.parametrize("field", ["comment", "penalty reason"])
def test_the_admin_refuses_a_control_character_the_game_log_cannot_hold(admin_client, game, field):
    """Else the game would export a log its own import refuses (scoring/rules/bounds.py)."""
    hand = Hand.objects.get(game=game, number=3)
    wins = [{"winner": str(hand.dealer), "discarder": str((hand.dealer + 1) % 4), "han": "4", "fu": "40"}]
    wins += [{"winner": "0", "DELETE": "on"} for _ in range(max(hand.wins.count() - 1, 0))]
    penalties = [{"player": "1", "points": "1000", "to": "", "reason": "slow\x1bplay"}] if field != "comment" else []
    data = hand_post(
        hand,
        wins=wins,
        penalties=penalties,
        result="win",
        tenpai=[],
        dead=[],
        nagashi=[],
        comment="esc\x1bape" if field == "comment" else "",
    )
    response = admin_client.post(reverse("admin:scoring_hand_change", args=[hand.pk]), data)
    assert response.status_code == 200 and "Remove the control character" in response.content.decode()
    assert not Hand.objects.get(pk=hand.pk).comment
