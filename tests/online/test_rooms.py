"""A room's rules from its log, end to end: a game its lobby's preset does not reproduce is refused
with the values that do (found in its own results), staff create the club copy "… (this room's
rules)" in one step through the rulesets' service, and the room's games then import exactly, their
results the lobby's. Real games of the online corpus (read where it is kept, skipped without it):
half uma (Tenhou's East-only rooms of July 2009), a Mahjong Soul contest room's uma 30/10 and its
25,000 start, a Tenhou private lobby starting at 30,000, skill-room games starting at 1,000."""

import pytest
from django.urls import reverse

from scoring.models import Game, Ruleset
from scoring.online.game import TENHOU_ID, private_lobby
from scoring.online.importer import Options, import_file
from scoring.online.mapping import facts, read_online
from scoring.records import services
from scoring.records.gamelogs import game_document
from scoring.rules import score_document
from tests.online.test_corpus import CORPUS

MORE = CORPUS / "more"
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not MORE.is_dir(), reason=f"the online corpus's more/ is not in {MORE} (ONLINE_CORPUS)"),
]
CREATE = Options(create_players=True)


def results_of(game: Game) -> tuple[int, ...]:
    standings = {line["player"]: line["result"] for line in score_document(game_document(game))["standings"]}
    return tuple(standings[seat.player.name] for seat in game.seats.order_by("seat"))


def refused_then_imported(path, expected_room=""):
    """The file is refused with its room's values; the copy made from them; the file imported."""
    data = path.read_bytes()
    refused = import_file(path.name, data, CREATE)
    assert refused.status == "refused" and refused.room is not None, refused.message
    assert "create this room's rules" in refused.message
    assert refused.room.room == expected_room
    ruleset = services.room_ruleset(based_on=refused.room.base, name=refused.room.name, changes=refused.room.knobs)
    stored = import_file(path.name, data, CREATE)
    assert stored.status == "stored", stored.message
    assert stored.game.ruleset == ruleset
    assert results_of(stored.game) == read_online(data, path.name).results  # the lobby's results, exactly
    assert f"scored under this room's rules: {ruleset.name}" in stored.notes
    return ruleset, stored


def test_half_uma_east_only_rooms_of_2009_import_under_their_rooms_rules():
    """Tenhou's East-only phoenix games of July 2009 (bye, shuffle): uma +10/+5/−5/−10."""
    ruleset, _ = refused_then_imported(MORE / "dnovikoff-tenhou" / "bye.xml")
    assert (ruleset.slug, ruleset.name) == (
        "tenhou-thousands-room",
        "Tenhou (results in thousands) (this room's rules)",
    )
    rules = ruleset.to_rules()
    assert (rules.uma, rules.rounds, rules.start_points) == ((10000, 5000, -5000, -10000), 1, 25000)
    # another game of the room imports at once, under the same copy
    other = import_file("shuffle.xml", (MORE / "dnovikoff-tenhou" / "shuffle.xml").read_bytes(), CREATE)
    assert other.status == "stored" and other.game.ruleset == ruleset
    # the same values again are the same copy, not a second one
    room = read_online((MORE / "dnovikoff-tenhou" / "bye.xml").read_bytes())
    assert room.lobby == "tenhou-thousands"
    assert services.room_ruleset(based_on="tenhou-thousands", name="x", changes=dict(ruleset.knobs)) == ruleset
    assert Ruleset.objects.filter(slug__contains="-room").count() == 1


def test_a_mahjong_soul_contest_room_with_uma_30_10_imports_under_its_rules():
    ruleset, _ = refused_then_imported(
        MORE / "pantheon" / "models__testdata__format6__nagashi_mangan_riichi_bets_bug.json",
        "Mahjong Soul contest 45205107",
    )
    assert ruleset.to_rules().uma == (30000, 10000, -10000, -30000)
    assert ruleset.name == "Mahjong Soul contest 45205107 (this room's rules)"


def test_a_tenhou_private_lobby_starting_at_30000_imports_under_its_rules():
    path = MORE / "dnovikoff-tenhou" / "newattr2023.xml"
    refused = import_file(path.name, path.read_bytes(), CREATE)
    # its own wording: a private lobby's rules, not Tenhou's ranked rules
    assert refused.message.startswith("Tenhou private lobby 1 plays by rules of its own, not Tenhou's ranked rules")
    ruleset, stored = refused_then_imported(path, "Tenhou private lobby 1")
    rules = ruleset.to_rules()
    assert (rules.start_points, rules.return_points, rules.uma_ties) == (30000, 30000, "share")
    assert stored.game.comment == "Tenhou private lobby 1."


def test_skill_room_games_starting_at_1000_import_under_their_rooms_rules():
    ruleset, _ = refused_then_imported(MORE / "dnovikoff-tenhou" / "ratio.xml")
    rules = ruleset.to_rules()
    assert (rules.start_points, rules.return_points, rules.uma) == (1000, 1000, (0, 0, 0, 0))
    # another game of a skill room (its results whole thousands, exact all the same) imports at once
    other = import_file("sanma.xml", (MORE / "dnovikoff-tenhou" / "sanma.xml").read_bytes(), CREATE)
    assert (other.status, other.game.ruleset, results_of(other.game)) == (
        "stored",
        ruleset,
        (-8000, -4000, 16000, -4000),
    )


def test_same_name_seats_are_told_apart_and_the_summary_says_so():
    """A Mahjong Soul contest game where two seats are both "TPlayer1" (two accounts)."""
    path = MORE / "pantheon" / "helpers__onlineLog__testdata__format6__tensoul_with_same_nicknames.json"
    game = read_online(path.read_bytes(), path.name)
    assert game.players == ("プレーヤー2", "TPlayer1", "TPlayer1 (2)", "プレーヤー3")
    assert game.renamed == ("TPlayer1 (2)",)
    _, stored = refused_then_imported(path, "Mahjong Soul contest 16751")
    assert "two seats had the same online name: told apart as 'TPlayer1 (2)'" in stored.notes
    assert [s.player.name for s in stored.game.seats.order_by("seat")] == list(game.players)


def test_ron2_and_private_lobby_log_ids_are_recognised_and_named_with_the_game():
    """Ron2's log ids have a five-digit lobby ("…gm-010b-10103-…"); a private lobby's is not 0000."""
    assert TENHOU_ID.search("2024010112gm-010b-10103-1a2b3c4d").group(0) == "2024010112gm-010b-10103-1a2b3c4d"
    assert private_lobby("2024010112gm-010b-10103-1a2b3c4d") == "10103"
    assert private_lobby("2009071823gm-0041-0000-ff3a2214") == ""
    data = (MORE / "dnovikoff-tenhou" / "newattr2023.xml").read_bytes()
    game = read_online(data, "2024010112gm-0101-10103-1a2b3c4d.mjlog")
    assert (game.log_id, game.room, game.date) == (
        "2024010112gm-0101-10103-1a2b3c4d",
        "Tenhou private lobby 10103",
        "2024-01-01",
    )
    assert facts(game, ["a", "b", "c", "d"]) == "Tenhou private lobby 10103, log 2024010112gm-0101-10103-1a2b3c4d."


def test_staff_create_the_rooms_rules_from_the_summary_in_one_step(admin_client):
    path = MORE / "dnovikoff-tenhou" / "bye.xml"
    with path.open("rb") as upload:
        page = admin_client.post(reverse("scoring:import_online"), {"files": [upload], "create_players": "on"})
    assert "Create the club copy" in page.content.decode()
    proposal = page.context["outcomes"][0].room
    token = page.context["rooms"][0][1]
    answer = admin_client.post(reverse("scoring:online_room"), {"proposal": token, "name": "July 2009 East-only"})
    assert answer.status_code == 302
    ruleset = Ruleset.objects.get(slug="tenhou-thousands-room")
    assert ruleset.name == "July 2009 East-only"
    assert ruleset.to_rules().uma == tuple(proposal.knobs["uma"])
    with path.open("rb") as upload:
        again = admin_client.post(reverse("scoring:import_online"), {"files": [upload], "create_players": "on"})
    assert again.context["outcomes"][0].status == "stored"
    # a proposal that is not the page's own is refused, nothing created
    assert admin_client.post(reverse("scoring:online_room"), {"proposal": "forged", "name": "x"}).status_code == 400


def test_the_command_makes_the_rooms_rules_when_asked():
    from tests.online.test_import import command

    folder = str(MORE / "dnovikoff-tenhou")
    bye = str(MORE / "dnovikoff-tenhou" / "bye.xml")
    status, _out, err = command(bye, "--create-players")
    assert status == 1 and "create this room's rules" in err
    status, out, _err = command(bye, "--create-players", "--room-rules")
    assert status == 0, _err
    assert (
        "bye.xml: this room's rules are tenhou-thousands-room (Tenhou (results in thousands) (this room's rules))"
        in out
    )
    assert "; scored under this room's rules: Tenhou (results in thousands) (this room's rules)" in out
    assert folder in out


def test_a_chip_lobby_game_imports_under_its_rooms_rules_with_its_chips_kept():
    """A real chip-lobby log (Tenhou private lobby, 16 numbers in every sc and in owari): 30,000
    start, the deal passing after every hand; its chips kept with the game, not in the score."""
    path = MORE / "pantheon" / "models__testdata__chips_tonpusen.xml"
    ruleset, stored = refused_then_imported(path, "Tenhou private lobby 1111")
    rules = ruleset.to_rules()
    assert (rules.start_points, rules.dealer_repeats, rules.rounds) == (30000, False, 1)
    assert stored.game.comment == (
        "Tenhou private lobby 1111. Chips (祝儀) at the end: player1 -3, player2 +2, player3 +5, player4 -4."
    )
    assert "a chip lobby's game: its chips are kept with it (its comment), not in the score" in stored.notes
    assert [s.score for s in stored.game.seats.order_by("seat")] == [23800, 43200, 39200, 13800]
