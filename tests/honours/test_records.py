"""The club's records read from the stored history: ties together, each
linking to its hand, the same after every write as after a rebuild; a win's yaku are stored
when it is recorded, so no page scores tiles; the page is cached and follows every write."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from scoring.honours import reads
from scoring.records import services
from scoring.rules.vocabulary import FamilyName
from scoring.tiles.templatetags import yaku_name

pytestmark = pytest.mark.django_db
RIICHI = FamilyName.RIICHI
PLAYERS = ["Ann", "Bea", "Cid", "Dee"]
DAISANGEN = {
    "hand": "77z234m88p",
    "win": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}


def game(hands, *, session="Club night"):
    return services.import_document(
        doc={
            "format": "mahjong-club/game-log@1",
            "ruleset": "ema-2016",
            "players": PLAYERS,
            "hands": hands,
            "finished": True,
            "session": session,
            "date": "2026-11-30",
        }
    )


def ron(winner, discarder, **value):
    return {"result": "win", "wins": [{"winner": winner, "from": discarder, **value}], "riichi": []}


@pytest.fixture
def history():
    first = game(
        [
            ron("Bea", "Ann", yakuman=1, tiles=DAISANGEN),
            ron("Bea", "Cid", han=3, fu=40),
            {"result": "chombo", "offender": "Dee", "riichi": []},
            ron("Cid", "Dee", han=2, fu=30, tiles={"hand": "23m456789p234s55s", "win": "4m"}),
        ]
    )
    second = game([ron("Ann", "Dee", yakuman=1), ron("Ann", "Cid", han=3, fu=40)])
    return first, second


def test_yakuman_wall_and_biggest_hands_list_ties_together(history):
    first, second = history
    assert [(w["name"], w["game"], w["number"]) for w in reads.yakuman_wall(RIICHI)] == [
        ("Ann", second.pk, 1),
        ("Bea", first.pk, 1),
    ]  # newest first (same date: the later game)
    biggest = reads.biggest_hands(RIICHI, count=3)
    assert [(w["name"], w["yakuman"], w["han"]) for w in biggest] == [
        ("Bea", 1, 0),
        ("Ann", 1, 0),
        ("Bea", 0, 3),
        ("Ann", 0, 3),
    ]  # the tie at third place is listed too


@pytest.mark.parametrize("few_among", [reads.FEW_AMONG, 0])
def test_a_family_with_few_of_the_clubs_biggest_wins_reads_its_own(history, monkeypatch, few_among):
    """The biggest hands are the same whether found among the club's top wins or, for a family
    with few of them (``FEW_AMONG``; 0: at once), read from its own games; a family without a
    win has none, in a bounded number of queries however many wins the others have."""
    monkeypatch.setattr(reads, "FEW_AMONG", few_among)
    biggest = reads.biggest_hands(RIICHI, count=3)
    assert [(w["name"], w["yakuman"], w["han"]) for w in biggest] == [
        ("Bea", 1, 0),
        ("Ann", 1, 0),
        ("Bea", 0, 3),
        ("Ann", 0, 3),
    ]
    assert reads.biggest_hands(FamilyName.SANMA, count=3) == []


def test_most_wins_and_best_results(history):
    first, second = history
    assert [(r["name"], r["game_id"], r["wins"]) for r in reads.most_wins_in_one_game(RIICHI)] == [
        ("Bea", first.pk, 2),
        ("Ann", second.pk, 2),
    ]
    best = reads.best_game_results(RIICHI)
    assert len(best) == 1 and best[0]["name"] in ("Ann", "Bea")
    assert len(reads.best_session_results(RIICHI)) == 1


def test_chombo_list_and_common_yaku(history):
    first, _second = history
    assert [(r["name"], r["game"], r["number"], r["what"]) for r in reads.chombo_and_penalties()] == [
        ("Dee", first.pk, 3, "chombo")
    ]
    assert dict(reads.common_yaku(RIICHI)) == {
        "Bea": [("Daisangen", 1, first.pk, 1)],
        "Cid": [("Pinfu", 1, first.pk, 4)],
    }


def test_the_page_links_each_record_to_its_hand(client, history):
    first, _second = history
    page = client.get(reverse("scoring:records")).content.decode()
    assert f'href="/games/{first.pk}/#hand-1"' in page and f'href="/games/{first.pk}/#hand-3"' in page
    assert "Yakuman wall" in page and 'src="/static/tiles/7z.svg"' in page


def test_a_write_shows_at_once(client, history):
    """Deleting a game removes its records, from the reads and from the cached page."""
    first, _second = history
    assert any(r["what"] == "chombo" for r in reads.chombo_and_penalties())
    url = reverse("scoring:records")
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    services.delete_game(game=first)
    assert reads.chombo_and_penalties() == [] and [w["name"] for w in reads.yakuman_wall(RIICHI)] == ["Ann"]
    page = client.get(url, headers={"If-None-Match": etag})
    assert page.status_code == 200 and f"/games/{first.pk}/#hand-3" not in page.content.decode()


@pytest.fixture
def no_scoring(monkeypatch):
    """The ``mahjong`` package's calculator fails if anything calls it."""
    from mahjong.hand_calculating.hand import HandCalculator

    def refuse(*args, **kwargs):
        raise AssertionError("a page scored tiles at read time")

    monkeypatch.setattr(HandCalculator, "estimate_hand_value", refuse)


def test_the_pages_read_the_stored_yaku_without_scoring_tiles(client, history, no_scoring):
    """The records page and the player page show the yaku stored with each win."""
    from scoring.models import Player

    first, _second = history
    page = client.get(reverse("scoring:records")).content.decode()
    assert "Daisangen" in page and "Pinfu" in page
    page = client.get(reverse("scoring:player", args=[Player.objects.get(name="Bea").pk])).content.decode()
    assert "Most common yaku" in page and "Daisangen" in page


def test_each_write_path_stores_the_yaku_of_a_win_by_its_tiles(history):
    """Import, the table's record_hand and an edit store the yaku the tiles give; a win without
    tiles has none."""
    from scoring.models import Game, Win
    from scoring.rules.gamelog import tiles_text
    from scoring.rules.riichi import RiichiHand
    from scoring.rules.riichi import Win as Won

    first, _second = history
    assert [(w.hand.number, w.yaku) for w in Win.objects.filter(hand__game=first).order_by("hand__number")] == [
        (1, ["Daisangen"]),
        (2, None),
        (4, ["Pinfu"]),
    ]
    played = services.start_game(ruleset=first.ruleset, players=[s.player for s in first.seats.order_by("seat")])
    pinfu = tiles_text({"hand": "23m456789p234s55s", "win": "4m"})
    hand = services.record_hand(
        game=played,
        facts=RiichiHand("win", wins=(Won(2, 3, 1, 30, 0, None, pinfu),)),
        expected_number=1,
        submission_key="k1",
    )
    assert hand.wins.get().yaku == ["Pinfu"]
    tanyao = tiles_text({"hand": "234m456p678s234s5p", "win": "5p"})
    services.edit_hand(
        game=Game.objects.get(pk=played.pk),
        number=1,
        facts=RiichiHand("win", wins=(Won(2, 3, 1, 30, 0, None, tanyao),)),
    )
    assert Win.objects.get(hand__game=played).yaku == ["Tanyao"]


def test_a_replay_moves_the_seat_wind_of_a_later_win(history):
    """Editing an earlier hand so that the dealer stays changes a later winner's seat wind: the
    later win's stored yaku follow (a replay stores them, not only the edited hand's)."""
    from scoring.models import Game, Win
    from scoring.rules.riichi import RiichiHand
    from scoring.rules.riichi import Win as Won

    east_pon = {"hand": "23m456789p55s", "win": "4m", "melds": [{"kind": "pon", "tiles": "111z"}]}
    played = game([ron("Bea", "Cid", han=1, fu=30), ron("Bea", "Ann", han=1, fu=30, tiles=east_pon)])
    later = Win.objects.get(hand__game=played, hand__number=2)
    assert "Yakuhai (seat wind east)" in later.yaku  # Bea (South) won hand 1, so Bea deals hand 2
    services.edit_hand(
        game=Game.objects.get(pk=played.pk), number=1, facts=RiichiHand("win", wins=(Won(0, 2, 1, 30, 0, None, None),))
    )
    later.refresh_from_db()  # the dealer Ann won hand 1 instead: Bea is still South at hand 2
    assert "Yakuhai (seat wind east)" not in later.yaku and "Yakuhai (round wind east)" in later.yaku


def test_the_migration_fills_the_yaku_of_stored_wins(history):
    """Wins stored before the column get their yaku from the data migration."""
    from importlib import import_module

    from django.apps import apps

    from scoring.models import Win

    Win.objects.update(yaku=None)
    import_module("scoring.migrations.0017_win_yaku").store_yaku(apps, None)
    assert sorted(w.yaku for w in Win.objects.filter(tiles__isnull=False)) == [["Daisangen"], ["Pinfu"]]


def test_the_player_page_shows_his_most_common_yaku_each_linked_to_a_hand(client, history):
    """The most common yaku per player, on the player page."""
    from scoring.models import Player

    first, _second = history
    page = client.get(reverse("scoring:player", args=[Player.objects.get(name="Cid").pk])).content.decode()
    assert "Most common yaku" in page and "Pinfu" in page and "Daisangen" not in page
    assert f'href="/games/{first.pk}/#hand-4"' in page


def test_common_yaku_keep_ties_together():
    """Ties at the last place are listed together (three yaku once each, limit 1)."""
    pinfu = {"hand": "23m456789p234s55s", "win": "4m"}
    tanyao = {"hand": "234m456p678s234s5p", "win": "5p"}
    chiitoi = {"hand": "1133m2255p99s117z", "win": "7z"}
    game(
        [
            ron("Ann", "Bea", han=1, fu=30, tiles=pinfu),
            ron("Ann", "Bea", han=1, fu=40, tiles=tanyao),
            ron("Ann", "Bea", han=2, fu=25, tiles=chiitoi),
        ]
    )
    rows = dict(reads.common_yaku(RIICHI, limit=1))
    assert sorted(y for y, _count, _game, _number in rows["Ann"]) == ["Chiitoitsu", "Pinfu", "Tanyao"]


def test_best_results_read_as_points(client, history):
    """The best game and session results are written as the boards write points (+12,300), not 12300."""
    from scoring.rulebook.numbers import points

    page = client.get(reverse("scoring:records")).content.decode()
    best_game, best_session = (
        reads.best_game_results(RIICHI)[0]["result"],
        reads.best_session_results(RIICHI)[0]["total"],
    )
    assert f"{points(best_game, signed=True)}<" in page and f"{points(best_session, signed=True)}<" in page


def snapshot():
    return (
        reads.yakuman_wall(RIICHI),
        reads.biggest_hands(RIICHI, count=3),
        reads.chombo_and_penalties(),
        reads.best_game_results(RIICHI),
        reads.best_session_results(RIICHI),
        reads.most_wins_in_one_game(RIICHI),
        reads.common_yaku(RIICHI),
    )


def test_after_each_write_the_records_equal_a_full_rebuild(history):
    """Edit a hand (a yakuman with its tiles), undo one, finish a game: each time, what the
    records read equals what they read after every game is recomputed from its facts."""
    from scoring.models import Game
    from scoring.rules.gamelog import tiles_text
    from scoring.rules.riichi import RiichiHand, Win

    first, second = history
    writes = [
        lambda: services.edit_hand(
            game=Game.objects.get(pk=first.pk),
            number=2,
            facts=RiichiHand("win", wins=(Win(1, 2, 0, 0, 1, None, tiles_text(DAISANGEN)),)),
        ),
        lambda: services.undo_last_hand(game=services.restore_game(game=Game.objects.get(pk=second.pk))),
        lambda: services.finish_game(game=Game.objects.get(pk=second.pk)),
    ]
    for write in writes:
        write()
        shown = snapshot()
        for game in Game.objects.all():
            services.recompute_game(game=game)
        assert snapshot() == shown
    assert [w["number"] for w in reads.yakuman_wall(RIICHI) if w["game"] == first.pk] == [2, 1]


def test_the_game_page_draws_the_hand_and_names_its_conditions():
    """The game page draws a hand by its tiles (SVG faces) and says "After a kan" in the reader's
    words, not "afterkan"."""
    rinshan = {
        "hand": "23m456789p55s",
        "win": "4m",
        "melds": [{"kind": "closed_kan", "tiles": "1111s"}],
        "conditions": ["after_kan"],
    }
    played = game([{"result": "win", "wins": [{"winner": "Bea", "han": 2, "fu": 40, "tiles": rinshan}], "riichi": []}])
    from django.test import Client

    page = Client().get(reverse("scoring:game", args=[played.pk])).content.decode()
    assert "Bea's hand · After a kan" in page and "afterkan" not in page
    assert page.count('src="/static/tiles/') == 15  # 10 concealed, the kan, the winning tile


def test_the_yaku_the_package_names_in_english_words_read_in_the_readers_language():
    assert yaku_name("Yakuhai (round wind east)") == "Yakuhai (round wind East)"
    with translation.override("es"):
        assert yaku_name("Yakuhai (seat wind south)") == "Yakuhai (viento del asiento: Sur)"
        assert yaku_name("Pinfu") == "Pinfu"


def test_the_wall_and_the_chombo_list_show_the_newest_rows_and_say_so(client, history, monkeypatch):
    first, second = history
    assert [(w["name"], w["game"]) for w in reads.yakuman_wall(RIICHI, count=1)] == [("Ann", second.pk)]
    assert "The newest" not in client.get(reverse("scoring:records")).content.decode()
    monkeypatch.setattr(reads, "LATEST", 1)
    monkeypatch.setattr(reads.yakuman_wall, "__defaults__", (1,))
    cache.clear()  # the page as rendered with the shorter lists
    page = client.get(reverse("scoring:records")).content.decode()
    assert page.count("The newest 1.") == 2  # the wall (two yakuman) and the chombo list (one: a full list)


def test_check_games_finds_stored_yaku_that_the_tiles_do_not_give(history):
    from scoring.models import Win
    from scoring.records.checks import game_mismatches

    first, _second = history
    assert game_mismatches(first) == []
    Win.objects.filter(hand__game=first, hand__number=4).update(yaku=["Tanyao"])
    assert game_mismatches(first) == ["hand 4: yaku is ['Tanyao'], a replay gives ['Pinfu']"]
