"""Real Tenhou three-player logs (the online corpus's ``sanma/``, sources in its README) imported under
``tenhou-sanma`` (Tenhou three-player rules): every stored hand pays what the log paid, the final
scores and Tenhou's results are the log's; what the ruleset cannot express is refused in one line
naming the rule."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Game
from scoring.online.forms import UploadForm
from scoring.online.game import OnlineError
from scoring.online.mapping import game_log_document, read_online, rotations
from tests.online.test_corpus import CORPUS
from tests.online.test_readers import FIXTURES as FOUR_PLAYER_FIXTURES
from tests.online.test_readers import HANCHAN

FIXTURES = CORPUS / "sanma"  # other projects' data: read where it is kept, never committed
IN_THE_CORPUS = pytest.mark.skipif(
    not FIXTURES.is_dir(), reason=f"the corpus's three-player logs are not in {FIXTURES} (ONLINE_CORPUS)"
)
pytestmark = IN_THE_CORPUS
NAMES = ["Ann", "Bob", "Cho"]
# file: (hands, the final scores and Tenhou's results as the log writes them, whether Tenhou rounded
# each result to a whole thousand, as its logs did before 2024 here)
LOGS = {
    "2009060321gm-00b9-0000-75b25bcf.xml": (1, (71000, -1000, 35000), (66.0, -61.0, -5.0), True),
    "2014091101gm-00b9-0000-5ca6b487.mjlog": (11, (59200, 22800, 23000), (54.0, -37.0, -17.0), True),
    "2018110809gm-00b9-0000-00a79b89.xml": (3, (48100, -6400, 63300), (8.0, -66.0, 58.0), True),
    "2024010120gm-00b9-0000-e324b88a.json": (8, (75700, 6800, 22500), (70.7, -53.2, -17.5), False),
    "2024010120gm-00b9-0000-ef5da89f.json": (9, (-4900, 21600, 88300), (-64.9, -18.4, 83.3), False),
    "2024123123gm-00b9-0000-09c44fd1.json": (10, (59800, 33000, 12200), (54.8, -7.0, -47.8), False),
    "2024123123gm-00b9-0000-4a3a3639.json": (5, (77800, 28900, -1700), (72.8, -11.1, -61.7), False),
    "2024123123gm-00b9-0000-56cca963.json": (7, (39400, 19000, 46600), (-0.6, -41.0, 41.6), False),
}


def log(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def hands(name: str) -> list[dict]:
    game = read_online(log(name), name)
    return game_log_document(game, NAMES, game.lobby)["hands"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", LOGS)
def test_each_real_log_is_stored_hand_by_hand_as_tenhou_paid(name, tmp_path):
    """Tenhou three-player rules: tsumo loss, 200 counters, the 2,000 noten pool, bust, the dealer
    of South 3 stopping on top; uma +20/0/−20 with the 15,000 oka to first; the lobby's preset by
    the log's results (in whole thousands until 2018 at least: tenhou-sanma-thousands)."""
    count, final, results, rounded = LOGS[name]
    (tmp_path / name).write_bytes(log(name))
    out = io.StringIO()
    call_command("import_online", str(tmp_path / name), "--create-players", stdout=out)
    game = Game.objects.get()
    online = read_online(log(name), name)
    lobby = "tenhou-sanma-thousands" if rounded else "tenhou-sanma"
    assert (game.ruleset.slug, game.status, game.source) == (lobby, Game.FINISHED, online.source)
    seats = list(game.seats.order_by("seat"))
    assert [s.player.name for s in seats] == list(online.players)
    stored = [[hs.delta for hs in hand.hand_seats.order_by("seat__seat")] for hand in game.hand_set.order_by("number")]
    paid = [[d - 1000 * (s in r.riichi) for s, d in enumerate(r.deltas)] for r in online.rounds]
    assert len(stored) == count and stored == paid
    assert tuple(s.table_score for s in seats) == final == online.final
    assert tuple(s.result for s in seats) == tuple(round(1000 * r) for r in results) == online.results


def test_the_norths_set_aside_are_in_the_wins_han():
    """Tenhou counts each North set aside (``"f44"``; an mjlog's nuki meld) as a dora (yaku 52)."""
    assert hands("2024123123gm-00b9-0000-4a3a3639.json")[0]["wins"] == [{"winner": "Ann", "from": "Cho", "han": 8}]
    assert hands("2018110809gm-00b9-0000-00a79b89.xml")[1]["wins"] == [{"winner": "Ann", "han": 5}]


@pytest.mark.parametrize(
    ("tenhou", "seats", "engine"),
    [(0, 3, 0), (2, 3, 2), (4, 3, 3), (6, 3, 5), (8, 3, 6), (10, 3, 8), (4, 4, 4), (7, 4, 7), (8, 4, 8)],
)
def test_tenhou_counts_four_rounds_to_a_wind_at_any_table(tenhou, seats, engine):
    """Tenhou three-player rules: three deals a wind; Tenhou numbers South 1 as 4 all the same."""
    assert rotations(tenhou, seats) == engine


def _json(name: str, change) -> bytes:
    doc = json.loads(log(name))
    change(doc)
    return json.dumps(doc, ensure_ascii=False).encode()


def _east_only(doc):
    doc["rule"]["disp"] = "三鳳東喰赤"


def test_an_east_only_game_is_read_as_one_and_scored_with_one_round():
    """Tenhou's room name 東 (South: 南) is the length; the game log overrides the knob ``rounds``."""
    game = read_online(_json(SANMA, _east_only), SANMA)
    assert (game.east_only, game.lobby) == (True, "tenhou-sanma")
    assert read_online(log(SANMA), SANMA).east_only is False


def _fourth_delta(doc):
    doc["log"][0][16][1][3] = 1000


SANMA = "2024123123gm-00b9-0000-4a3a3639.json"
MJLOG = "2018110809gm-00b9-0000-00a79b89.xml"
REFUSED = (  # built from the corpus, where it is
    [
        (
            "a three-player game under a four-player ruleset",
            log(SANMA),
            "reach",
            "a three-player game cannot be scored under Reach, a four-player ruleset: choose a three-player "
            "ruleset such as tenhou-sanma",
        ),
        (
            "a four-player game under a three-player ruleset",
            (FOUR_PLAYER_FIXTURES / HANCHAN).read_bytes(),
            "tenhou-sanma",
            "a four-player game cannot be scored under Tenhou sanma, a three-player ruleset: choose a four-player "
            "ruleset such as reach",
        ),
        (
            "tsumo loss against the club's bisection",
            log("2024010120gm-00b9-0000-e324b88a.json"),
            "sanma-club",
            "East 1, counter 0: the deltas differ: Ann +16,000 online, +24,000 under Club sanma; Bob -8,000 online, "
            "-12,000 under Club sanma; Cho -8,000 online, -12,000 under Club sanma (a self-draw: Tenhou drops the "
            "missing North's share, tsumo loss; Club sanma's 'tsumo_payment' rule is bisection)",
        ),
        (
            "a fourth player's delta",
            _json(SANMA, _fourth_delta),
            "tenhou-sanma",
            "East 1, counter 0: a win's deltas of a three-player game have nothing in fourth place, not 1000",
        ),
        (
            "a fourth dealer",
            log(MJLOG).replace(b'seed="0,1,0,', b'seed="3,1,0,'),
            "tenhou-sanma",
            "INIT seed [3, 1, 0] names a fourth dealer at a table of three",
        ),
        (
            "four names under the three-player flag",
            log(MJLOG).replace(b'n3=""', b'n3="Dee"'),
            "tenhou-sanma",
            "the log's rule is a three-player game, but it names four players",
        ),
    ]
    if FIXTURES.is_dir()
    else []
)


@pytest.mark.parametrize(("data", "ruleset", "message"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_what_the_ruleset_cannot_express_is_refused_in_one_line(data, ruleset, message):
    with pytest.raises(OnlineError) as caught:
        game_log_document(read_online(data, "upload"), NAMES, ruleset)
    assert str(caught.value) == message


@pytest.mark.django_db
def test_the_upload_form_offers_the_three_player_presets_and_stores_a_game(client, django_user_model):
    """Sanma's ``ONLINE_LOBBIES``: its presets are the import's choices."""
    choices = [slug for slug, _name in UploadForm().fields["ruleset"].choices]
    assert "tenhou-sanma" in choices and "sanma-club" in choices and "reach" in choices
    client.force_login(django_user_model.objects.create_user("admin", password="x", is_staff=True))
    files = [SimpleUploadedFile(SANMA, log(SANMA))]
    data = {"ruleset": "tenhou-sanma", "session": "", "mapping": "", "create_players": "on", "files": files}
    page = client.post(reverse("scoring:import_online"), data).content.decode()
    assert "stored as" in page
    assert Game.objects.get().seats.count() == 3
