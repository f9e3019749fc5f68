from django.urls import path

from scoring.boards import game_views, home
from scoring.boards import views as boards
from scoring.caching import views as caching
from scoring.events import results_file
from scoring.events import views as events
from scoring.events.american import views as american_events
from scoring.events.online import views as online_night
from scoring.families.mcr.table import views as mcr_table
from scoring.honours import views as honours
from scoring.leagues import views as leagues
from scoring.online import views as online
from scoring.online.names import views as online_names
from scoring.outbox import views as outbox
from scoring.rankings import views as rankings
from scoring.rulebook import views as rulebook
from scoring.table import views as table
from scoring.teams import views as teams
from scoring.tiles import views as tiles

app_name = "scoring"

urlpatterns = [
    path("", home.home, name="home"),
    path("rules/", rulebook.rules, name="rules"),
    path("language/<str:code>/", caching.set_language, name="language"),
    # the table: start a game, record its hands
    path("games/new/", table.start_game, name="start_game"),
    path("players/search/", table.player_search, name="player_search"),
    path("games/<int:game_id>/table/", table.table, name="table"),
    path("games/<int:game_id>/table/preview/", table.preview, name="preview"),
    path("games/<int:game_id>/table/live/", table.table_live, name="table_live"),
    path("games/<int:game_id>/table/hands/", table.record_hand, name="record_hand"),
    path("games/<int:game_id>/table/undo/", table.undo, name="undo"),
    path("games/<int:game_id>/table/finish/", table.finish, name="finish"),
    path("games/<int:game_id>/table/abandon/", table.abandon, name="abandon"),
    path("games/<int:game_id>/table/next/", table.next_game, name="next_game"),
    path("sw.js", outbox.service_worker, name="service_worker"),  # the table's offline outbox
    # hands by their tiles
    path("games/<int:game_id>/table/tiles/", tiles.score_tiles, name="score_tiles"),
    path("games/<int:game_id>/table/tiles/tenpai/", tiles.check_tenpai_claim, name="check_tenpai"),
    path("games/<int:game_id>/table/tiles/fans/", mcr_table.score_tiles, name="score_fans"),  # an MCR win's
    path("records/", honours.club_records, name="records"),  # the club's records
    # read-only game pages
    path("games/", game_views.game_list, name="games"),
    path("games/import/", online.upload, name="import_online"),
    path("games/import/room/", online.create_room, name="online_room"),
    path("games/<int:game_id>/", game_views.game, name="game"),
    path("games/<int:game_id>/live/", game_views.game_live, name="game_live"),
    path("games/<int:game_id>/log.json", game_views.game_log, name="game_log"),
    # leaderboards, statistics and ratings
    *boards.board_urls(),  # each family's board and its CSV (/leaderboard/, /leaderboard/american/ …)
    path("players/<int:pk>/", boards.player, name="player"),
    path("players/<int:pk>/online-names/", online_names.online_names, name="online_names"),
    path("sessions/<int:pk>/", boards.session, name="session"),
    path("seasons/", boards.seasons, name="seasons"),
    path("seasons/<int:pk>/", boards.season, name="season"),
    path("statistics/", boards.statistics_help, name="statistics_help"),
    # leagues: a season's stages and divisions
    path("leagues/", leagues.leagues, name="leagues"),
    path("leagues/<int:pk>/", leagues.league, name="league"),
    path("leagues/<int:pk>/stages/<int:stage>.csv", leagues.stage_csv, name="league_stage_csv"),
    path("leagues/<int:pk>/stages/<int:stage>/close/", leagues.close_stage, name="league_close_stage"),
    path("leagues/<int:pk>/stages/<int:stage>/reopen/", leagues.reopen_stage, name="league_reopen_stage"),
    path("leagues/<int:pk>/stages/<int:stage>/cut/", leagues.apply_cut, name="league_apply_cut"),
    path("leagues/<int:pk>/next/", leagues.next_season, name="league_next_season"),
    path("leagues/<int:pk>/setup/", leagues.setup, name="league_setup"),
    path("leagues/<int:pk>/setup/stage/", leagues.add_stage, name="league_add_stage"),
    path("leagues/<int:pk>/setup/division/", leagues.add_division, name="league_add_division"),
    # club nights and tournaments
    path("events/", events.events, name="events"),
    path("events/<int:pk>/", events.event, name="event"),
    path("events/<int:pk>/room/", events.room, name="event_room"),
    path("events/<int:pk>/tables/<int:number>/", events.table, name="event_table"),
    path("events/<int:pk>/my-table/", events.my_table, name="event_my_table"),
    path("events/<int:pk>/check-in/", events.check_in, name="event_check_in"),
    path("events/<int:pk>/check-in/everyone/", events.check_in_all, name="event_check_in_all"),
    path("events/<int:pk>/walk-ins/", events.walk_ins, name="event_walk_ins"),
    path("events/<int:pk>/draw/", events.draw, name="event_draw"),
    path("events/<int:pk>/swap/", events.swap, name="event_swap"),
    path("events/<int:pk>/start/", events.start, name="event_start"),
    path("events/<int:pk>/open-stage/", events.open_stage, name="event_open_stage"),
    path("events/<int:pk>/standings/", events.standings, name="event_standings"),
    path("events/<int:pk>/online/", online_night.online_night, name="event_online"),
    path("events/<int:pk>/online/names/", online_night.map_names, name="event_online_names"),
    path("events/<int:pk>/results.csv", results_file.results_csv, name="event_results_csv"),
    path("events/<int:pk>/mahjic.csv", american_events.mahjic_csv, name="event_mahjic_csv"),
    path("events/<int:pk>/tables/<int:table>/next-game/", american_events.next_game, name="event_next_game"),
    path("events/american/", american_events.season, name="american_season_now"),
    path("events/american/<int:season>/", american_events.season, name="american_season"),
    path("events/<int:pk>/results.xlsx", results_file.results_xlsx, name="event_results_xlsx"),
    # rankings across events
    path("rankings/", rankings.rankings, name="rankings"),
    path("rankings/import/", rankings.import_event, name="ranking_import"),
    path("rankings/imported/<int:pk>/", rankings.imported_event, name="imported_event"),
    path("rankings/<slug:slug>/", rankings.ranking, name="ranking"),
    path("rankings/<slug:slug>.csv", rankings.ranking_csv, name="ranking_csv"),
    path("rankings/<slug:slug>/players/<int:pk>/", rankings.breakdown, name="ranking_player"),
    # teams and team competitions
    path("teams/", teams.teams, name="teams"),
    path("teams/new/", teams.create_team, name="team_create"),
    path("teams/<int:pk>/", teams.team, name="team"),
    path("teams/<int:pk>/members/", teams.add_member, name="team_add_member"),
    path("teams/<int:pk>/members/remove/", teams.remove_member, name="team_remove_member"),
    path("teams/<int:pk>/captain/", teams.set_captain, name="team_captain"),
    path("events/<int:pk>/teams/", teams.event_board, name="event_teams"),
    path("events/<int:pk>/teams/setup/", teams.set_competition, name="event_teams_setup"),
    path("events/<int:pk>/teams/penalty/", teams.record_penalty, name="event_team_penalty"),
    path("events/<int:pk>/teams.csv", teams.event_board_csv, name="event_teams_csv"),
    path("leagues/<int:pk>/teams/", teams.league_board, name="league_teams"),
    path("leagues/<int:pk>/teams/setup/", teams.set_league_teams, name="league_teams_setup"),
    path("leagues/<int:pk>/teams/penalty/", teams.record_league_penalty, name="league_team_penalty"),
    path("leagues/<int:pk>/teams/<int:stage>.csv", teams.league_board_csv, name="league_teams_csv"),
]
