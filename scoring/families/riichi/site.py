"""Riichi on the site: its class of the site's family contract (``scoring.families.site``)."""

from typing import TYPE_CHECKING

from scoring.families.site import SiteFamily

if TYPE_CHECKING:
    from scoring.boards.piece import ReadsPiece
    from scoring.records.gamelogs import RecordsPiece
    from scoring.rulebook.piece import RulebookPiece
    from scoring.table.forms.offers import TablePiece
    from scoring.tiles.gamelog import TilesPiece


class RiichiFamily(SiteFamily):
    name = "riichi"

    @property
    def table(self) -> "TablePiece":
        from scoring.families.riichi import table

        return table

    @property
    def reads(self) -> "ReadsPiece":
        from scoring.families.riichi import reads

        return reads

    @property
    def records(self) -> "RecordsPiece":
        from scoring.families.riichi import records

        return records

    @property
    def rulebook(self) -> "RulebookPiece":
        from scoring.families.riichi import rulebook

        return rulebook

    @property
    def tiles(self) -> "TilesPiece":
        from scoring.families.riichi import tiles

        return tiles


SITE = RiichiFamily()
