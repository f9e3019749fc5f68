"""Online games into the records, end to end: ``manage.py import_online`` and the staff upload
form; players by their online names; the same game imported twice is stored once; a refused
file stores nothing."""

import io
import shutil

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scoring.models import ClubSession, Game, OnlineName, Player, Ruleset
from scoring.online.mapping import read_online
from scoring.records import services
from scoring.records.gamelogs import game_document
from tests.online.test_readers import FIXTURES, HANCHAN, MJLOG, fixture

pytestmark = pytest.mark.django_db
ONLINE = ("Kaze", "Yama", "Umi", "Sora")


def command(*args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_online", *args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def club():
    """Four club players who play online as Kaze, Yama, Umi and Sora (カゼ on Tenhou)."""
    players = [Player.objects.create(name=name) for name in ("Ann", "Bob", "Cho", "Dee")]
    for player, names in zip(players, (["Kaze", "カゼ"], ["Yama"], ["Umi"], ["Sora"]), strict=True):
        services.set_online_names(player=player, site=OnlineName.TENHOU, names=names)
    return players


def test_the_command_stores_each_game_through_the_write_path_once(club, tmp_path):
    shutil.copy(FIXTURES / HANCHAN, tmp_path)
    shutil.copy(FIXTURES / MJLOG, tmp_path)
    status, out, err = command(str(tmp_path), "--session", "Online league", "--ruleset", "reach")
    assert (status, err) == (0, "")
    assert "imported 2 game(s), skipped 0 already imported, refused 0 file(s)" in out
    games = Game.objects.order_by("pk")
    assert [g.source for g in games] == [read_online(fixture(n), n).source for n in (MJLOG, HANCHAN)]
    assert all(g.status == Game.FINISHED and g.is_online and g.ruleset.slug == "reach" for g in games)
    hanchan = games[1]
    assert [s.player.name for s in hanchan.seats.order_by("seat")] == ["Ann", "Bob", "Cho", "Dee"]
    assert [s.table_score for s in hanchan.seats.order_by("seat")] == [44300, 14100, 3700, 37900]
    assert hanchan.session == ClubSession.objects.get(name="Online league")
    assert game_document(hanchan)["source"] == hanchan.source  # exported with it
    status, out, _err = command(str(tmp_path), "--ruleset", "reach")  # again: stored once
    assert status == 0 and "skipped 2 already imported" in out
    assert Game.objects.count() == 2
    status, out, _err = command(str(tmp_path / HANCHAN), "--ruleset", "reach", "--map", "Kaze=Ann")
    assert "skipped, already imported as game" in out and Game.objects.count() == 2


def test_an_unknown_name_is_refused_with_the_names_to_map(db, tmp_path):
    Player.objects.create(name="Ann")
    status, _out, err = command(str(FIXTURES / HANCHAN), "--ruleset", "reach")
    assert status == 1
    assert err.count("\n") == 1
    assert "not club players: 'Kaze', 'Yama', 'Umi', 'Sora'; map each to a club player" in err
    assert Game.objects.count() == 0
    status, out, err = command(
        str(FIXTURES / HANCHAN), "--ruleset", "reach", "--map", "Kaze=Ann", "--map", "yama=Bo", "--create-players"
    )
    assert (status, err) == (0, "")
    game = Game.objects.get()
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Bo", "Umi", "Sora"]


def test_dry_run_checks_everything_and_stores_nothing(club):
    status, out, _err = command(str(FIXTURES / HANCHAN), "--dry-run", "--ruleset", "reach")
    assert status == 0 and "would be stored, 13 hands" in out
    assert Game.objects.count() == 0 and ClubSession.objects.count() == 0


def test_a_refused_file_stores_nothing_and_the_others_go_on(club, tmp_path):
    (tmp_path / "broken.json").write_bytes(fixture(HANCHAN)[:300])
    shutil.copy(FIXTURES / "three_player.json", tmp_path)
    shutil.copy(FIXTURES / MJLOG, tmp_path)
    status, out, err = command(str(tmp_path), "--session", "Online league", "--ruleset", "reach")
    assert status == 1
    assert "imported 1 game(s), skipped 0 already imported, refused 2 file(s)" in out
    assert "broken.json: not an online game log: the JSON is broken" in err
    assert "three_player.json: a three-player game cannot be scored under Reach, a four-player ruleset" in err
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (HANCHAN, fixture(HANCHAN).replace(b'"Yama"', b'"Ya\\u0000ma"')),
        (MJLOG, fixture(MJLOG).replace(b'n1="Yama"', b'n1="Ya%00ma"')),
    ],
    ids=["tenhou6", "mjlog"],
)
def test_a_nul_in_an_online_name_is_refused_in_the_sites_words(club, tmp_path, name, text):
    """PostgreSQL cannot even look such a name up: it was refused there through the catch-all,
    with the database's error text; now in the same words on both databases."""
    (tmp_path / name).write_bytes(text)
    status, _out, err = command(str(tmp_path / name), "--create-players")
    assert status == 1
    assert err == f"refused {tmp_path / name}: the online name 'Ya\\x00ma' contains a control character (such as NUL)\n"
    assert Game.objects.count() == 0


def test_a_number_of_5000_digits_in_an_online_log_is_refused_naming_the_field(club, tmp_path):
    """Python reads no number of more than 4,300 digits and says so with advice for programmers."""
    path = tmp_path / HANCHAN
    path.write_bytes(fixture(HANCHAN).replace(b"[[0, 0, 0], [25000,", b"[[0, 0, 0], [" + b"9" * 5000 + b",", 1))
    status, _out, err = command(str(path))
    assert status == 1
    assert err == f"refused {path}: round 1: the scores must be a list of 4 whole numbers\n"
    assert Game.objects.count() == 0


def test_a_ruleset_that_differs_from_the_lobby_is_refused_naming_the_hand(club):
    status, _out, err = command(str(FIXTURES / HANCHAN), "--ruleset", "mleague", "--session", "Online league")
    assert status == 1
    assert "East 3, counter 1: M-League has no abortive draw 'nine_terminals'" in err
    assert Game.objects.count() == 0 and ClubSession.objects.count() == 0
    status, _out, err = command(str(FIXTURES / HANCHAN), "--ruleset", "nope")
    assert "unknown riichi ruleset 'nope'" in err


def test_a_bad_mapping_is_a_clear_error(club):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match='a mapping is "online name=Club Name"'):
        command(str(FIXTURES / HANCHAN), "--map", "Kaze")


# ---- the upload form ----------------------------------------------------------------------


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_user("admin", password="x", is_staff=True)
    client.force_login(user)
    return client


def upload(client, *files, **data):
    fields = {"ruleset": "reach", "session": "", "mapping": "", **data}
    fields["files"] = [SimpleUploadedFile(name, content) for name, content in files]
    return client.post(reverse("scoring:import_online"), fields)


def test_staff_upload_many_files_and_see_what_became_of_each(staff, club):
    Ruleset.objects.all().delete()  # as after a flush: the presets' rows are made when a game needs one
    page = staff.get(reverse("scoring:games"))
    assert reverse("scoring:import_online").encode() in page.content
    response = upload(
        staff, (HANCHAN, fixture(HANCHAN)), ("three.json", fixture("three_player.json")), (MJLOG, fixture(MJLOG))
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert text.count("stored as") == 2
    assert "three.json</strong>:" in text and "choose a three-player ruleset such as tenhou-sanma" in text
    assert Game.objects.count() == 2
    again = upload(staff, (HANCHAN, fixture(HANCHAN))).content.decode()
    assert "already in the records as" in again and Game.objects.count() == 2


def test_an_empty_file_is_refused_by_name_and_the_others_imported(staff, club):
    """One empty file refused the whole batch ("The submitted file is empty.")."""
    text = upload(staff, ("empty.json", b""), (HANCHAN, fixture(HANCHAN))).content.decode()
    refused = 'empty.json</strong>:\n      refused, nothing stored: <span class="field-error">the file is empty</span>'
    assert refused in text
    assert text.count("stored as") == 1 and Game.objects.count() == 1


def test_the_form_maps_names_and_refuses_unknown_ones(staff, db):
    text = upload(staff, (HANCHAN, fixture(HANCHAN))).content.decode()
    assert "refused, nothing stored" in text and "not club players" in text
    assert Game.objects.count() == 0
    upload(staff, (HANCHAN, fixture(HANCHAN)), mapping="Kaze=Ann\nYama=Bob", create_players="on")
    assert [s.player.name for s in Game.objects.get().seats.order_by("seat")] == ["Ann", "Bob", "Umi", "Sora"]
    bad = upload(staff, (HANCHAN, fixture(HANCHAN)), mapping="Kaze")
    assert "Write each mapping as &quot;online name=Club Name&quot;" in bad.content.decode()


def test_only_staff_import(client, db, django_user_model):
    assert client.get(reverse("scoring:import_online")).status_code == 302
    client.force_login(django_user_model.objects.create_user("member", password="x"))
    assert client.get(reverse("scoring:import_online")).status_code == 302
    assert Game.objects.count() == 0


def test_online_games_are_marked_and_the_board_filters_on_them(staff, club):
    upload(staff, (HANCHAN, fixture(HANCHAN)))
    game = Game.objects.get()
    page = staff.get(reverse("scoring:game", args=[game.pk])).content.decode()
    assert 'class="online-mark"' in page and game.source in page
    board, ann = reverse("scoring:leaderboard"), reverse("scoring:player", args=[club[0].pk])
    assert ann in staff.get(board, {"where": "online"}).content.decode()
    assert ann not in staff.get(board, {"where": "table"}).content.decode()
