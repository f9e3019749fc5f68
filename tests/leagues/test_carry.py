"""A fix after a stage is closed: what the stage carried into the next one follows at once (and on
through a later closed stage); where the fix moved the cut line, the league page says so and staff
apply the new cut. A game in no league stage costs the fix one query, not a league's replay."""

import csv
import io
import re
from datetime import date
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.leagues import carry, reads, services
from scoring.models import Game, Stage
from scoring.records import services as records
from scoring.rules import RiichiHand, Win
from scoring.rules.standings import share
from tests.builders import TSUMO, play, tsumo_night, week
from tests.threads import at_once

SMALLER_TSUMO = RiichiHand("win", wins=(Win(0, None, 1, 30),))  # Ann still wins, by less
CHO_TSUMO = RiichiHand("win", wins=(Win(2, None, 3, 30),))  # West (Cho) wins instead: Cho makes the cut


def anns_first_game(eight) -> Game:
    """Ann's game of the first January evening (Ann, Bob, Cho, Dee; Ann, East, self-draws)."""
    return Game.objects.get(date=week(1), seats__player=eight[0])


def entered(stage: Stage) -> dict[str, int]:
    return {entry.player.name: entry.carried_result for entry in stage.entries.select_related("player")}


def halves_of_the_standing(season, index: int = 0) -> dict[str, int]:
    """Half the total of every entrant of the stage after stage ``index``, as the stage's standing gives it."""
    found = reads.read_league(season)
    totals = {
        row.name: row.line.total.result for board in found.stages[index].boards for row in board.rows + board.apart
    }
    entrants = [row.name for board in found.stages[index + 1].boards for row in board.rows + board.apart]
    return {name: share(totals[name], 2) for name in entrants}


def text(response) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def csv_rows(client, season, stage) -> dict[str, dict[str, str]]:
    response = client.get(reverse("scoring:league_stage_csv", args=[season.pk, stage.pk]))
    return {row["Player"]: row for row in csv.DictReader(io.StringIO(response.content.decode()))}


@pytest.mark.django_db
def test_a_hand_edited_in_a_closed_stage_changes_what_it_carried_and_both_pages_agree(client, staged, eight):
    season, regular, final = staged
    services.close_stage(stage=regular)
    assert entered(final) == {"Ann": 18000, "Eve": 18000}
    records.edit_hand(game=anns_first_game(eight), number=1, facts=SMALLER_TSUMO)
    assert entered(final) == {"Ann": 17250, "Eve": 18000}  # half of 34,500
    regular_csv, final_csv = csv_rows(client, season, regular), csv_rows(client, season, final)
    assert regular_csv["Ann"]["Total"] == "34500"
    assert final_csv["Ann"]["Carried"] == "17250"
    assert "A fix changed who makes the cut" not in text(client.get(reverse("scoring:league", args=[season.pk])))


def _edit(game, eight):
    records.edit_hand(game=game, number=1, facts=SMALLER_TSUMO)


def _undo(game, eight):
    records.undo_last_hand(game=game)


def _delete_hand(game, eight):
    records.delete_hand(game=game, number=1)


def _delete_game(game, eight):
    records.delete_game(game=game)


def _move(game, eight):
    records.change_game(game=game, date=date(2026, 3, 4))  # into no stage: the stage it left follows


def _imported(game, eight):
    """A January game's log imported after the closing: Bob (East) self-draws."""
    log = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "ema-2016",
        "players": ["Bob", "Ann", "Cho", "Dee"],
        "date": "2026-01-21",
        "hands": [{"result": "win", "wins": [{"winner": "Bob", "han": 3, "fu": 30}]}],
        "finished": True,
    }
    records.import_document(doc=log)


def _late_game(game, eight):
    ann, bob, cho, dee = eight[:4]
    play([bob, ann, cho, dee], [TSUMO], day=week(3))  # a January game recorded after the closing: Bob wins


@pytest.mark.django_db
@pytest.mark.parametrize(
    "fix",
    [
        _edit,
        _undo,
        _delete_hand,
        _delete_game,
        _move,
        _imported,
        _late_game,
    ],
    ids=["edit", "undo", "delete-hand", "delete-game", "move", "import", "late-game"],
)
def test_every_fix_of_a_game_in_a_closed_stage_moves_what_it_carried(staged, eight, fix):
    season, regular, final = staged
    game = anns_first_game(eight)
    services.close_stage(stage=regular)
    written = entered(final)
    fix(game, eight)
    now = entered(final)
    assert set(now) == set(written)  # who is in the final is staff's decision (see below)
    assert now != written
    assert now == halves_of_the_standing(season)


@pytest.fixture
def cut_moved(staged, eight):
    """The regular stage closed (Ann and Eve in the final), then Ann's first game fixed: Cho won it,
    so Cho now makes the cut and Ann does not."""
    season, regular, final = staged
    services.close_stage(stage=regular)
    records.edit_hand(game=anns_first_game(eight), number=1, facts=CHO_TSUMO)
    return season, regular, final


@pytest.mark.django_db
def test_a_fix_that_moves_the_cut_keeps_the_field_and_the_league_page_says_so(client, cut_moved):
    season, _regular, final = cut_moved
    assert entered(final) == {"Ann": 500, "Eve": 18000}  # Ann's points follow; the field waits for staff
    page = reverse("scoring:league", args=[season.pk])
    shown = text(client.get(page))
    assert (
        "A fix changed who makes the cut: “Final” keeps its players as they are until staff apply the new cut." in shown
    )
    assert "would now go on: Cho" in shown and "would no longer go on: Ann" in shown
    assert "Apply the new cut" not in shown  # staff only
    spanish = text(client.get(page, headers={"Accept-Language": "es"}))
    assert "ahora pasarían: Cho" in spanish and "ya no pasarían: Ann" in spanish
    client.force_login(User.objects.create_user("stu", password="pw", is_staff=True))
    assert "Apply the new cut" in text(client.get(page))


@pytest.mark.django_db
def test_staff_apply_the_new_cut(client, cut_moved):
    season, regular, final = cut_moved
    action = reverse("scoring:league_apply_cut", args=[season.pk, regular.pk])
    client.force_login(User.objects.create_user("mem", password="pw"))
    assert client.post(action).status_code == 403
    client.force_login(User.objects.create_user("stu", password="pw", is_staff=True))
    shown = text(client.post(action, follow=True))
    assert "The new cut of “Regular” is applied: 2 in the next stage." in shown
    assert "A fix changed who makes the cut" not in shown
    assert entered(final) == {"Cho": 6500, "Eve": 18000}
    assert entered(final) == halves_of_the_standing(season)


@pytest.mark.django_db
def test_the_new_cut_waits_while_the_next_stage_is_closed_too(client, cut_moved):
    season, regular, final = cut_moved
    services.close_stage(stage=final)
    client.force_login(User.objects.create_user("stu", password="pw", is_staff=True))
    page = text(client.get(reverse("scoring:league", args=[season.pk])))
    assert "Reopen “Final” first to apply the new cut." in page and "Apply the new cut" not in page
    shown = text(client.post(reverse("scoring:league_apply_cut", args=[season.pk, regular.pk]), follow=True))
    assert "“Final” is closed too: reopen it first, then apply the new cut of “Regular”." in shown
    assert entered(final) == {"Ann": 500, "Eve": 18000}
    services.reopen_stage(stage=final)
    assert services.apply_cut(stage=regular) == 2


@pytest.mark.django_db
def test_an_open_or_last_stage_has_no_new_cut_to_apply(staged):
    _season, regular, final = staged
    with pytest.raises(records.ServiceError, match="“Regular” is open: its cut applies when it closes."):
        services.apply_cut(stage=regular)
    with pytest.raises(records.ServiceError, match="“Final” is the last stage: nobody goes on from it."):
        services.apply_cut(stage=final)


@pytest.mark.django_db
def test_a_fix_moves_what_carried_on_through_a_later_closed_stage(staged, eight):
    """Regular → Final → Play-off: with Final closed too, a fix in January changes what Ann carried
    into the Final and, from that, into the Play-off."""
    season, regular, final = staged
    playoff = Stage.objects.create(
        season=season, order=3, name="Play-off", start=date(2026, 3, 1), end=date(2026, 3, 31)
    )
    ann, _bob, cho, dee, eve = eight[:5]
    services.close_stage(stage=regular)
    tsumo_night([ann, eve, cho, dee], 5)  # a February evening of the final
    services.close_stage(stage=final)
    written = entered(playoff)
    records.edit_hand(game=anns_first_game(eight), number=1, facts=SMALLER_TSUMO)
    assert entered(final) == halves_of_the_standing(season, 0)
    assert entered(playoff)["Ann"] == written["Ann"] - 750  # 18,000 − 17,250 less carried in, whole
    assert entered(playoff)["Eve"] == written["Eve"]
    assert not [each.stale for each in carry.carried(reads.read_league(season)) if each.stale]


@pytest.mark.django_db
@pytest.mark.parametrize("day", [date(2026, 6, 3), week(2)], ids=["in-no-stage", "in-an-open-stage"])
def test_a_fix_of_a_game_in_no_closed_stage_reads_no_league(staged, eight, day):
    """One query asks which stages hold the game's day (and locks them); no standing is read."""
    game = play(eight[:4], [TSUMO], day=day)
    with CaptureQueriesContext(connection) as captured:
        records.edit_hand(game=game, number=1, facts=SMALLER_TSUMO)
    stages = [query["sql"] for query in captured if '"scoring_stage"' in query["sql"]]
    assert len(stages) == 1
    assert not [query["sql"] for query in captured if "scoring_stageentry" in query["sql"]]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's locks (DATABASE_URL)")
@pytest.mark.parametrize("round_", range(10))
def test_a_fix_at_the_moment_the_stage_closes_is_carried(staged, eight, round_):
    """Staff close the regular stage while an admin fixes a January hand: whichever goes first, the
    final's entrants carry what the fixed standing gives."""
    season, regular, final = staged
    outcomes = at_once(
        lambda: services.close_stage(stage=regular),
        lambda: records.edit_hand(game=anns_first_game(eight), number=1, facts=SMALLER_TSUMO),
    )
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert entered(final) == halves_of_the_standing(season) == {"Ann": 17250, "Eve": 18000}


@pytest.mark.django_db
def test_a_closed_stage_changed_in_the_admin_carries_as_it_now_says(client, staged):
    """A closed stage's knob changed in the admin (carried whole, not halved): what it carried
    follows, through the services, on the stage's own page and on the season's."""
    season, regular, final = staged
    services.close_stage(stage=regular)
    assert entered(final) == {"Ann": 18000, "Eve": 18000}
    client.force_login(User.objects.create_superuser("root", password="pw-root-123"))
    form = {field: getattr(regular, field) for field in ("order", "name", "start", "end", "family", "kind")}
    form |= {"season": season.pk, "best_nights": "", "min_nights": 2, "min_percent": 0, "min_players": 0}
    form |= {"cut": 2, "cut_percent": "", "carry": "full"}
    response = client.post(f"/admin/scoring/stage/{regular.pk}/change/", form)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert entered(final) == {"Ann": 36000, "Eve": 36000}
    regular.refresh_from_db()
    regular.carry = "half"
    regular.save()  # as a change on the season's page saves it, then the season follows
    services.season_changed(season=season)
    assert entered(final) == {"Ann": 18000, "Eve": 18000}
