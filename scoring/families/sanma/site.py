"""Sanma on the site: riichi's class where it only differs (``scoring.families.site``): a board,
standings and records of its own (``reads``) and two knobs more (``rulebook``); riichi's hand
form and offers at three seats (``table``) and riichi's rows in the records (``records``)."""

from typing import TYPE_CHECKING

from scoring.families.riichi.site import RiichiFamily

if TYPE_CHECKING:
    from scoring.boards.piece import ReadsPiece
    from scoring.rulebook.piece import RulebookPiece


class SanmaFamily(RiichiFamily):
    name = "sanma"

    @property
    def reads(self) -> "ReadsPiece":
        from scoring.families.sanma import reads

        return reads

    @property
    def rulebook(self) -> "RulebookPiece":
        from scoring.families.sanma import rulebook

        return rulebook


SITE = SanmaFamily()
