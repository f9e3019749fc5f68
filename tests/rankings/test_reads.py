"""The site's ranking is ``rank_events`` over the stored finished events: the same as
``manage.py rank_events`` over the events exported as event logs (``export_event``), for every
system, every player's points, rank and counted and dropped results."""

import datetime
import io
import json

import pytest
from django.core.management import call_command

from scoring.rankings import reads
from scoring.rules.eventlog.write import number
from scoring.rules.rankings import SYSTEMS, ranking_output


def exported(event, folder) -> str:
    out = io.StringIO()
    call_command("export_event", event.pk, stdout=out)
    path = folder / f"event-{event.pk}.json"
    path.write_text(out.getvalue())
    return str(path)


def command(slug: str, files: list[str], on: datetime.date, *options: str) -> dict:
    out = io.StringIO()
    call_command("rank_events", "--system", slug, "--on", on.isoformat(), *options, *files, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(SYSTEMS))
def test_the_page_ranks_as_the_command_over_the_exported_events(season, tmp_path, slug):
    """The issue's "a test holds them equal": the finished tournaments exported one by one, ranked
    by the command; the site's ranking of the stored events is the same document."""
    on = datetime.date(2026, 12, 1)
    files = [exported(event, tmp_path) for event in season[:3]]
    system = SYSTEMS[slug]
    site = reads.ranking(system, on=on)
    assert bool(site.lines) == ("riichi" in system.families), "riichi tournaments: MERS (MCR) ranks no one"
    assert ranking_output(system, site.lines, on) == command(slug, files, on)


@pytest.mark.django_db
def test_an_unfinished_tournament_does_not_count(season):
    """Only a tournament with every planned round played counts (its event log complete)."""
    finished = reads.stored().finishes
    assert {f.event for f in finished} == {"Leiden Open", "Delft Cup", "Utrecht Riichi"}


@pytest.mark.django_db
def test_the_default_day_is_the_last_event_s_as_the_command_makes_it(season, tmp_path):
    files = [exported(event, tmp_path) for event in season[:3]]
    out = io.StringIO()
    call_command("rank_events", "--system", "club", *files, stdout=out)
    made = reads.ranking(SYSTEMS["club"])
    assert made.on == datetime.date(2026, 9, 19)
    assert ranking_output(SYSTEMS["club"], made.lines, made.on) == json.loads(out.getvalue())


@pytest.mark.django_db
def test_a_country_filter_keeps_the_whole_ranking_s_ranks(season):
    made = reads.ranking(SYSTEMS["club"], on=datetime.date(2026, 12, 1))
    spanish = reads.ranking(SYSTEMS["club"], on=datetime.date(2026, 12, 1), country="es")
    assert [line.player for line in spanish.lines] == [
        line.player for line in made.lines if line.player.startswith("0417")
    ]
    assert {line.rank for line in spanish.lines} <= {line.rank for line in made.lines}


@pytest.mark.django_db
def test_a_reset_drops_the_results_before_it(season):
    """A reset on a day (the RUKRS proposal's reset at each selection): results before it do not count."""
    made = reads.ranking(SYSTEMS["club"], on=datetime.date(2026, 12, 1), since=datetime.date(2026, 6, 1))
    assert made.start == datetime.date(2026, 6, 1)
    assert {item.finish.event for line in made.lines for item in line.counted} == {"Delft Cup", "Utrecht Riichi"}


@pytest.mark.django_db
def test_a_reset_on_the_page_is_the_command_s_reset(season, tmp_path):
    """The page's "reset on" and ``rank_events --reset``: the same system with one more reset day."""
    on, since = datetime.date(2026, 12, 1), datetime.date(2026, 6, 1)
    files = [exported(event, tmp_path) for event in season[:3]]
    made = reads.ranking(SYSTEMS["rukrs"], on=on, since=since)
    assert ranking_output(made.system, made.lines, on) == command("rukrs", files, on, "--reset", since.isoformat())


@pytest.mark.django_db
def test_a_player_s_history_ends_at_his_ranking_points(season, club):
    made = reads.ranking(SYSTEMS["club"], on=datetime.date(2026, 9, 19))
    line = next(line for line in made.lines if line.player == "04170003")
    points = reads.history(SYSTEMS["club"], club[3])
    assert [p.day for p in points] == [datetime.date(2026, 3, 7), datetime.date(2026, 6, 13)]
    assert number(points[-1].points) == number(line.points)
