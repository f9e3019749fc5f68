"""Closing a stage (its cut and carry-over make the next stage's entries), reopening it, and the
season's end: the proposal of next season's divisions, confirmed by staff."""

from datetime import date

import pytest
from django.db import IntegrityError, transaction

from scoring.leagues import reads, services
from scoring.models import Division, Season, Stage, StageEntry
from scoring.records.services import ServiceError
from tests.builders import TSUMO, play

pytestmark = pytest.mark.django_db


def test_closing_a_stage_carries_half_of_the_top_two_into_the_next(staged):
    """Like M-League's semifinal: the top of the regular stage enter the final with ½ their points;
    Bob, below the attendance minimum, does not go on."""
    _season, regular, final = staged
    assert services.close_stage(stage=regular) == 2
    entries = {entry.player.name: entry.carried_result for entry in final.entries.all()}
    assert entries == {"Ann": 18000, "Eve": 18000}  # 36,000 each, halved
    regular.refresh_from_db()
    assert regular.closed
    view = reads.read_league(regular.season).stages[1]
    assert not view.waiting
    assert [(row.name, row.line.rank, row.line.nights, row.line.total.result) for row in view.boards[0].rows] == [
        ("Ann", 1, 0, 18000),
        ("Eve", 1, 0, 18000),
    ]  # only the entrants, on what they carried in: no evening of the final played yet


def test_a_stage_closes_once_and_after_the_one_before(staged):
    _season, regular, final = staged
    with pytest.raises(ServiceError, match="Close the stage before it first: “Regular”"):
        services.close_stage(stage=final)
    services.close_stage(stage=regular)
    with pytest.raises(ServiceError, match="already closed"):
        services.close_stage(stage=regular)
    assert services.close_stage(stage=final) == 0  # the last stage: nobody goes anywhere
    with pytest.raises(ServiceError, match="Reopen the stage after it first: “Final”"):
        services.reopen_stage(stage=regular)


def test_reopening_a_stage_takes_back_the_next_stages_entries(staged):
    _season, regular, final = staged
    services.close_stage(stage=regular)
    services.reopen_stage(stage=regular)
    regular.refresh_from_db()
    assert not regular.closed and not StageEntry.objects.filter(stage=final).exists()


def test_the_season_end_proposes_divisions_and_staff_start_the_next_season(divided):
    """One up from B, one down from A, by the final stage's standing (NPM's promotion and relegation)."""
    season, _top, _bottom = divided
    proposed = [(division.name, [player.name for player in members]) for division, members in reads.proposal(season)]
    assert proposed == [("A", ["Ann", "Bob", "Dee", "Eve"]), ("B", ["Cho", "Fay", "Gus", "Hal"])]
    with pytest.raises(ServiceError, match="Close every stage"):
        services.start_next_season(season=season, name="Divisions 2027", start=date(2027, 3, 1), end=date(2027, 3, 31))
    services.close_stage(stage=season.stages.get())
    following = services.start_next_season(
        season=season, name="Divisions 2027", start=date(2027, 3, 1), end=date(2027, 3, 31)
    )
    divisions = [
        (d.name, d.promote, d.relegate, sorted(p.name for p in d.members.all())) for d in following.divisions.all()
    ]
    assert divisions == [("A", 0, 1, ["Ann", "Bob", "Dee", "Eve"]), ("B", 1, 0, ["Cho", "Fay", "Gus", "Hal"])]
    stage = following.stages.get()
    assert (stage.name, stage.start, stage.end, stage.closed) == ("Spring", date(2027, 3, 1), date(2027, 3, 31), False)
    with pytest.raises(ServiceError, match="already exists"):
        services.start_next_season(season=season, name="divisions 2027", start=date(2027, 3, 1), end=date(2027, 3, 31))
    assert Season.objects.count() == 2


def test_a_player_cut_before_the_final_can_still_be_relegated(divided, eight):
    """Spring keeps the top 2 of each division for the April final: Bob and Cho, cut in Spring, end
    the season below A's finalists in their Spring order, so Cho (last) goes down; his Spring row
    says so."""
    season, _top, _bottom = divided
    spring = season.stages.get()
    spring.cut = 2
    spring.save()
    april = Stage.objects.create(season=season, order=2, name="April", start=date(2026, 4, 1), end=date(2026, 4, 30))
    services.close_stage(stage=spring)
    ann, bob, cho, dee = eight[:4]
    play([ann, dee, bob, cho], [TSUMO], day=date(2026, 4, 8))  # Ann wins; Bob and Cho are out of it
    found = reads.read_league(season)
    assert [line.player for line in found.ends[0].lines] == [ann.pk, dee.pk, bob.pk, cho.pk]
    final_a = found.stages[1].boards[0]
    assert [row.name for row in final_a.rows] == ["Ann", "Dee"]
    assert [(row.name, row.move) for row in found.stages[0].boards[0].rows if row.move] == [("Cho", "relegated")]
    proposed = [(division.name, [player.name for player in members]) for division, members in reads.proposal(season)]
    assert proposed == [("A", ["Ann", "Bob", "Dee", "Eve"]), ("B", ["Cho", "Fay", "Gus", "Hal"])]
    assert april.entries.count() == 6  # A: Dee, Ann; B: all four (three tied on the line)


@pytest.fixture
def doubled(divided, eight):
    """Dee in both divisions (stored before divisions were checked), and an April stage after Spring."""
    season, _top, bottom = divided
    bottom.members.add(eight[3])
    Stage.objects.create(season=season, order=2, name="April", start=date(2026, 4, 1), end=date(2026, 4, 30))
    return season


DOUBLED = (
    "A player plays in one division of a season, but these players are in more than one: Dee. Keep each of them in "
    "one division (the season's divisions in the admin), then try again."
)


def test_a_stage_of_a_season_with_a_player_in_two_divisions_is_not_closed(doubled, eight):
    """Closing it would enter Dee twice into April; the message names her and what to repair."""
    spring = doubled.stages.get(order=1)
    with pytest.raises(ServiceError) as refused:
        services.close_stage(stage=spring)
    assert str(refused.value) == DOUBLED
    assert not Stage.objects.get(pk=spring.pk).closed and not StageEntry.objects.exists()
    doubled.divisions.get(name="B").members.remove(eight[3])
    assert services.close_stage(stage=spring) == 8


def test_a_season_with_a_player_in_two_divisions_does_not_end(divided, eight):
    season, _top, bottom = divided
    services.close_stage(stage=season.stages.get())
    bottom.members.add(eight[3])  # after the close
    with pytest.raises(ServiceError, match="Dee"):
        services.start_next_season(season=season, name="Next", start=date(2027, 3, 1), end=date(2027, 3, 31))
    assert Season.objects.count() == 1


def test_a_division_takes_no_player_of_another_division_of_its_season(divided, eight):
    season, top, _bottom = divided
    with pytest.raises(ServiceError, match="Already in a division of this season: Cho, Eve."):
        services.add_division(division=Division(season=season, order=3, name="C"), members=[eight[2], eight[4]])
    services.check_divisions(season=season, divisions=[(top, eight[:3])])  # Dee leaves A: nobody doubled
    services.check_divisions(season=season, divisions=[(top, []), (Division(season=season), eight[:4])])
    with pytest.raises(ServiceError, match="Already in a division of this season: Eve."):
        services.check_divisions(season=season, divisions=[(top, [*eight[:4], eight[4]])])
    assert season.divisions.count() == 2


def test_season_names_ignore_case_in_the_database(divided):
    season, _top, _bottom = divided
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(name=season.name.upper(), start=season.start, end=season.end)
