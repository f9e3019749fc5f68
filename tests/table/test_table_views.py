"""The table page and its htmx partials: full pages, partials, saving, undo,
finish and abandon, the noten-riichi chombo offer, idempotent submissions, the tap budget."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Game, Hand
from scoring.records import services
from scoring.rules import RiichiHand, Win

from .conftest import start
from .driver import Thumb

HX = {"HX-Request": "true"}


def url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


def fresh_form(client, game, outcome):
    """The hidden fields of a fresh hand form for ``outcome``."""
    html = client.get(url("table", game) + f"?outcome={outcome}").content.decode()
    key = re.search(r'name="submission_key" value="(\w+)"', html).group(1)
    number = re.search(r'name="expected_number" value="(\d+)"', html).group(1)
    return {"outcome": outcome, "submission_key": key, "expected_number": number}


def ron(client, game, winner=1, discarder=2, han=3, fu=30, **extra):
    data = {
        **fresh_form(client, game, "ron"),
        "win0-winner": winner,
        "discarder": discarder,
        "win0-han": han,
        "win0-fu": fu,
        "action": "save",
        **extra,
    }
    return client.post(url("record_hand", game), data, headers=HX)


# ---- pages and partials --------------------------------------------------------------------


def test_full_page_shows_the_scoreboard_and_outcome_buttons_with_real_links(client_ann, game):
    response = client_ann.get(url("table", game))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and 'id="scoreboard"' in html
    assert "E1" in html and "30,000" in html
    for outcome in ("ron", "tsumo", "draw", "chombo"):
        assert f'href="/games/{game.pk}/table/?outcome={outcome}"' in html
    assert "?outcome=abortive" not in html  # EMA 2016 has no abortive draws
    assert "HX-Request" in response["Vary"]


def test_htmx_outcome_button_returns_only_the_hand_form(client_ann, game):
    response = client_ann.get(url("table", game) + "?outcome=draw", headers=HX)
    html = response.content.decode()
    assert "<html" not in html
    assert html.strip().startswith('<section id="hand-form"')
    assert 'name="tenpai"' in html and 'name="win0-han"' not in html
    assert "HX-Request" in response["Vary"]


def test_no_js_outcome_page_renders_the_form_in_the_page(client_ann, game):
    html = client_ann.get(url("table", game) + "?outcome=ron").content.decode()
    assert "<html" in html and 'name="win0-han"' in html and 'name="discarder"' in html
    assert 'aria-current="true">Ron<' in html


def test_fields_per_outcome_and_ruleset(client_ann, players):
    reach = start(players, "reach")
    html = client_ann.get(url("table", reach) + "?outcome=draw").content.decode()
    assert 'name="nagashi"' in html and 'name="mistaken_call"' in html
    html = client_ann.get(url("table", reach) + "?outcome=abortive").content.decode()
    assert 'value="triple_ron"' in html and 'value="four_winds"' in html
    html = client_ann.get(url("table", reach) + "?outcome=ron").content.decode()
    assert 'value="add_winner"' in html  # double ron allowed in Reach
    wrc = start([*players[1:], players[0]], "wrc")
    html = client_ann.get(url("table", wrc) + "?outcome=ron").content.decode()
    assert 'value="add_winner"' not in html  # head bump
    assert 'name="mistaken_call"' not in html and 'value="y6"' in html


def test_chombo_form_quotes_the_clause_lists_offences_and_shows_the_cost(client_ann, game):
    html = client_ann.get(url("table", game) + "?outcome=chombo").content.decode()
    assert "EMA Riichi Competition Rules 2016, §3.4.6" in html
    assert "Declaring riichi on a hand that is not waiting" in html
    assert "Reverse mangan" in html  # not a tournament game


def test_american_form_and_incident_rows(client_ann, american):
    html = client_ann.get(url("table", american) + "?outcome=mahjong").content.decode()
    assert 'name="value"' in html and 'name="misnamed_discard"' in html and "Self-picked" in html
    data = {**fresh_form(client_ann, american, "mahjong"), "action": "add_challenge"}
    html = client_ann.post(url("record_hand", american), data, headers=HX).content.decode()
    assert 'name="chal0-challenger"' in html and "lowest-scoring hand on the card" in html
    assert Hand.objects.count() == 0


def test_preview_partial_says_who_pays_whom(client_ann, game):
    services.record_hand(
        game=game, facts=RiichiHand("draw", riichi=(0,), tenpai=(0,)), expected_number=1, submission_key="a"
    )
    data = {
        **fresh_form(client_ann, game, "ron"),
        "win0-winner": 0,
        "discarder": 2,
        "win0-han": 3,
        "win0-fu": 30,
        "riichi": [1],
        "win0-shape": "x",
    }
    response = client_ann.post(url("preview", game), data, headers=HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Cho pays Ann 5,800 + 300 for counters" in html
    assert "Ann takes 2 riichi sticks" in html
    assert 'id="win0-extra" class="win-extra" hx-swap-oob="true"' in html


def test_preview_lists_what_is_missing_and_refreshes_fu_only_when_the_han_changes(client_ann, game):
    data = {**fresh_form(client_ann, game, "ron"), "win0-winner": 0, "win0-shape": "irrelevant"}
    html = client_ann.post(url("preview", game), data, headers=HX).content.decode()
    assert "Still to tap:" in html and "From (dealt in)" in html and "Han" in html
    data = {**data, "win0-han": "5", "win0-shape": ""}
    html = client_ann.post(url("preview", game), data, headers=HX).content.decode()
    assert "hx-swap-oob" not in html  # a limit shows no fu, as the page already does


def test_preview_of_a_noten_riichi_offers_the_chombo_button(client_ann, game):
    data = {**fresh_form(client_ann, game, "draw"), "riichi": [1], "tenpai": [0]}
    html = client_ann.post(url("preview", game), data, headers=HX).content.decode()
    assert "EMA Riichi Competition Rules 2016, §3.4.6" in html
    assert 'value="chombo:1"' in html and "Record as chombo by Bo" in html


# ---- saving --------------------------------------------------------------------------------


def test_saving_refreshes_scoreboard_form_and_log_out_of_band(client_ann, game):
    response = ron(client_ann, game, riichi=[1])
    html = response.content.decode()
    assert response.status_code == 200
    for region in ("alerts", "scoreboard", "hand-form", "hand-log", "game-actions"):
        assert re.search(rf'id="{region}"[^>]*hx-swap-oob="(true|innerHTML)"', html), region
    assert "Hand 1 recorded." in html and "33,900" in html and "Bo ron off Cho, 3 han 30 fu" in html
    assert Hand.objects.get(game=game).comment == ""


def test_saving_without_htmx_redirects_to_the_table(client_ann, game):
    data = {**fresh_form(client_ann, game, "tsumo"), "win0-winner": 0, "win0-han": 2, "win0-fu": 20, "action": "save"}
    response = client_ann.post(url("record_hand", game), data)
    assert response.status_code == 302 and response["Location"] == url("table", game)
    assert client_ann.get(response["Location"]).content.decode().count("Hand 1 recorded.") == 1


def test_invalid_form_is_rerendered_with_status_200_and_the_rule(client_ann, game):
    response = ron(client_ann, game, han=1, fu=25)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="field-error" id="win0-fu-error"' in html and "EMA Riichi Competition Rules 2016, han and fu" in html
    assert Hand.objects.count() == 0
    response = client_ann.post(url("record_hand", game), {**fresh_form(client_ann, game, "ron"), "action": "save"})
    assert response.status_code == 200 and "Tap who won." in response.content.decode()


def test_a_double_tap_records_one_hand(client_ann, game):
    data = {**fresh_form(client_ann, game, "tsumo"), "win0-winner": 0, "win0-han": 2, "win0-fu": 20, "action": "save"}
    first = client_ann.post(url("record_hand", game), data, headers=HX)
    again = client_ann.post(url("record_hand", game), data, headers=HX)
    assert first.status_code == again.status_code == 200
    assert "already recorded" in again.content.decode()
    assert Hand.objects.filter(game=game).count() == 1


def test_a_stale_form_is_refused_with_a_conflict_message(client_ann, game):
    data = {**fresh_form(client_ann, game, "tsumo"), "win0-winner": 0, "win0-han": 2, "win0-fu": 20, "action": "save"}
    services.record_hand(game=game, facts=RiichiHand("draw"), expected_number=1, submission_key="other")
    html = client_ann.post(url("record_hand", game), data, headers=HX).content.decode()
    assert "Someone else recorded hand 1 first" in html
    assert 'name="expected_number" value="2"' in html
    assert Hand.objects.filter(game=game).count() == 1


def test_add_winner_rerenders_without_saving(client_ann, game):
    data = {**fresh_form(client_ann, game, "ron"), "win0-winner": 0, "action": "add_winner"}
    html = client_ann.post(url("record_hand", game), data, headers=HX).content.decode()
    assert 'name="win1-winner"' in html and 'name="n_winners" value="2"' in html
    assert 'win0-winner_0" checked' in html
    assert Hand.objects.count() == 0


def test_double_ron_is_recorded(client_ann, game):
    data = {
        **fresh_form(client_ann, game, "ron"),
        "n_winners": 2,
        "win0-winner": 0,
        "win1-winner": 3,
        "discarder": 2,
        "win0-han": 2,
        "win0-fu": 30,
        "win1-han": "5",
        "riichi": [3],
        "action": "save",
    }
    response = client_ann.post(url("record_hand", game), data, headers=HX)
    assert "Hand 1 recorded." in response.content.decode()
    hand = Hand.objects.get(game=game)
    assert [(w.winner, w.han) for w in hand.wins.all()] == [(0, 2), (3, 5)]


def test_noten_riichi_becomes_chombo_in_one_tap(client_ann, game):
    data = {**fresh_form(client_ann, game, "draw"), "riichi": [1, 3], "tenpai": [0], "action": "chombo:1,3"}
    html = client_ann.post(url("record_hand", game), data, headers=HX).content.decode()
    assert "Recorded as chombo by Bo, Dee." in html
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    assert [(h.result, h.offender) for h in hands] == [("chombo", 1), ("chombo", 3)]
    assert "not waiting" in hands[0].comment


def test_the_chombo_button_only_converts_a_noten_riichi(client_ann, game):
    data = {**fresh_form(client_ann, game, "draw"), "riichi": [1], "tenpai": [0, 1], "action": "chombo:1"}
    html = client_ann.post(url("record_hand", game), data, headers=HX).content.decode()
    assert Hand.objects.count() == 0 and "hand-form" in html


def test_chombo_form_records_the_offence_as_the_comment(client_ann, game):
    data = {
        **fresh_form(client_ann, game, "chombo"),
        "offender": 2,
        "offence": "dead_claim",
        "comment": "seen by all",
        "action": "save",
    }
    client_ann.post(url("record_hand", game), data, headers=HX)
    hand = Hand.objects.get(game=game)
    assert hand.comment == "Attempting to claim a tile after the hand has been declared dead. seen by all"


def test_a_finished_game_shows_the_final_standings(client_ann, game):
    for n in range(8):  # a non-dealer tsumo each hand: the deal rotates to the end of South 4
        winner = 1 if n % 4 != 1 else 2
        services.record_hand(
            game=game,
            facts=RiichiHand("win", wins=(Win(winner, None, 1, 30),)),
            expected_number=n + 1,
            submission_key=str(n),
        )
    game.refresh_from_db()
    assert game.status == Game.FINISHED
    html = client_ann.get(url("table", game)).content.decode()
    assert "Final standings" in html and "Uma" in html and 'id="hand"' not in html
    assert "Finish game" not in html and "Undo last hand" in html


# ---- undo, finish, abandon -------------------------------------------------------------------


def test_undo_asks_first_then_undoes(client_ann, game):
    ron(client_ann, game)
    html = client_ann.get(url("undo", game), headers=HX).content.decode()
    assert html.strip().startswith('<section id="game-actions"')
    assert "Undo hand 1 (E1: Bo ron off Cho, 3 han 30 fu)?" in html
    page = client_ann.get(url("undo", game)).content.decode()
    assert "<html" in page and "Undo hand 1" in page  # without JavaScript: the page with the question
    response = client_ann.post(url("undo", game), {"expected_number": 1}, headers=HX)
    assert "Hand 1 undone." in response.content.decode()
    assert Hand.objects.filter(game=game).count() == 0


def test_undo_of_a_hand_that_is_no_longer_last_is_refused(client_ann, game):
    ron(client_ann, game)
    ron(client_ann, game)
    html = client_ann.post(url("undo", game), {"expected_number": 1}, headers=HX).content.decode()
    assert "The last hand is now hand 2" in html
    assert Hand.objects.filter(game=game).count() == 2


def test_finish_and_abandon(client_ann, players, game):
    ron(client_ann, game)
    response = client_ann.post(url("finish", game), headers=HX)
    assert "final standings" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.FINISHED
    other = start([players[0], players[2], players[1], players[3]])
    assert "Abandon this game?" in client_ann.get(url("abandon", other), headers=HX).content.decode()
    response = client_ann.post(url("abandon", other))
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.status == Game.ABANDONED
    html = client_ann.get(url("table", other)).content.decode()
    assert "This game was abandoned" in html and 'id="hand"' not in html


def test_recording_in_a_finished_game_is_refused_on_the_page(client_ann, game):
    data = {**fresh_form(client_ann, game, "tsumo"), "win0-winner": 0, "win0-han": 2, "win0-fu": 20, "action": "save"}
    services.finish_game(game=game)
    response = client_ann.post(url("record_hand", game), data, headers=HX)
    assert response.status_code == 200 and "This game is over" in response.content.decode()


# ---- the tap budget --------------------------------------------------------------------------


def test_tap_budget_ron_with_han_fu_and_one_riichi_in_6(client_ann, game):
    """Ron, winner, from, han (fu 30 is the default), one riichi, save."""
    thumb = Thumb(client_ann, url("table", game))
    thumb.link("?outcome=ron")
    thumb.chip("win0-winner", 1)
    thumb.chip("discarder", 2)
    thumb.chip("win0-han", 3)
    thumb.chip("riichi", 1)
    response = thumb.submit(url("record_hand", game))
    assert response.status_code == 302, response.content.decode()[:500]
    assert thumb.taps == 6
    win = Hand.objects.get(game=game).wins.get()
    assert (win.winner, win.discarder, win.han, win.fu) == (1, 2, 3, 30)


def test_tap_budget_tsumo_in_5(client_ann, game):
    """Tsumo, winner, han, fu (20, pinfu tsumo: not the default), save."""
    thumb = Thumb(client_ann, url("table", game))
    thumb.link("?outcome=tsumo")
    thumb.chip("win0-winner", 2)
    thumb.chip("win0-han", 2)
    thumb.chip("win0-fu", 20)
    assert thumb.submit(url("record_hand", game)).status_code == 302
    assert thumb.taps == 5
    win = Hand.objects.get(game=game).wins.get()
    assert (win.winner, win.discarder, win.han, win.fu) == (2, None, 2, 20)


def test_tap_budget_draw_with_two_tenpai_in_4(client_ann, game):
    """Draw, tenpai, tenpai, save: nobody in riichi is the default."""
    thumb = Thumb(client_ann, url("table", game))
    thumb.link("?outcome=draw")
    thumb.chip("tenpai", 0)
    thumb.chip("tenpai", 3)
    assert thumb.submit(url("record_hand", game)).status_code == 302
    assert thumb.taps == 4
    hand = Hand.objects.get(game=game)
    assert (hand.result, hand.tenpai, hand.riichi) == ("draw", [0, 3], [])


# ---- queries -----------------------------------------------------------------------------


@pytest.mark.parametrize("hands", [1, 6])
def test_table_page_queries_do_not_grow_with_the_game(client_ann, game, hands, django_assert_max_num_queries):
    for n in range(hands):
        services.record_hand(
            game=game, facts=RiichiHand("draw", tenpai=(game.pk % 4,)), expected_number=n + 1, submission_key=str(n)
        )
    with django_assert_max_num_queries(14):
        assert client_ann.get(url("table", game) + "?outcome=ron").status_code == 200


# ---- Spanish ---------------------------------------------------------------------------------


def test_the_table_speaks_spanish(client_ann, game):
    es = {"Accept-Language": "es"}
    html = client_ann.get(url("table", game) + "?outcome=ron", headers=es).content.decode()
    assert "Mano 1: ¿qué pasó?" in html and "Guardar la mano" in html and "De (dio el descarte)" in html
    assert "Palillos de riichi" in html and "30\xa0000" in html  # Spanish groups thousands with a space
    data = {**fresh_form(client_ann, game, "ron"), "win0-winner": 1, "discarder": 2, "win0-han": 3, "win0-fu": 30}
    html = client_ann.post(url("preview", game), data, headers={**HX, **es}).content.decode()
    assert "Cho paga a Bo 3\xa0900" in html and "Quién paga a quién" in html
    data = {**data, "win0-han": 1, "win0-fu": 25, "action": "save"}
    html = client_ann.post(url("record_hand", game), {**data, "discarder": 1}, headers={**HX, **es}).content.decode()
    assert "Bo ha ganado esta mano y no puede haber dado el descarte ganador." in html


# ---- hostile input and replays ----------------------------------------------------------------


def test_a_referee_penalty_past_the_bound_is_refused_on_the_form(client_ann, game):
    response = ron(client_ann, game, **{"n_referee": 1, "ref0-player": 1, "ref0-points": 3_000_000_000})
    html = response.content.decode()
    assert response.status_code == 200
    assert "A penalty is at most 1,000,000 points" in html and "hand-form" in html
    assert not Hand.objects.exists()


def test_a_too_long_submission_key_on_record_as_chombo_is_refused_on_the_form(client_ann, game):
    data = {
        **fresh_form(client_ann, game, "draw"),
        "riichi": [1, 3],
        "tenpai": [0],
        "action": "chombo:1,3",
        "submission_key": "k" * 63,
    }
    response = client_ann.post(url("record_hand", game), data, headers=HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "submission key is too long): reload the table page" in html
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"comment": "slow\x1b[2J"},
        {"comment": "next\x85line"},
        {"n_referee": 1, "ref0-player": 1, "ref0-points": 1000, "ref0-reason": "a\x07"},
    ],
)
def test_a_control_character_in_a_comment_or_reason_is_refused_on_the_form(client_ann, game, fields):
    """The game log refuses them (scoring/rules/bounds.py): a game recorded with one could not be imported again."""
    html = ron(client_ann, game, **fields).content.decode()
    assert "Remove the control character" in html and "hand-form" in html
    assert not Hand.objects.exists()


def test_a_submission_key_with_a_nul_is_refused_on_the_form(client_ann, game):
    """PostgreSQL refuses a NUL in any query: the key is not looked up, the form says it is damaged."""
    response = ron(client_ann, game, submission_key="k\x00")
    assert response.status_code == 200
    assert "This form is damaged (its submission key is not valid): reload the table page" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_form_sent_again_after_its_hand_was_undone_records_nothing(client_ann, game):
    data = {
        **fresh_form(client_ann, game, "ron"),
        "win0-winner": 1,
        "discarder": 2,
        "win0-han": 3,
        "win0-fu": 30,
        "action": "save",
    }
    client_ann.post(url("record_hand", game), data, headers=HX)
    services.undo_last_hand(game=game)
    html = client_ann.post(url("record_hand", game), data, headers=HX).content.decode()
    assert "Hand 1 from this form was recorded and then undone, so it was not recorded again." in html
    assert not Hand.objects.exists()


def test_after_the_gong_the_form_asks_whether_the_hand_ended_before_it(client_ann, game):
    """A hand recorded late is not the hand in progress at the gong (the round timer)."""
    ron(client_ann, game)
    assert "This hand ended before the gong" not in client_ann.get(url("table", game) + "?outcome=ron").content.decode()
    Game.objects.filter(pk=game.pk).update(gong_at=timezone.now(), knobs={**game.knobs, "time_up": "last_hand"})
    assert "This hand ended before the gong" in client_ann.get(url("table", game) + "?outcome=ron").content.decode()
    ron(client_ann, game, before_gong="on")
    game.refresh_from_db()
    assert game.status == Game.IN_PROGRESS and game.hand_set.get(number=2).before_gong
    ron(client_ann, game)  # the hand in progress at the gong: the last
    game.refresh_from_db()
    assert game.status == Game.FINISHED


def test_the_scoreboards_wind_letters_are_the_readers(client_ann, game):
    """West is Oeste: the Spanish scoreboard marks the West seat O, the English one W."""
    es = client_ann.get(url("table", game), headers={"Accept-Language": "es"}).content.decode()
    en = client_ann.get(url("table", game), headers={"Accept-Language": "en"}).content.decode()
    assert '<abbr title="Oeste" aria-hidden="true">O</abbr>' in es
    assert '<abbr title="West" aria-hidden="true">W</abbr>' in en
