"""The bulk import of online games: a zip of many games on the staff page, reported file by file; zip
bombs refused; a dry run that checks every hand before the names are mapped; a folder import
that names what it left out; anonymous online names never one club player."""

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.models import Game, Player
from scoring.online import bulk
from scoring.online.game import MAX_BYTES
from tests.online.test_import import command
from tests.online.test_readers import FIXTURES, HANCHAN, fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("admin", password="x", is_staff=True))
    return client


def zipped(files) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            archive.writestr(name, data)
    return buffer.getvalue()


def post(client, *files, **data):
    fields = {"ruleset": "reach", "session": "", "mapping": "", **data}
    fields["files"] = [SimpleUploadedFile(name, content) for name, content in files]
    return client.post(reverse("scoring:import_online"), fields)


def short_game(number: int) -> bytes:
    """The two-hand fixture (Ann goes below zero) with its players renamed: a game of its own."""
    return fixture("tobi.json").replace(b'"Kaze"', f'"Kaze{number}"'.encode())


def test_a_zip_of_150_games_is_imported_and_reported_file_by_file(staff):
    members = [(f"logs/game{n:03}.json", short_game(n)) for n in range(150)]
    members += [("logs/game000 copy.json", short_game(0)), ("logs/notes.txt", b"hello"), ("logs/", b"")]
    response = post(staff, ("season.zip", zipped(members)), create_players="on")
    assert response.status_code == 200
    text = response.content.decode()
    assert Game.objects.count() == 150
    assert text.count("stored as") == 150
    assert "season.zip/logs/game149.json</strong>" in text
    assert "season.zip/logs/game000 copy.json</strong>:\n      already in the records as" in text
    assert (
        "season.zip/logs/notes.txt</strong>" in text
        and 'refused, nothing stored: <span class="field-error">not an online game log (.json, .xml, .mjlog)' in text
    )


def test_the_summary_starts_with_the_totals_and_the_refusals_by_reason(staff):
    members = [(f"game{n}.json", short_game(n)) for n in range(3)] + [("again.json", short_game(0))]
    members += [("a.txt", b"x"), ("b.txt", b"y"), ("cut.json", short_game(9)[:200])]
    response = post(staff, ("night.zip", zipped(members)), create_players="on")
    assert response.context["totals"] == {
        "files": 7,
        "stored": 3,
        "checked": False,
        "skipped": 1,
        "refused": 3,
        "reasons": [("not an online game log (.json, .xml, .mjlog)", 2), ("not an online game log", 1)],
    }
    text = response.content.decode()
    assert text.index('class="import-totals"') < text.index('class="import-outcomes"')
    assert "<li>2 × not an online game log (.json, .xml, .mjlog)</li>" in text


def test_more_files_than_django_reads_in_one_upload_gets_the_page_with_the_limit_and_the_zip(staff, settings):
    """Django refuses a request of more than DATA_UPLOAD_MAX_NUMBER_FILES files before any view
    runs (a bare "Bad Request (400)"): the import page says the limit and offers the zip."""
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 3
    response = post(staff, *[(f"game{n}.json", short_game(n)) for n in range(4)])
    assert response.status_code == 400
    text = response.content.decode()
    assert "at most 3 files can be uploaded at once. Put the files in a zip" in text
    assert 'enctype="multipart/form-data"' in text and Game.objects.count() == 0
    assert post(staff, *[(f"game{n}.json", short_game(n)) for n in range(3)]).status_code == 200


def test_a_zip_bomb_is_refused_without_unpacking_it(staff, monkeypatch):
    huge = [("big.json", b" " * (MAX_BYTES + 1))]
    text = post(staff, ("bomb.zip", zipped(huge))).content.decode()
    assert "bomb.zip/big.json</strong>" in text and f"an online game log is at most {MAX_BYTES:,}" in text
    monkeypatch.setattr(bulk, "MAX_UNPACKED", 1000)
    text = post(staff, ("many.zip", zipped([(f"{n}.json", b" " * 600) for n in range(2)]))).content.decode()
    assert "a zip that unpacks to more than 1,000 bytes: split it" in text
    text = post(staff, ("broken.zip", b"PK\x03\x04 not really")).content.decode()
    assert "a damaged zip: it cannot be opened" in text
    assert Game.objects.count() == 0


def test_a_dry_run_checks_every_hand_before_the_names_are_mapped(staff):
    text = post(staff, (HANCHAN, fixture(HANCHAN)), dry_run="on").content.decode()
    assert "would be stored, 13 hands." in text and "Names to map: Kaze, Yama, Umi, Sora" in text
    wrong = fixture(HANCHAN).replace(b'"40\xe7\xac\xa62\xe9\xa3\x9c2600', b'"40\xe7\xac\xa63\xe9\xa3\x9c2600')
    text = post(staff, ("wrong.json", wrong), dry_run="on").content.decode()
    assert "refused, nothing stored" in text and "East 1, counter 0" in text
    Player.objects.create(name="Ann")
    status, out, _err = command(str(FIXTURES / HANCHAN), "--dry-run", "--ruleset", "reach", "--map", "Kaze=Ann")
    assert status == 0 and "would be stored, 13 hands; names to map: Yama, Umi, Sora" in out
    assert Game.objects.count() == 0 and Player.objects.count() == 1


def test_the_folder_import_names_the_files_it_left_out(tmp_path, db):
    (tmp_path / HANCHAN).write_bytes(fixture(HANCHAN))
    (tmp_path / "notes.txt").write_text("hello")
    status, out, _err = command(str(tmp_path), "--dry-run", "--ruleset", "reach")
    assert status == 0
    assert f"{tmp_path / 'notes.txt'}: left out, not an online game log (.json, .xml, .mjlog)" in out


def test_an_anonymous_online_name_is_never_one_club_player(tmp_path, db):
    """Tenhou calls every anonymous player "NoName": created or matched, they would all be one."""
    path = tmp_path / HANCHAN
    path.write_bytes(fixture(HANCHAN).replace(b'"Kaze"', b'"NoName"'))
    Player.objects.create(name="NoName")
    status, _out, err = command(str(path), "--ruleset", "reach", "--create-players")
    assert status == 1 and "not club players: 'NoName'" in err
    assert "the name the online site gives every anonymous player: never one club player" in err
    status, _out, err = command(str(path), "--ruleset", "reach", "--create-players", "--map", "NoName=Ann")
    assert (status, err) == (0, "")
    assert [s.player.name for s in Game.objects.get().seats.order_by("seat")] == ["Ann", "Yama", "Umi", "Sora"]
