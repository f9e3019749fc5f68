"""Online games an earlier release imported are recognised when their files are imported again.

On a database made by the release before identities came from the game's content (migration
0022), games are stored as its import stored them (their identity its way, their seats and what
each seat paid each hand), the database is migrated to the latest, and the same files are
imported with today's importer: each is skipped as the game already stored, nothing is stored
twice (SQLite and PostgreSQL). The identities are the ones that release stored, written down
from it (``earlier_identities.json`` for the corpus, whose files are read where they are and
skipped when the corpus is not there). A site's reference alone names no game: a placeholder
one stored then does not swallow another game."""

import gzip
import hashlib
import json
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import Game
from scoring.online.importer import Options, import_file
from scoring.online.mapping import read_online
from tests.online.test_corpus import CORPUS
from tests.online.test_readers import HANCHAN, MJLOG, fixture

SANMA = CORPUS / "sanma" / "2024010120gm-00b9-0000-e324b88a.json"

# the last migration of the release whose import named a game by its file (log id, ref or text)
PREVIOUS_RELEASE = [("scoring", "0022_tenhou_sanma_uma")]
# the ref majsoulpaipuconvert writes for every game it converts
PLACEHOLDER = "000000-00000000-0000-0000-0000-000000000000"
CORPUS_IDENTITIES = json.loads((Path(__file__).parent / "earlier_identities.json").read_text())["identities"]


def with_ref(data: bytes, ref: str | None) -> bytes:
    """A tenhou.net/6 replay with another reference (Mahjong Soul's, as tensoul writes it), or none."""
    doc = {key: value for key, value in json.loads(data).items() if key != "ref"}
    return json.dumps(doc | ({"ref": ref} if ref else {}), ensure_ascii=False).encode()


# name imported under -> (the file, the identity the previous release stored it under)
FIXTURE_IDENTITIES = {
    MJLOG: (fixture(MJLOG), "tenhou:2026120120gm-00a9-0000-7c1d2e3f"),
    # the same mjlog not named after its log id: the previous release stored it again, under its text
    "club-night.mjlog": (fixture(MJLOG), "sha256:43e586e99a9c00d2bec81d15785b5ae0f8549b479e1206974867b8cb5ccbbdef"),
    HANCHAN: (fixture(HANCHAN), "tenhou:2026113019gm-0009-0000-5b3c2a1f"),
    # replays without a ref, at four seats and at three: their names and rounds as written
    "tobi.json": (fixture("tobi.json"), "sha256:d43d2b49ee148b1352ec57830f410e65d5252bc41a5477bd444cefc6eb533634"),
    # a three-player log of the corpus, where the corpus is
    **(
        {
            "sanma-night.json": (
                with_ref(SANMA.read_bytes(), None),
                "sha256:e3ff1d0115389b474534691060d233cfef95fb3c32ef5f53fd0140ce990c1775",
            )
        }
        if SANMA.is_file()
        else {}
    ),
    "mahjong-soul.json": (
        with_ref(fixture(HANCHAN), "230709-ae5c0c3c-2a52-49bc-9cac-1c620a94c894"),
        "online:230709-ae5c0c3c-2a52-49bc-9cac-1c620a94c894",
    ),
}


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def fingerprint_then(identity: str) -> str:
    """The fingerprint of a game log the previous release stored (unique, and never today's: its
    game log named the game by its identity then)."""
    return hashlib.sha256(identity.encode()).hexdigest()


def ruleset_of(game) -> str:
    """The ruleset the previous release scored an online game under: its default, or its
    three-player preset (the one ruleset it imported a three-player game under)."""
    return "reach" if game.seats == 4 else "tenhou-sanma"


def store_as_previous_release(apps, name: str, data: bytes, identity: str) -> int:
    """The game of the file as the previous release's import stored it: its players by their
    online names, its identity, and what each seat paid each hand; its id."""
    Player, Ruleset, OldGame, Seat, Hand, HandSeat = (
        apps.get_model("scoring", model) for model in ("Player", "Ruleset", "Game", "Seat", "Hand", "HandSeat")
    )
    game = read_online(data, name)
    slug = ruleset_of(game)
    # the preset's row (a transactional test before this one may have emptied the tables)
    ruleset, _ = Ruleset.objects.get_or_create(
        slug=slug, defaults={"name": slug, "family": "riichi" if game.seats == 4 else "sanma", "based_on": slug}
    )
    stored = OldGame.objects.create(
        ruleset=ruleset,
        status="finished",
        source=identity,
        imported_from=fingerprint_then(identity),
        hand_count=len(game.rounds),
    )
    seats = []
    for number, online in enumerate(game.players):
        player = Player.objects.filter(name__iexact=online).first() or Player.objects.create(name=online)
        seats.append(Seat.objects.create(game=stored, player=player, seat=number))
    for number, round_ in enumerate(game.rounds, 1):
        hand = Hand.objects.create(game=stored, number=number, result=round_.result, riichi=list(round_.riichi))
        HandSeat.objects.bulk_create(
            HandSeat(hand=hand, seat=seat, delta=paid, score_after=score + paid)
            for seat, paid, score in zip(seats, round_.paid, round_.scores, strict=True)
        )
    return stored.pk


def stored_again(files: dict[str, tuple[bytes, str]], again: dict[str, tuple[bytes, str]]) -> list[str]:
    """Store ``files`` as the previous release did, upgrade, import ``again`` (name -> (its bytes,
    the name of the file stored then)) with today's importer under the same ruleset: the names
    not skipped as that game."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("scoring")
    old = migrate(PREVIOUS_RELEASE)
    games = {name: store_as_previous_release(old, name, data, identity) for name, (data, identity) in files.items()}
    migrate(latest)
    not_skipped = []
    for name, (data, first) in again.items():
        options = Options(ruleset=ruleset_of(read_online(data, name)), create_players=True)
        outcome = import_file(name, data, options)
        if (outcome.status, outcome.game and outcome.game.pk) != ("skipped", games[first]):
            not_skipped.append(f"{name}: {outcome.status} {outcome.message}")
    return not_skipped


@pytest.mark.django_db(transaction=True)
def test_each_identity_the_previous_release_stored_is_recognised_after_upgrading():
    """Tenhou's log id, an mjlog's text (renamed or gzipped, the same text), a replay's names and
    rounds (four seats and three), another site's reference."""
    again = {name: (data, name) for name, (data, _) in FIXTURE_IDENTITIES.items()}
    again["club-night.mjlog.gz"] = (gzip.compress(fixture(MJLOG)), "club-night.mjlog")
    again["renamed.mjlog"] = (fixture(MJLOG), "club-night.mjlog")
    assert stored_again(FIXTURE_IDENTITIES, again) == []
    assert Game.objects.count() == len(FIXTURE_IDENTITIES)


@pytest.mark.django_db(transaction=True)
def test_no_corpus_game_the_previous_release_stored_is_stored_again_after_upgrading():
    """The 121 corpus files the previous release stored (26 of them were stored a second time
    after upgrading: 25 mjlogs not named after their log id, a Mahjong Soul replay with a
    placeholder ref)."""
    if not (CORPUS / "mjx").is_dir():
        pytest.skip(f"the corpus is not in {CORPUS} (its sources are listed in tests/online/corpus)")
    files = {name: ((CORPUS / name).read_bytes(), identity) for name, identity in CORPUS_IDENTITIES.items()}
    assert stored_again(files, {name: (data, name) for name, (data, _) in files.items()}) == []
    assert Game.objects.count() == len(files)


@pytest.mark.django_db
def test_a_placeholder_reference_stored_then_names_no_other_game():
    """The previous release named a converted replay by its ref, a placeholder for every game
    majsoulpaipuconvert writes: the game stored under it is the one whose hands paid the same."""
    reach = Options(ruleset="reach", create_players=True)  # the fixtures' rules
    first = import_file("first.json", with_ref(fixture(HANCHAN), PLACEHOLDER), reach).game
    identity = f"online:{PLACEHOLDER}"  # as the previous release stored it
    Game.objects.filter(pk=first.pk).update(source=identity, imported_from=fingerprint_then(identity))
    same = import_file("same.json", with_ref(fixture(HANCHAN), PLACEHOLDER), reach)
    other = import_file("other.json", with_ref(fixture("tobi.json"), PLACEHOLDER), reach)
    assert (same.status, same.game.pk) == ("skipped", first.pk)
    assert other.status == "stored" and Game.objects.count() == 2
