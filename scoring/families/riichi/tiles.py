"""Riichi's wins checked by their tiles (part: tiles): a win with tiles must give the han and fu
the game log records (``scoring.tiles.gamelog.check_log`` asks ``SiteFamily.tiles``)."""

from scoring.rules import GameLog, RiichiHand, TableState
from scoring.tiles.gamelog import check_win


def check_hand(log: GameLog, hand: RiichiHand, table: TableState, number: int) -> None:
    """Each win of the hand with tiles, at its seat and round wind (riichi: whether its winner declared it)."""
    for win in hand.wins:
        if win.tiles:
            check_win(log, table, win, riichi=win.winner in hand.riichi, number=number)
