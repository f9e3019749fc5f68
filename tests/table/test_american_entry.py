"""American entry at the table: referee penalties in the game's own units
with the form's own message, penalties on the scoreboard during play, card-value chips."""

import pytest

from scoring.models import Hand

from .test_table_views import HX, fresh_form, url

pytestmark = pytest.mark.django_db


def wall_with_penalty(client, game, points):
    data = {
        **fresh_form(client, game, "wall"),
        "n_referee": 1,
        "ref0-player": 0,
        "ref0-points": points,
        "ref0-reason": "exposed a tile",
        "action": "save",
    }
    return client.post(url("record_hand", game), data, headers=HX).content.decode()


def test_an_american_penalty_is_any_positive_whole_number_and_shows_on_the_scoreboard(client_ann, american):
    html = wall_with_penalty(client_ann, american, 15)
    assert "Hand 1 recorded." in html
    assert Hand.objects.get(game=american).penalties.get().points == 15
    scoreboard = html[html.index('id="scoreboard"') : html.index('id="hand-form"')]
    assert "penalties −15" in scoreboard


@pytest.mark.parametrize("points", [0, -5, "ten"])
def test_a_bad_american_penalty_gets_the_forms_own_message(client_ann, american, points):
    html = wall_with_penalty(client_ann, american, points)
    assert "An American referee penalty is a positive whole number of points" in html
    assert not Hand.objects.filter(game=american).exists()


def test_a_riichi_penalty_stays_a_multiple_of_100(client_ann, game):
    data = {
        **fresh_form(client_ann, game, "draw"),
        "n_referee": 1,
        "ref0-player": 1,
        "ref0-points": 150,
        "action": "save",
    }
    html = client_ann.post(url("record_hand", game), data, headers=HX).content.decode()
    assert (
        "A referee penalty is a positive multiple of 100 points (EMA Riichi Competition Rules 2016, penalties)" in html
    )


def test_card_value_chips_sit_beside_the_number_field(client_ann, american):
    html = client_ann.get(url("table", american) + "?outcome=mahjong").content.decode()
    field = html.index('id="id_value"')
    chips = html.index('class="value-chips"')
    assert field < chips < html.index("Jokerless")
    assert [f'data-value="{v}"' in html for v in (25, 30, 35, 40, 45, 50)] == [True] * 6
    assert 'data-value="20"' not in html  # below the card's lowest hand value
