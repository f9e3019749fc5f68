"""MCR's wins checked by their tiles (part: tiles): the fans of a win with tiles, counted by
PyMahjongGB (``scoring.tiles.mcr``), must give the points the game log records
(``scoring.tiles.gamelog.check_log`` asks ``SiteFamily.tiles``)."""

from scoring.rules import GameLog, MCRHand, TableState
from scoring.tiles.mcr.check import check_hand as check_mcr_hand


def check_hand(log: GameLog, hand: MCRHand, table: TableState, number: int) -> None:
    check_mcr_hand(hand, table, log.players, number)
