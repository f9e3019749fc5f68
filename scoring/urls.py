from django.urls import path

from .views import games, rules, table

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
]
