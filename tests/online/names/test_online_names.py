"""A player's online names: kept on their page by the member (logged in) or staff, through the
services (audited, one player per name and site), and the one mapping the online import reads
(by the site the log names)."""

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, OnlineName, Player
from scoring.online.importer import Options, club_names, import_file
from scoring.records import services
from scoring.records.services import online_names
from tests.online.test_readers import HANCHAN, fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(django_user_model):
    player = Player.objects.create(name="Ann")
    player.user = django_user_model.objects.create_user("ann", password="x")
    player.save(update_fields=["user"])
    return player


def test_the_names_of_a_site_are_set_audited_and_one_players_each(ann):
    bob = Player.objects.create(name="Bob")
    assert services.set_online_names(player=ann, site=OnlineName.TENHOU, names=[" Kaze ", "", "kaze", "カゼ"]) == [
        "Kaze",
        "カゼ",
    ]
    entry = AuditEntry.objects.get(action=AuditEntry.ONLINE_NAMES)
    assert entry.game is None and entry.before == {"player": ann.pk, "site": "tenhou", "names": []}
    assert entry.after["names"] == ["Kaze", "カゼ"]
    services.set_online_names(player=ann, site=OnlineName.TENHOU, names=["Kaze", "カゼ"])  # no change: no audit
    assert AuditEntry.objects.filter(action=AuditEntry.ONLINE_NAMES).count() == 1
    with pytest.raises(services.ServiceError, match="KAZE is already the Tenhou name of Ann"):
        services.set_online_names(player=bob, site=OnlineName.TENHOU, names=["Yama", "KAZE"])
    assert not bob.online_names.exists()  # nothing changed
    services.set_online_names(player=bob, site=OnlineName.MAHJONG_SOUL, names=["Kaze"])  # another site: Bob's
    with pytest.raises(services.ServiceError, match="control character|cannot"):
        services.set_online_names(player=bob, site=OnlineName.TENHOU, names=["bad\x00name"])


def test_the_import_maps_a_name_by_the_site_its_log_names():
    """A Tenhou log's name is a player's Tenhou name, not their Mahjong Soul one; a log that
    names no site takes a name of either site."""
    ann, bob = Player.objects.create(name="Ann"), Player.objects.create(name="Bob")
    services.set_online_names(player=ann, site=OnlineName.MAHJONG_SOUL, names=["Kaze"])
    services.set_online_names(player=bob, site=OnlineName.TENHOU, names=["Yama"])
    assert club_names(["Kaze", "Yama"], Options(), OnlineName.TENHOU) == ([None, "Bob"], ["Kaze"])
    assert club_names(["Kaze", "Yama"], Options(), None) == (["Ann", "Bob"], [])
    outcome = import_file(HANCHAN, fixture(HANCHAN), Options(ruleset="reach"))  # a Tenhou log
    assert outcome.status == "refused" and "'Kaze', 'Umi', 'Sora'" in outcome.message


def test_a_member_keeps_their_own_online_names_on_their_page(client, ann):
    url = reverse("scoring:online_names", args=[ann.pk])
    client.force_login(ann.user)
    assert "Change the online names" in client.get(reverse("scoring:player", args=[ann.pk])).content.decode()
    page = client.post(url, {"tenhou": "Kaze\r\nカゼ", "mahjong_soul": "KazeMS"}, follow=True).content.decode()
    assert "The online names are saved." in page
    assert sorted(ann.online_names.values_list("site", "name")) == [
        ("mahjong_soul", "KazeMS"),
        ("tenhou", "Kaze"),
        ("tenhou", "カゼ"),
    ]
    assert AuditEntry.objects.filter(action=AuditEntry.ONLINE_NAMES, user=ann.user).count() == 2
    player_page = client.get(reverse("scoring:player", args=[ann.pk])).content.decode()
    assert "KazeMS" in player_page and "カゼ" in player_page
    bob = Player.objects.create(name="Bob")
    services.set_online_names(player=bob, site=OnlineName.TENHOU, names=["Yama"])
    page = client.post(url, {"tenhou": "Kaze\nYama", "mahjong_soul": ""}).content.decode()
    assert "Yama is already the Tenhou name of Bob" in page
    assert ann.online_names.count() == 3  # nothing changed
    assert client.get(reverse("scoring:online_names", args=[bob.pk])).status_code == 403  # not hers
    assert "Change the online names" not in client.get(reverse("scoring:player", args=[bob.pk])).content.decode()


def test_staff_keep_anyones_online_names_and_a_visitor_is_sent_to_log_in(client, ann, django_user_model):
    url = reverse("scoring:online_names", args=[ann.pk])
    assert client.get(url).status_code == 302
    client.force_login(django_user_model.objects.create_user("staff", password="x", is_staff=True))
    client.post(url, {"tenhou": "Kaze", "mahjong_soul": ""})
    assert list(ann.online_names.values_list("name", flat=True)) == ["Kaze"]


def test_the_admin_shows_a_players_online_names_without_changing_them(client, ann, django_user_model):
    services.set_online_names(player=ann, site=OnlineName.MAHJONG_SOUL, names=["KazeMS"])
    client.force_login(django_user_model.objects.create_superuser("stu", password="x"))
    page = client.get(reverse("admin:scoring_player_change", args=[ann.pk])).content.decode()
    assert "KazeMS (Mahjong Soul)" in page and 'name="online_names' not in page
    found = client.get(reverse("admin:scoring_player_changelist"), {"q": "kazems"}).content.decode()
    assert ">Ann<" in found


def test_a_name_another_player_took_meanwhile_is_refused_in_words(ann, monkeypatch):
    """Between the check and the write another request took the name: the unique index refuses it."""
    bob = Player.objects.create(name="Bob")
    services.set_online_names(player=bob, site=OnlineName.TENHOU, names=["Kaze"])
    monkeypatch.setattr(online_names, "_checked", lambda player, site, names: list(names))
    with pytest.raises(services.ServiceError, match="already another player's on that site"):
        services.set_online_names(player=ann, site=OnlineName.TENHOU, names=["kaze"])
    with pytest.raises(services.ServiceError, match="already another player's on that site"):
        services.add_online_name(player=ann, site=OnlineName.TENHOU, name="KAZE")
    assert not ann.online_names.exists() and not AuditEntry.objects.filter(before__player=ann.pk).exists()
