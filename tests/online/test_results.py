"""The results the online site gave (Tenhou's ``owari``, the tenhou.net/6 ``sc``): read exactly
from their decimal text, choosing Tenhou's preset (rounded or exact), and checked after the
replay under a lobby's preset; a ruleset of the club's own re-scores the game under its uma."""

import io
import json

import pytest
from django.core.management import call_command

from scoring.models import Game
from scoring.online.game import OnlineError, thousandths
from scoring.online.mapping import game_log_document, lobby_ruleset, read_online
from tests.online.sanma.test_real_logs import FIXTURES as SANMA_FIXTURES
from tests.online.sanma.test_real_logs import IN_THE_CORPUS
from tests.online.test_readers import HANCHAN, MJLOG, NAMES, fixture

SANMA_MJLOG = "2018110809gm-00b9-0000-00a79b89.xml"  # owari="481,8.0,-64,-66.0,633,58.0,0,0.0"
SANMA_JSON = "2024010120gm-00b9-0000-e324b88a.json"  # sc results 70.7, -53.2, -17.5, 0


@pytest.mark.parametrize(
    ("text", "points"),
    [("45.0", 45000), ("-12.3", -12300), ("-0.6", -600), ("66", 66000), ("0.05", 50), ("-64.9", -64900)],
)
def test_a_result_in_thousands_is_read_exactly_from_its_decimal_text(text, points):
    """Tenhou writes results in thousands with a decimal: 1,000 times that, never through a float."""
    assert thousandths(text, "", "a result") == points


@pytest.mark.parametrize("text", ["1e3", "12.3456", "", "4 5", "+-1"])
def test_a_result_that_is_not_a_number_in_thousands_is_refused(text):
    with pytest.raises(OnlineError, match="a result must be in thousands with at most three decimals"):
        thousandths(text, "", "a result")


def test_each_reader_keeps_the_results_in_points():
    """mjlog ``owari`` and tenhou.net/6 ``sc``: score and result per player; at three seats Tenhou
    writes four of each, the fourth 0 (chip lobbies: tests/online/test_reader_fixes.py)."""
    assert read_online(fixture(MJLOG), MJLOG).results == (-38000, -14000, 7000, 45000)
    assert read_online(fixture(HANCHAN)).results == (54300, -25900, -46300, 17900)


@IN_THE_CORPUS
def test_a_three_player_reader_keeps_three_results():
    assert read_online((SANMA_FIXTURES / SANMA_MJLOG).read_bytes(), SANMA_MJLOG).results == (8000, -66000, 58000)
    assert read_online((SANMA_FIXTURES / SANMA_JSON).read_bytes()).results == (70700, -53200, -17500)


def test_a_log_without_its_end_has_no_results():
    doc = json.loads(fixture(HANCHAN))
    del doc["sc"]
    game = read_online(json.dumps(doc).encode())
    assert (game.final, game.results, game.lobby) == (None, None, "tenhou")


def _sanma_json(change) -> bytes:
    doc = json.loads((SANMA_FIXTURES / SANMA_JSON).read_bytes())
    change(doc)
    return json.dumps(doc, ensure_ascii=False).encode()


def _fourth(doc):
    doc["sc"][7] = 1.5  # nothing in fourth place


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (fixture(MJLOG).replace(b"349,45.0", b"349,4.5e1"), "each result in owari must be in thousands"),
        (fixture(MJLOG).replace(b"349,45.0", b"349,45.0001"), "each result in owari must be in thousands"),
        pytest.param(
            *(_sanma_json(_fourth) if SANMA_FIXTURES.is_dir() else b"", "the results in 'sc' of a three-player game"),
            marks=IN_THE_CORPUS,
        ),
    ],
    ids=["exponent", "four decimals", "three players, a fourth result"],
)
def test_a_damaged_result_is_refused_in_one_line(data, message):
    with pytest.raises(OnlineError, match=message):
        read_online(data, MJLOG)


@IN_THE_CORPUS
def test_tenhous_lobby_is_the_rounded_preset_when_every_result_is_whole_thousands():
    """Tenhou rules: its logs until 2021 give each result in whole thousands (tenhou-thousands), later
    ones exact (tenhou); a chosen ruleset overrides either."""
    rounded = read_online(fixture(MJLOG), MJLOG)
    exact = read_online(fixture(MJLOG).replace(b"349,45.0", b"349,45.9").replace(b"121,-38.0", b"121,-38.9"), MJLOG)
    assert (rounded.lobby, exact.lobby) == ("tenhou-thousands", "tenhou")
    assert lobby_ruleset(rounded) == "tenhou-thousands" and lobby_ruleset(rounded, "tenhou") == "tenhou"
    assert read_online((SANMA_FIXTURES / SANMA_JSON).read_bytes()).lobby == "tenhou-sanma"


TAMPERED = fixture(MJLOG).replace(b"349,45.0", b"349,46.0").replace(b"121,-38.0", b"121,-39.0")


def test_a_result_other_than_the_lobbys_is_refused_naming_both():
    """Tenhou rules (results in thousands): the engine's results under the lobby's preset are the
    log's, or the file is refused as for the final scores."""
    game = read_online(TAMPERED, MJLOG)
    with pytest.raises(OnlineError) as caught:
        game_log_document(game, NAMES, lobby_ruleset(game))
    assert str(caught.value) == (
        "the results differ: Ann -39,000 online, -38,000 under Tenhou (results in thousands); "
        "Dee +46,000 online, +45,000 under Tenhou (results in thousands)"
    )
    with pytest.raises(OnlineError, match=r"^the results differ: Ann -38,000 online, -37,900 under Tenhou;"):
        game_log_document(read_online(fixture(MJLOG), MJLOG), NAMES, "tenhou")


@pytest.mark.django_db
def test_a_ruleset_of_the_clubs_own_re_scores_the_results_under_its_uma(tmp_path):
    """The club chose its own ruleset (reach): the hands and the final scores are checked, the
    results are the club's, not compared with the lobby's."""
    (tmp_path / MJLOG).write_bytes(TAMPERED)
    call_command("import_online", str(tmp_path / MJLOG), "--ruleset", "reach", "--create-players", stdout=io.StringIO())
    game = Game.objects.get()
    assert game.ruleset.slug == "reach"
    assert [s.result for s in game.seats.order_by("seat")] != [-39000, -14000, 7000, 46000]


def _no_lobby(doc):
    del doc["ref"]
    doc["rule"]["disp"] = "三南喰赤"  # no Tenhou room: a converted log of another site's three-player game
    doc["sc"][1], doc["sc"][3] = 71.7, -54.2


@IN_THE_CORPUS
def test_the_results_of_a_log_that_names_no_lobby_are_not_compared():
    """Scored under the closest preset (tenhou-sanma), which is not that log's lobby: the hands and
    the final scores are checked, the results are the preset's."""
    game = read_online(_sanma_json(_no_lobby))
    assert (game.lobby, lobby_ruleset(game)) == (None, "tenhou-sanma")
    assert game_log_document(game, NAMES[:3], lobby_ruleset(game))["ruleset"] == "tenhou-sanma"
