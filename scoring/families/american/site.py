"""American on the site: its class of the site's family contract (``scoring.families.site``)."""

from typing import TYPE_CHECKING

from scoring.families.site import SiteFamily

if TYPE_CHECKING:
    from scoring.boards.piece import ReadsPiece
    from scoring.records.gamelogs import RecordsPiece
    from scoring.rulebook.piece import RulebookPiece
    from scoring.table.forms.offers import TablePiece


class AmericanFamily(SiteFamily):
    name = "american"

    @property
    def table(self) -> "TablePiece":
        from scoring.families.american import table

        return table

    @property
    def reads(self) -> "ReadsPiece":
        from scoring.families.american import reads

        return reads

    @property
    def records(self) -> "RecordsPiece":
        from scoring.families.american import records

        return records

    @property
    def rulebook(self) -> "RulebookPiece":
        from scoring.families.american import rulebook

        return rulebook


SITE = AmericanFamily()
