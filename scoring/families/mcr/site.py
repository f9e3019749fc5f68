"""MCR on the site: its class of the site's family contract (``scoring.families.site``)."""

from typing import TYPE_CHECKING

from scoring.families.site import SiteFamily

if TYPE_CHECKING:
    from scoring.boards.piece import ReadsPiece
    from scoring.records.gamelogs import RecordsPiece
    from scoring.rulebook.piece import RulebookPiece
    from scoring.table.forms.offers import TablePiece
    from scoring.tiles.gamelog import TilesPiece


class MCRFamily(SiteFamily):
    name = "mcr"

    @property
    def table(self) -> "TablePiece":
        from scoring.families.mcr import table

        return table

    @property
    def reads(self) -> "ReadsPiece":
        from scoring.families.mcr import reads

        return reads

    @property
    def records(self) -> "RecordsPiece":
        from scoring.families.mcr import records

        return records

    @property
    def rulebook(self) -> "RulebookPiece":
        from scoring.families.mcr import rulebook

        return rulebook

    @property
    def tiles(self) -> "TilesPiece":
        from scoring.families.mcr import tiles

        return tiles


SITE = MCRFamily()
