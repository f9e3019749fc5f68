"""The ``tiles`` of a game log's MCR wins, checked: the points a log records for a win with
tiles must be what PyMahjongGB counts from them at that hand's winds (and the patterns it
names, where the log names them). Without PyMahjongGB the tiles are kept as given."""

import json

from scoring.rules import GameLog, MCRHand, Replay, RuleError
from scoring.rules.errors import gettext_noop
from scoring.rules.families.mcr.facts import prevalent_wind, seat_wind

from .calculator import AVAILABLE, fans_from_tiles
from .hand import MCRTiles

DIFFERENT = gettext_noop("%(name)s's tiles give %(found)s points, the log says %(given)s")
OTHER_FANS = gettext_noop("%(name)s's tiles give the fans %(found)s, the log names %(given)s")


def check_log(log: GameLog, played: Replay) -> None:
    """RuleError (naming the hand) where an MCR win's tiles do not give its points."""
    if not AVAILABLE:
        return
    for number, (hand, table) in enumerate(zip(log.hands, played.tables, strict=True), 1):
        assert isinstance(hand, MCRHand)  # an MCR game's hands
        win = hand.win
        if win is None or not win.tiles:
            continue
        name = log.players[win.winner]
        try:
            tiles = MCRTiles.from_json(json.loads(win.tiles))
            counted = fans_from_tiles(
                tiles,
                self_drawn=win.discarder is None,
                flowers=win.flowers,
                seat_wind=seat_wind(table.rotations, win.winner),
                prevalent_wind=prevalent_wind(table.rotations),
            )
        except RuleError as error:
            raise RuleError(gettext_noop("%(name)s's tiles: %(problem)s"), name=name, problem=error).in_hand(
                number
            ) from None
        if counted.fan != win.fan:
            raise RuleError(DIFFERENT, name=name, found=counted.fan, given=win.fan).in_hand(number)
        if win.fans and sorted(win.fans) != sorted(counted.fans):
            raise RuleError(OTHER_FANS, name=name, found=", ".join(counted.fans), given=", ".join(win.fans)).in_hand(
                number
            )
