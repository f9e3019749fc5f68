"""An MCR win's ``tiles`` checked against the fans it records: ``score_game``, the imports and
the hand admin run it through ``scoring.tiles.gamelog.check_log``. Without PyMahjongGB the
tiles cannot be counted, and are stored unchecked."""

import json

from scoring.rules import MCRHand, RuleError, TableState
from scoring.rules.errors import gettext_noop
from scoring.rules.families.mcr import facts

from .calculator import AVAILABLE, fans_from_tiles
from .hand import MCRTiles


def check_hand(hand: MCRHand, table: TableState, names: tuple[str, ...], number: int) -> None:
    """RuleError (naming the hand) if the win's tiles give other points, or other fans where it names them."""
    win = hand.win
    if win is None or not win.tiles or not AVAILABLE:
        return
    try:
        found = fans_from_tiles(
            MCRTiles.from_json(json.loads(win.tiles)),
            self_drawn=win.discarder is None,
            flowers=win.flowers,
            seat_wind=facts.seat_wind(table.hands, win.winner),
            prevalent_wind=facts.prevalent_wind(table.hands),
        )
    except RuleError as error:
        raise RuleError(gettext_noop("%(name)s's tiles: %(problem)s"), name=names[win.winner], problem=error).in_hand(
            number
        ) from None
    if found.fan != win.fan or (win.fans and sorted(found.fans) != sorted(win.fans)):
        raise RuleError(
            gettext_noop("%(name)s's tiles give %(found)s points (%(fans)s), the log says %(given)s"),
            name=names[win.winner],
            found=found.fan,
            fans=", ".join(found.fans),
            given=win.fan,
        ).in_hand(number)
