"""Importing game logs: a parsed log, or a decoded document, stored as a game."""

from collections.abc import Callable
from dataclasses import replace
from datetime import date as Date
from datetime import time as Time
from typing import Any, cast

from django.db import IntegrityError, transaction
from django.db.models import Q

from scoring.caching import versions
from scoring.models import AuditEntry, ClubSession, Game, Hand, Penalty, Ruleset, Seat
from scoring.records.gamelogs import fact_rows, fingerprint, penalty_row, resolve_ruleset
from scoring.rules import PRESETS, GameLog, parse_game

from .errors import AlreadyImported
from .names import player_named, session_named
from .storing import Actor, _audit, _game_facts, _new_seats, _rederive, _save_fact_rows


@transaction.atomic
def import_game(
    *,
    log: GameLog,
    ruleset: Ruleset,
    session: ClubSession | None = None,
    session_name: str | None = None,
    user: Actor = None,
) -> Game:
    """Store a parsed game log (players created by name); RuleError "hand N: …" if a hand is
    impossible, AlreadyImported if the same log was imported before, and then nothing is
    stored. ``session`` or ``session_name`` (created if missing) replace the log's session."""
    imported_from = fingerprint(log)
    earlier = Game.objects.filter(imported_from=imported_from).first()
    if earlier is None and log.source:  # the same online game, read under other rules or names
        earlier = Game.objects.filter(source=log.source).first()
    if earlier is not None:
        raise AlreadyImported(earlier)
    if session is None and session_name:
        session = session_named(session_name)
    if session is None and log.session:
        session = session_named(log.session, date=Date.fromisoformat(log.date) if log.date else None)
    try:
        with transaction.atomic():  # the same log imported at the same moment: the fingerprint is unique
            game = Game.objects.create(
                session=session,
                ruleset=ruleset,
                knobs=log.rules.knobs(),
                tournament=log.tournament,
                date=Date.fromisoformat(log.date) if log.date else None,
                start=Time.fromisoformat(log.start) if log.start else None,
                comment=log.comment or "",
                finished_by_scorer=log.finished,
                imported_from=imported_from,
                source=log.source or "",
                created_by=user if user is not None and user.is_authenticated else None,
            )
    except IntegrityError:
        same = Q(imported_from=imported_from) | (Q(source=log.source) if log.source else Q())
        # the row whose fingerprint or source refused this one's
        raise AlreadyImported(cast(Game, Game.objects.filter(same).first())) from None
    players = [player_named(name) for name in log.players]
    seats = Seat.objects.bulk_create(_new_seats(game, players))
    rows = [fact_rows(facts) for facts in log.hands]
    comments = log.hand_comments or (None,) * len(rows)
    hands = [
        Hand(game=game, number=number, comment=comment or "", **r.columns)
        for number, (r, comment) in enumerate(zip(rows, comments, strict=True), 1)
    ]
    game.__dict__.pop("rules", None)
    _rederive(game, seats, hands, replace(log, rules=game.rules))
    _save_fact_rows(list(zip(hands, rows, strict=True)), game)
    Penalty.objects.bulk_create([penalty_row(p, game=game) for p in log.penalties])
    _audit(game=game, user=user, action=AuditEntry.IMPORT, after={"hands": len(hands), **_game_facts(game, players)})
    versions.bump(game)
    return game


@transaction.atomic
def import_document(
    *,
    doc: Any,
    session: ClubSession | None = None,
    session_name: str | None = None,
    user: Actor = None,
    check: Callable[[GameLog], object] | None = None,
) -> Game:
    """Validate a decoded game-log document and store it (``import_game``); RuleError says
    what is wrong. ``session``, or the session called ``session_name`` (created with the
    game, not without it), overrides the session the log names; ``check`` is run on the
    parsed log before anything is stored (the tiles' han and fu, ``scoring.tiles``)."""
    log = parse_game(doc, resolve_ruleset)
    if check:
        check(log)
    slug = doc["ruleset"]
    ruleset = Ruleset.objects.preset(slug) if slug in PRESETS else Ruleset.objects.get(slug=slug)
    return import_game(log=log, ruleset=ruleset, session=session, session_name=session_name, user=user)
