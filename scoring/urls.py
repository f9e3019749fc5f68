from django.urls import path

from scoring.boards import game_views
from scoring.boards import views as boards
from scoring.caching import views as caching
from scoring.rulebook import views as rulebook
from scoring.table import views as table

app_name = "scoring"

urlpatterns = [
    path("", rulebook.home, name="home"),
    path("rules/", rulebook.rules, name="rules"),
    path("language/<str:code>/", caching.set_language, name="language"),
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
    path("games/", game_views.game_list, name="games"),
    path("games/<int:game_id>/", game_views.game, name="game"),
    path("games/<int:game_id>/log.json", game_views.game_log, name="game_log"),
    # leaderboards, statistics and ratings (issue 5)
    path("leaderboard/", boards.leaderboard, name="leaderboard"),
    path("leaderboard.csv", boards.leaderboard_csv, name="leaderboard_csv"),
    path("leaderboard/american/", boards.american_board, name="american_board"),
    path("leaderboard/american.csv", boards.american_board_csv, name="american_board_csv"),
    path("players/<int:pk>/", boards.player, name="player"),
    path("sessions/<int:pk>/", boards.session, name="session"),
    path("seasons/", boards.seasons, name="seasons"),
    path("seasons/<int:pk>/", boards.season, name="season"),
    path("statistics/", boards.statistics_help, name="statistics_help"),
]
