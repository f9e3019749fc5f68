"""What follows a change of a finished game's facts beyond the records: a part of the site that
writes something derived from finished games (a league's carried points) registers a follower at
start-up (``ScoringConfig.ready``); every service that changes a finished game calls ``followed``
in its own transaction, after the replay and the ratings. The records know no such part: the
imports run one way (records ← leagues)."""

from collections.abc import Callable
from datetime import date as Date

from scoring.models import Game

Follower = Callable[..., None]  # follower(game, day=the day the game was on before a move, or None)

FOLLOWERS: list[Follower] = []


def register(follower: Follower) -> None:
    """Call ``follower`` after every change of a finished game (once, however often registered)."""
    if follower not in FOLLOWERS:
        FOLLOWERS.append(follower)


def followed(game: Game, *, day: Date | None = None) -> None:
    """Every registered follower, for ``game`` (``day``: the day it was on before it moved)."""
    for follower in FOLLOWERS:
        follower(game, day=day)
