"""The teams' write path: rosters with a captain and substitutes, one
team per player in a competition, the best-K knob, team penalties that change no game; and
the draw of a team night keeps teammates apart."""

import pytest

from scoring.caching import versions
from scoring.events import reads as event_reads
from scoring.events import services as events
from scoring.events.teammates import teammate_tables
from scoring.models import Seat, TeamPenalty
from scoring.records.services import ServiceError
from scoring.teams import reads, services
from tests.builders import make_event


def test_a_team_has_a_roster_a_captain_and_substitutes(teams):
    red = teams[0]
    assert red.captain.name == "Ann Arbor"
    assert [(m.player.name, m.substitute) for m in red.members.all()][-1] == ("Max Moss", True)
    assert red.members.count() == 4


def test_a_name_is_taken_ignoring_case_and_a_captain_is_on_the_roster(club, teams):
    with pytest.raises(ServiceError, match="already exists"):
        services.create_team(name="  red ")
    with pytest.raises(ServiceError, match="not on the roster"):
        services.set_captain(team=teams[0], player=club[5])
    services.remove_member(team=teams[0], player=club[0])
    teams[0].refresh_from_db()
    assert teams[0].captain is None


def test_a_player_plays_for_one_team_in_a_competition(club, teams, team_night):
    with pytest.raises(ServiceError, match="Eli Egan already plays for Green in Friday night"):
        services.add_member(team=teams[0], player=club[4])
    other = services.create_team(name="Mixed", players=[club[0], club[4]])
    with pytest.raises(ServiceError, match="Ann Arbor is on the rosters of Red and Mixed"):
        services.set_team_competition(event=team_night, teams=[*teams, other])
    services.add_member(team=other, player=club[8])  # Mixed plays no competition yet: fine


@pytest.mark.parametrize("best, ok", [(None, True), (1, True), (3, True), (4, False), (0, False)])
def test_the_best_k_is_at_most_the_smallest_roster(club, teams, best, ok):
    event = make_event(club[:12])
    if ok:
        assert services.set_team_competition(event=event, teams=teams, best=best).best == best
    else:
        with pytest.raises(ServiceError, match="smallest roster entered \\(3\\)"):
            services.set_team_competition(event=event, teams=teams, best=best)


def test_a_team_penalty_needs_a_reason_and_an_entered_team_and_changes_no_game(club, teams, team_night, scorer):
    competition = reads.competition_of(team_night)
    outsider = services.create_team(name="Outsiders")
    with pytest.raises(ServiceError, match="does not play"):
        services.record_team_penalty(competition=competition, team=outsider, points=10, reason="late")
    with pytest.raises(ServiceError, match="say why"):
        services.record_team_penalty(competition=competition, team=teams[0], points=10, reason="  ")
    with pytest.raises(ServiceError, match="from 1 to 1,000,000 points"):
        services.record_team_penalty(competition=competition, team=teams[0], points=0, reason="late")
    round_ = events.draw_round(event=team_night)
    events.start_round(round_=round_, user=scorer)
    before = list(Seat.objects.values_list("result", "penalties"))
    services.record_team_penalty(competition=competition, team=teams[0], points=8000, reason="late to the table")
    assert list(Seat.objects.values_list("result", "penalties")) == before
    assert TeamPenalty.objects.get().reason == "late to the table"
    line = next(line for line in reads.board(team_night, reads.competition_of(team_night)) if line.team == teams[0])
    assert (line.points, line.penalties) == (-8000, 8000)


def test_the_draw_of_a_team_night_keeps_teammates_apart(club, teams, team_night):
    """Four teams of three at three tables: one player of each team at every table, and the
    event page says so; three teams of four cannot (a table seats four), and it says that."""
    round_ = events.draw_round(event=team_night)
    past = event_reads.past_of(team_night, before=round_.number)
    assert teammate_tables(past, [t.players for t in round_.tables.all()]) == 0
    assert event_reads.teams_note(team_night, round_, past.teams) == "teammates apart"
    services.set_team_competition(event=team_night, teams=teams[:1] + teams[2:])  # Green is out ...
    services.add_member(team=teams[0], player=club[3])  # ... and its players join the others
    services.add_member(team=teams[2], player=club[4])
    services.add_member(team=teams[3], player=club[5])
    round_ = events.draw_round(event=team_night)  # the round drawn again: Red, Blue and Gold of four
    teams_of = event_reads.team_of(team_night)
    assert event_reads.teams_note(team_night, round_, teams_of) == "best found: 3 tables with teammates"


def test_entering_teams_puts_their_players_on_the_event_list(club, teams):
    """Red's substitute Max is not on the night's list of twelve: entering Red lists him (not
    checked in); the players already listed stay as they were."""
    event = make_event(club[:12])
    services.set_team_competition(event=event, teams=teams)
    assert [(e.player.name, e.present) for e in event.entries.filter(player=club[12])] == [("Max Moss", False)]
    assert event.entries.filter(present=True).count() == 12


def test_entering_teams_and_a_roster_change_refresh_the_event_page(club, teams):
    """The event page is cached until something it shows changes: its list and the team board's
    link (entering teams), whether the draw keeps teammates apart (a roster of a team entered)."""
    event = make_event(club[:12])
    key = versions.event(event.pk)
    before = versions.tokens([key])
    services.set_team_competition(event=event, teams=teams)
    entered = versions.tokens([key])
    assert entered != before
    services.remove_member(team=teams[0], player=teams[0].members.first().player)
    assert versions.tokens([key]) != entered
