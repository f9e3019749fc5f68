"""A believable small club for the local demo (``seed_demo``). Everything is written through
``scoring.records.services``; the hands come from the rule engine's ``random_game``."""

import random
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.models import ClubSession, Game, Player, Ruleset
from scoring.records import services
from scoring.rules import RuleError, parse_game, random_game

PLAYER_NAMES = (
    "Aiko",
    "Bruno",
    "Carmen",
    "Dmitri",
    "Elena",
    "Farid",
    "Greta",
    "Hiro",
    "Ines",
    "Jonas",
    "Keiko",
    "Lars",
    "Mei",
    "Nadia",
    "Oscar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sven",
    "Tomoko",
)
# (name, kind, days ago, ruleset slug, games)
SESSIONS = (
    ("Club night, week 1", ClubSession.CASUAL, 35, "ema-2016", 10),
    ("League round 1", ClubSession.LEAGUE, 28, "wrc", 10),
    ("Club night, week 3", ClubSession.CASUAL, 21, "reach", 10),
    ("League round 2", ClubSession.LEAGUE, 14, "mleague", 10),
    ("Spring tournament", ClubSession.TOURNAMENT, 7, "ema-2016", 12),
    ("American afternoon", ClubSession.CASUAL, 3, "american", 8),
)
OTHER_PRESETS = ("ema-2008", "jpml-a", "club-uma")
DEMO_LOGIN = "demo-admin"


def club_ruleset() -> Ruleset:
    """A club's own copy of a preset (EMA 2016 with a gentler uma), as admins make them."""
    row = Ruleset.objects.filter(slug="club-uma").first()
    if row is None:
        row = Ruleset(
            slug="club-uma",
            name="Club night (EMA 2016, uma 10/5)",
            based_on="ema-2016",
            knobs={"uma": [10000, 5000, -5000, -10000]},
        )
        row.full_clean()
        row.save()
    return row


def ruleset_row(slug: str) -> Ruleset:
    return club_ruleset() if slug == "club-uma" else Ruleset.objects.preset(slug)


def play_game(rng: random.Random, *, ruleset: Ruleset, players, session=None, user=None, stop_early=False) -> Game:
    """Start a game and record a random valid game hand by hand, as a scorer would."""
    rules = ruleset.to_rules()
    doc = random_game(rng, rules.preset, players=[p.name for p in players])
    log = parse_game(doc)
    game = services.start_game(ruleset=ruleset, players=players, session=session, user=user)
    hands = log.hands[: rng.randint(3, 8)] if stop_early else log.hands
    for number, facts in enumerate(hands, 1):
        try:
            hand = services.record_hand(
                game=game, facts=facts, expected_number=number, submission_key=secrets.token_hex(8), user=user
            )
        except RuleError:
            break  # this ruleset or tournament flag settles differently from the random game's
        game = hand.game
        if game.status != Game.IN_PROGRESS:
            break
    game.refresh_from_db()
    if not stop_early and game.status == Game.IN_PROGRESS:
        if log.penalties:
            services.change_game(game=game, penalties=log.penalties, user=user)
        game = services.finish_game(game=game, user=user)
    return game


def demo_login() -> str:
    """Create (or reset) the staff login of the demo; its new password, to print once."""
    password = secrets.token_urlsafe(12)
    user, _created = get_user_model().objects.get_or_create(username=DEMO_LOGIN)
    user.is_staff = user.is_superuser = True
    user.set_password(password)
    user.save()
    return password


@transaction.atomic
def seed_club(seed: int = 2026) -> dict:
    """About 20 players, 6 sessions and 60 games across several presets and an American table."""
    rng = random.Random(seed)
    players = [Player.objects.get_or_create(name=name)[0] for name in PLAYER_NAMES]
    today = timezone.localdate()
    games = 0
    for index, (name, kind, days_ago, slug, count) in enumerate(SESSIONS):
        session, _created = ClubSession.objects.get_or_create(
            name=name, defaults={"kind": kind, "date": today - timedelta(days=days_ago)}
        )
        last = index == len(SESSIONS) - 1
        choices = (slug,) if slug == "american" else (slug, *OTHER_PRESETS)
        for number in range(count):
            game_slug = slug if number % 3 else rng.choice(choices)
            ruleset = ruleset_row(game_slug)
            play_game(
                rng,
                ruleset=ruleset,
                players=rng.sample(players, ruleset.seats),
                session=session,
                stop_early=last and number >= count - 2,
            )
            games += 1
    return {"players": len(players), "sessions": len(SESSIONS), "games": games}
