from django.urls import path

from .views import games, rules, table
from .views import stats as stats_views

app_name = "scoring"

urlpatterns = [
    path("", rules.home, name="home"),
    path("rules/", rules.rules, name="rules"),
    # the table (issue 4): start a game, record its hands
    path("games/new/", table.start_game, name="start_game"),
    path("players/search/", table.player_search, name="player_search"),
    path("games/<int:game_id>/table/", table.table, name="table"),
    path("games/<int:game_id>/table/preview/", table.preview, name="preview"),
    path("games/<int:game_id>/table/hands/", table.record_hand, name="record_hand"),
    path("games/<int:game_id>/table/undo/", table.undo, name="undo"),
    path("games/<int:game_id>/table/finish/", table.finish, name="finish"),
    path("games/<int:game_id>/table/abandon/", table.abandon, name="abandon"),
    # read-only game pages
    path("games/", games.game_list, name="games"),
    path("games/<int:game_id>/", games.game, name="game"),
    path("games/<int:game_id>/log.json", games.game_log, name="game_log"),
    # leaderboards, statistics and ratings (issue 5)
    path("leaderboard/", stats_views.leaderboard, name="leaderboard"),
    path("leaderboard.csv", stats_views.leaderboard_csv, name="leaderboard_csv"),
    path("leaderboard/american/", stats_views.american_board, name="american_board"),
    path("leaderboard/american.csv", stats_views.american_board_csv, name="american_board_csv"),
    path("players/<int:pk>/", stats_views.player, name="player"),
    path("sessions/<int:pk>/", stats_views.session, name="session"),
    path("seasons/", stats_views.seasons, name="seasons"),
    path("seasons/<int:pk>/", stats_views.season, name="season"),
    path("statistics/", stats_views.statistics_help, name="statistics_help"),
]
