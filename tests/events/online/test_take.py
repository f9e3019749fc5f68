"""An online night as an event, end to end: an evening's online games (stored, or uploaded into
the round) become an event round's tables through the events' services; the standings count
them as games of the room; unknown names are mapped once; taking the same games twice does
nothing twice. The real games come from the online corpus (skipped where it is absent)."""

import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.events import reads
from scoring.events import services as events
from scoring.events.online import services
from scoring.events.online.matching import Reason
from scoring.models import AuditEntry, EventRound, Game, OnlineName, Player
from scoring.online.importer import Options, import_file
from scoring.online.mapping import read_online
from scoring.records import services as records
from tests.builders import make_event
from tests.online.test_corpus import CORPUS
from tests.online.test_readers import HANCHAN, fixture

pytestmark = pytest.mark.django_db

KAZE = ("Kaze", "Yama", "Umi", "Sora")  # the players of the project's own test logs, East first


@pytest.fixture
def members():
    """Ann, Bob, Cho and Dee play on Tenhou as Kaze, Yama, Umi and Sora; Eve and Fay do not play online."""
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay")]
    for player, name in zip(players, KAZE, strict=False):
        records.set_online_names(player=player, site=OnlineName.TENHOU, names=[name])
    return players


def night(players, **options):
    return make_event(players, slug="reach", present=False, name="Online Tuesday", **options)


def stored(name: str = HANCHAN) -> Game:
    outcome = import_file(name, fixture(name), Options(ruleset="reach"))  # a made-up log: Reach pays it
    assert outcome.status == "stored", outcome.message
    return outcome.game


def test_an_evenings_stored_online_game_becomes_a_table_of_a_new_round_and_counts_in_the_standings(members):
    game = stored()
    event = night(members)
    taken = services.take_online_games(event=event, games=[game])
    assert [v.reason for v in taken.verdicts] == [Reason.TAKE]
    round_ = taken.round_
    assert (round_.number, round_.method, round_.started_at is not None) == (1, EventRound.ONLINE, True)
    [table] = round_.tables.all()
    assert table.game == game and table.players == [p.pk for p in members[:4]]
    game.refresh_from_db()
    assert game.session == event.session  # a game of the event, as at the room's tables
    lines = {line.player.name: line for line in reads.standings(event)}
    results = {s.player.name: s.result for s in game.seats.all()}
    assert {name: lines[name].points for name in results} == results
    assert all(lines[name].games == 1 for name in results) and lines["Ann"].place is not None
    audits = AuditEntry.objects.count()
    again = services.take_online_games(event=event, games=[game], round_number=1)
    assert [v.reason for v in again.verdicts] == [Reason.IN_ROUND]  # nothing twice
    assert round_.tables.count() == 1 and AuditEntry.objects.count() == audits
    elsewhere = services.take_online_games(event=event, games=[game])
    assert [v.reason for v in elsewhere.verdicts] == [Reason.ELSEWHERE] and elsewhere.round_ is None
    assert event.round_set.count() == 1


def test_a_game_with_a_player_not_entered_is_listed_with_why_and_nothing_changes(members):
    game = stored()
    event = night([members[0], members[1], members[2], members[4]])  # Dee is not on the list
    taken = services.take_online_games(event=event, games=[game])
    assert [(v.reason, v.names) for v in taken.verdicts] == [(Reason.NOT_ENTERED, ("Dee",))]
    assert taken.round_ is None and not event.round_set.exists()
    game.refresh_from_db()
    assert game.session != event.session


def test_an_uploaded_file_with_an_unknown_name_stores_nothing_until_staff_map_it_once(members):
    OnlineName.objects.filter(name="Sora").delete()
    event = night(members)
    taken = services.take_online_games(event=event, files=[(HANCHAN, fixture(HANCHAN))], event_rules=True)
    assert [(v.reason, v.names, v.site) for v in taken.verdicts] == [(Reason.UNKNOWN, ("Sora",), OnlineName.TENHOU)]
    assert not Game.objects.exists()
    assert records.add_online_name(player=members[3], site=OnlineName.TENHOU, name="Sora")
    assert not records.add_online_name(player=members[3], site=OnlineName.TENHOU, name="sora")  # once
    taken = services.take_online_games(event=event, files=[(HANCHAN, fixture(HANCHAN))], event_rules=True)
    assert [v.reason for v in taken.verdicts] == [Reason.TAKE]
    game = Game.objects.get()
    assert game.session == event.session and game.event_table.round == taken.round_
    assert taken.round_.day == event.date  # a game of a day not the event's: the event's first day
    again = services.take_online_games(
        event=event, files=[(HANCHAN, fixture(HANCHAN))], event_rules=True, round_number=1
    )
    assert [v.reason for v in again.verdicts] == [Reason.IN_ROUND] and Game.objects.count() == 1


def test_a_round_drawn_for_the_room_and_not_started_takes_no_online_game(members):
    event = make_event(members[:4], slug="reach", name="Mixed")
    events.draw_round(event=event)
    with pytest.raises(services.ServiceError, match="drawn and not started"):
        services.take_online_games(event=event, games=[stored()])
    with pytest.raises(services.ServiceError, match="drawn and not started"):
        services.take_online_games(event=event, round_number=1, games=[])


def test_only_staff_and_scorers_open_the_online_night_page(client, members, django_user_model):
    event = night(members)
    url = reverse("scoring:event_online", args=[event.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(django_user_model.objects.create_user("member", password="x"))
    assert client.get(url).status_code == 403


REAL = (  # three real Tenhou games of the corpus: the first two of eight different players, the third of two of them
    "mjx/2010081709gm-00a9-0000-fe3371ad.mjlog",
    "mjx/2010102910gm-00a9-0000-cdb9804c.mjlog",
    "mjx/2010110100gm-00a9-0000-de3472e8.mjlog",
)


def test_real_games_uploaded_into_a_round_after_their_names_are_mapped_show_in_the_standings(client, django_user_model):
    """The staff page end to end: real corpus logs uploaded into a new round; their names mapped
    to the entrants once; uploaded again, the games of different players become tables 1 and 2,
    the third (two players of them again) waits for the next round."""
    files = [CORPUS / name for name in REAL]
    if not all(f.is_file() for f in files):
        pytest.skip(f"the corpus is not in {CORPUS} (its sources are listed in tests/online/corpus)")
    client.force_login(django_user_model.objects.create_user("admin", password="x", is_staff=True))
    members = [Player.objects.create(name=f"Member {n}") for n in range(1, 11)]
    event = night(members)
    url = reverse("scoring:event_online", args=[event.pk])

    def upload(*paths, **data):
        uploads = [SimpleUploadedFile(p.name, p.read_bytes()) for p in paths]
        return client.post(url, {"round": "", "files": uploads, **data}, follow=True)

    page = upload(*files).content.decode()
    assert "online names no member holds" in page and not Game.objects.exists()
    names = [n for n in dict.fromkeys(_players(files)) if n]
    assert len(names) == 10
    mapping = {f"name-{i}": name for i, name in enumerate(names)}
    mapping |= {f"site-{i}": OnlineName.TENHOU for i in range(len(names))}
    mapping |= {f"player-{i}": str(member.pk) for i, member in enumerate(members)}
    page = client.post(reverse("scoring:event_online_names", args=[event.pk]), mapping, follow=True)
    assert "10 online names mapped" in page.content.decode()
    page = upload(*files).content.decode()
    assert "2 games taken into round 1." in page
    assert "already at a table of this round" in page
    round_ = event.round_set.get(number=1)
    assert [len(t.players) for t in round_.tables.order_by("number")] == [4, 4]
    standings = client.get(reverse("scoring:event_standings", args=[event.pk])).content.decode()
    assert all(m.name in standings for m in members[:8])
    played = {line.player.name: line for line in reads.standings(event) if line.games}
    assert len(played) == 8 and sum(line.points for line in played.values()) == 0
    page = upload(*files[:2], round="1").content.decode()
    assert page.count("already a table of this round: nothing done") == 2
    page = upload(files[2]).content.decode()
    assert "1 game taken into round 2." in page
    assert Game.objects.filter(session=event.session).count() == 3


def _players(paths):
    for path in paths:
        yield from read_online(path.read_bytes(), path.name).players


def test_the_day_of_a_new_round_is_its_first_games_when_that_is_one_of_the_events_days(members):
    game = stored()  # played on 30 November 2026
    event = night(members, last_day=datetime.date(2026, 12, 6))
    event.date = datetime.date(2026, 11, 30)
    event.save(update_fields=["date"])
    taken = services.take_online_games(event=event, games=[game])
    assert taken.round_.day == datetime.date(2026, 11, 30)


def test_the_page_reads_bad_input_as_no_choice_never_a_500(members, client, django_user_model):
    event = night(members)
    client.force_login(django_user_model.objects.create_user("admin", password="x", is_staff=True))
    url = reverse("scoring:event_online", args=[event.pk])
    assert client.get(url, {"date": "2026-02-31", "ruleset": "x" * 500}).status_code == 200
    page = client.post(url, {"round": "9" * 40, "games": ["1" * 40, "abc"]}, follow=True)
    assert page.status_code == 200 and not event.round_set.exists()
    page = client.post(url, {"round": "7"}, follow=True)
    assert "This event has no round 7." in page.content.decode()


def test_a_file_whose_name_two_players_hold_or_that_is_no_log_is_refused_with_why(members):
    """A log naming no lobby takes a name of either site: held by two players it is refused, the
    other files go on; two files of one name are told apart."""
    records.set_online_names(player=members[4], site=OnlineName.MAHJONG_SOUL, names=["Kaze"])
    doc = json.loads(fixture(HANCHAN))
    del doc["ref"]
    doc["rule"]["disp"] = "南喰赤"  # no room named: the log does not say its site
    nameless = json.dumps(doc).encode()
    assert read_online(nameless, "x").lobby is None
    event = night(members)
    taken = services.take_online_games(event=event, files=[("a.json", b"{}"), ("a.json", nameless)])
    assert set(taken.refused) == {"a.json", "a.json (2)"}
    assert "not an online game log" in taken.refused["a.json"]
    assert "is an online name of Ann and Eve" in taken.refused["a.json (2)"]
