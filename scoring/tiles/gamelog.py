"""The ``tiles`` of a game log's wins, checked: the han and fu a log records for a win with
tiles must be what the tiles give under the game's ruleset, unless the
scorer overrode them (``"override": true``, recorded with the tiles).

``score_game`` and ``import_games`` run ``check_log`` after the engine has parsed the log.
"""

import json
from typing import Any, Protocol

from scoring.families import site_family
from scoring.rules import GameLog, Replay, RuleError, RuleSet, replay
from scoring.rules.errors import gettext_noop
from scoring.rules.families import family_of
from scoring.rules.riichi import Win
from scoring.rules.table import SEATS, TableState

from .notation import HandTiles
from .scoring import TileScore, score_hand


def winds(table: TableState, player: int) -> dict[str, int]:
    """The seat and round wind of ``player`` at ``table`` (0 = East, 1 = South …): a round
    is one deal of each seat, the last round wind is North's."""
    seats = len(table.scores)
    return {"seat_wind": (player - table.dealer) % seats, "round_wind": min(table.rotations // seats, len(SEATS) - 1)}


def score_win(
    tiles: HandTiles, *, rules: RuleSet, table: TableState, winner: int, tsumo: bool, riichi: bool
) -> TileScore:
    """Score a win by its tiles at this table: winds from the seat and the round."""
    return score_hand(tiles, rules=rules, tsumo=tsumo, riichi=riichi, **winds(table, winner))


def win_yaku(data: object, *, rules: RuleSet, rotations: int, winner: int, tsumo: bool, riichi: bool) -> list[str]:
    """The yaku a stored win's tiles give at its hand (``rotations``: the hand's), as the
    ``mahjong`` package names them, dora included; [] where the tiles cannot be scored."""
    try:
        tiles = HandTiles.from_json(data)
        score = score_win(
            tiles,
            rules=rules,
            table=TableState((0,) * family_of(rules).SEATS, rotations=rotations),
            winner=winner,
            tsumo=tsumo,
            riichi=riichi,
        )
    except (RuleError, ValueError):
        return []
    return [yaku.name for yaku in score.yaku]


def han_fu_text(han: int, fu: int, yakuman: int) -> str:
    if yakuman:
        return f"{yakuman} yakuman"
    return f"{han} han" if han >= 5 else f"{han} han {fu} fu"


def check_log(log: GameLog, played: Replay | None = None) -> None:
    """RuleError (one line naming the hand) if a win's tiles do not give its han and fu
    (``played``: the caller's replay of ``log``, else it is replayed here)."""
    if not family_of(log.rules).TILES:
        return
    piece = tiles_piece(log.rules)
    if piece is None:
        raise LookupError(f"the family {log.rules.family!r} has tiles but no tiles piece to check them")
    played = replay(log) if played is None else played
    for number, (hand, table) in enumerate(zip(log.hands, played.tables, strict=True), 1):
        piece.check_hand(log, hand, table, number)


class TilesPiece(Protocol):
    """What a family whose wins carry their tiles (the engine's ``TILES``) gives the tiles part
    (``SiteFamily.tiles``): the check of one of its hands, by its tiles."""

    def check_hand(self, log: GameLog, hand: Any, table: TableState, number: int) -> None: ...


def tiles_piece(rules: RuleSet) -> TilesPiece | None:
    """The ``tiles`` piece of the ruleset's family; None where its wins carry no tiles."""
    piece: TilesPiece | None = site_family(rules, "tiles")
    return piece


def check_win(log: GameLog, table: TableState, win: Win, *, riichi: bool, number: int) -> None:
    name = log.players[win.winner]
    data = json.loads(win.tiles)
    try:
        tiles = HandTiles.from_json(data)
        if data.get("override"):
            return
        score = score_win(
            tiles, rules=log.rules, table=table, winner=win.winner, tsumo=win.discarder is None, riichi=riichi
        )
    except RuleError as error:
        raise RuleError(gettext_noop("%(name)s's tiles: %(problem)s"), name=name, problem=error).in_hand(
            number
        ) from None
    given = han_fu_text(win.han, win.fu, win.yakuman)
    found = han_fu_text(score.han, score.fu, score.yakuman)
    if given != found:
        raise RuleError(
            gettext_noop(
                "%(name)s's tiles give %(found)s under %(rules)s, the log says %(given)s (mark the tiles "
                '"override": true where the scorer decided otherwise)'
            ),
            name=name,
            found=found,
            rules=log.rules.name,
            given=given,
        ).in_hand(number)
