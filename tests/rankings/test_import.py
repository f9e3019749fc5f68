"""An event held elsewhere imported from the EMA's results file (CSV or .xlsx, the columns the
site's own results file writes): players matched by EMA number, then by name once staff confirm
it, the others added; the event read-only, showing where it came from, counted in the rankings."""

import csv
import datetime
import io

import pytest
from django.urls import reverse

from scoring.events.spreadsheet import results_workbook
from scoring.models import AuditEntry, ImportedEvent, Player
from scoring.rankings import emafile, reads, services
from scoring.records.services import ServiceError
from scoring.rules.eventlog import EMA_COLUMNS
from scoring.rules.rankings import SYSTEMS

pytestmark = pytest.mark.django_db

COMMON = {
    "Tournament name": "Paris Riichi Open 2026",
    "Number of participants": "4",
    "Date": "11.10.2026",
    "Countrycourt": "FR",
    "city": "Paris",
    "mers": "1.5",
    "shortname": "",
    "rules": "Riichi",
    "period": "10.10.2026-11.10.2026",
    "NbDays": "2",
    "Extra": "NO",
    "Table points": "1",
    "EMA member": "",
}
PLAYERS = [  # place, first name, last name, EMA number, country, score
    ("1", "Ann", "ARBOR", "04170000", "ES", "45.3"),
    ("2", "Zoe", "ZOLA", "", "FR", "12.0"),
    ("3", "Bo", "BERG", "", "NL", "-20.1"),
    ("4", "Yan", "YU", "12345678", "FR", "-37.2"),
]


def file_rows(**changes) -> list[list[str]]:
    rows = [list(EMA_COLUMNS)]
    for place, first, last, ema, country, score in PLAYERS:
        row = {
            **COMMON,
            "Place": place,
            "Player's first name": first,
            "Player's last name": last,
            "EMA number": ema,
            "Country": country,
            "Score": score,
            **changes,
        }
        rows.append([row[column] for column in EMA_COLUMNS])
    return rows


def csv_bytes(rows) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode()


@pytest.fixture
def known(db):
    """The club's Ann (EMA 04170000) and Bo Berg (no EMA number)."""
    return {
        "ann": Player.objects.create(name="Ann Arbor", ema_number="04170000", country="ES"),
        "bo": Player.objects.create(name="Bo Berg"),
    }


def read(content: bytes, name="results.csv") -> emafile.FileEvent:
    return emafile.read_event(emafile.rows_of(content, name))


def test_the_file_reads_as_the_event_and_its_places(known):
    event = read(csv_bytes(file_rows()))
    assert (event.name, event.family, event.field) == ("Paris Riichi Open 2026", "riichi", 4)
    assert (event.first_day, event.last_day) == (datetime.date(2026, 10, 10), datetime.date(2026, 10, 11))
    assert [row.name for row in event.rows] == ["Ann Arbor", "Zoe Zola", "Bo Berg", "Yan Yu"]
    assert str(event.mers_weight) == "1.5"


def test_the_spreadsheet_reads_as_its_csv(known):
    rows = file_rows()
    assert read(results_workbook(rows), "results.xlsx") == read(csv_bytes(rows))


def test_without_a_mers_weight_the_ema_s_weight_of_days_field_and_countries():
    """The EMA's "Basics for ranking system": two days weigh 2; 4 players, 3 countries add nothing."""
    assert str(read(csv_bytes(file_rows(mers=""))).mers_weight) == "2"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"Place": "first"}, "column “Place”"),
        ({"Date": "2026/31/12"}, "column “Date”"),
        ({"EMA number": "EMA-17"}, "not an EMA number"),
        ({"rules": "American"}, "not a ruleset the EMA ranks"),
        ({"mers": "12"}, "not a MERS weight"),
        ({"mers": "NaN"}, "not a MERS weight"),
        ({"mers": "1e999999"}, "not a MERS weight"),
        ({"Number of participants": "²"}, "column “Number of participants”"),
    ],
)
def test_a_bad_file_names_its_row_and_column(changes, message):
    with pytest.raises(emafile.BadFile, match=message):
        read(csv_bytes(file_rows(**changes)))


def test_a_file_without_the_columns_says_which():
    with pytest.raises(emafile.BadFile, match="lacks the EMA results file's columns: Place"):
        read(b"Tournament name,Number of participants\nX,4\n")


def test_players_match_by_ema_number_then_by_name_once_confirmed(known, staff):
    event = read(csv_bytes(file_rows()))
    proposals = services.propose(event)
    assert proposals[0].by_ema == known["ann"] and proposals[2].by_name == known["bo"]
    assert proposals[1].match is None and proposals[3].match is None
    with pytest.raises(ServiceError, match="Row 4 \\(Bo Berg\\): confirm"):
        services.import_event(
            event=event, choices={}, source="https://mahjong-europe.org/ranking/Tournament/TR_RCR_400.html", user=staff
        )
    imported = services.import_event(
        event=event, choices={2: str(known["bo"].pk)}, source="https://mahjong-europe.org/x", user=staff
    )
    places = {r.player.name: r.place for r in imported.results.select_related("player")}
    assert places == {"Ann Arbor": 1, "Zoe Zola": 2, "Bo Berg": 3, "Yan Yu": 4}
    yan = Player.objects.get(name="Yan Yu")
    assert (yan.ema_number, yan.country) == ("12345678", "FR")
    entry = AuditEntry.objects.get(action=AuditEntry.IMPORT_EVENT)
    assert entry.user == staff and entry.after["imported_event"] == imported.pk


def test_another_person_of_the_same_name_is_a_new_player(known, staff):
    event = read(csv_bytes(file_rows()))
    services.import_event(event=event, choices={2: services.NEW}, source="by mail from the organiser", user=staff)
    assert Player.objects.filter(name="Bo Berg (NL)").exists()


def test_an_imported_event_is_read_only_a_second_import_is_refused(known, staff):
    event = read(csv_bytes(file_rows()))
    services.import_event(event=event, choices={2: services.NEW}, source="x", user=staff)
    with pytest.raises(ServiceError, match="imported already .*read-only"):
        services.import_event(event=event, choices={2: services.NEW}, source="x", user=staff)
    assert ImportedEvent.objects.count() == 1


def test_an_imported_event_counts_in_the_rankings(known, staff):
    event = read(csv_bytes(file_rows()))
    services.import_event(event=event, choices={2: str(known["bo"].pk)}, source="x", user=staff)
    made = reads.ranking(SYSTEMS["club"], on=datetime.date(2026, 12, 1))
    assert [(line.name, line.points) for line in made.lines] == [
        ("Ann Arbor", 10),
        ("Zoe Zola", 8),
        ("Bo Berg", 6),
        ("Yan Yu", 5),
    ]


def test_staff_upload_confirm_and_see_where_it_came_from(client, known, staff):
    client.force_login(staff)
    url = reverse("scoring:ranking_import")
    upload = io.BytesIO(csv_bytes(file_rows()))
    upload.name = "paris.csv"
    page = client.post(url, {"file": upload, "source": "https://mahjong-europe.org/paris"})
    text = page.content.decode()
    assert page.status_code == 200 and "by EMA number" in text and 'name="row-2"' in text
    rows = page.context["rows"]
    response = client.post(
        url,
        {
            "step": "confirm",
            "rows": rows,
            "source": "https://mahjong-europe.org/paris",
            "file_name": "paris.csv",
            "row-2": str(known["bo"].pk),
        },
    )
    imported = ImportedEvent.objects.get()
    assert response.status_code == 302 and response.url == reverse("scoring:imported_event", args=[imported.pk])
    shown = client.get(response.url).content.decode()
    assert "https://mahjong-europe.org/paris" in shown and "stu" in shown and "Read-only" in shown


def test_a_bad_upload_is_a_message_never_a_500(client, staff):
    client.force_login(staff)
    upload = io.BytesIO(b"\xff\xfe not a file")
    upload.name = "x.csv"
    page = client.post(reverse("scoring:ranking_import"), {"file": upload, "source": "x"})
    assert page.status_code == 200 and "not text in UTF-8" in page.content.decode()


def test_only_staff_import(client, db):
    assert client.get(reverse("scoring:ranking_import")).status_code == 302


def test_the_admin_shows_an_imported_event_and_changes_nothing(client, known, admin_user):
    event = read(csv_bytes(file_rows()))
    imported = services.import_event(event=event, choices={2: services.NEW}, source="x", user=admin_user)
    client.force_login(admin_user)
    page = client.get(reverse("admin:scoring_importedevent_change", args=[imported.pk]))
    assert page.status_code == 200 and "Paris Riichi Open 2026" in page.content.decode()
    client.post(reverse("admin:scoring_importedevent_change", args=[imported.pk]), {"name": "Changed"})
    assert ImportedEvent.objects.get().name == "Paris Riichi Open 2026"
    assert client.get(reverse("admin:scoring_importedevent_delete", args=[imported.pk])).status_code == 403
