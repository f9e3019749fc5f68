"""The site's family contract: ``SiteFamily``, the class each family's ``site`` module gives
(``scoring/families/<name>/site.py``: ``SITE``, one instance of its class).

A family gives the site four pieces, each typed by the part that asks it, so mypy checks
that a family gives everything the site asks:

- ``table``: ``scoring.table.forms.offers.TablePiece``;
- ``reads``: ``scoring.boards.piece.ReadsPiece``;
- ``records``: ``scoring.records.gamelogs.RecordsPiece``;
- ``rulebook``: ``scoring.rulebook.piece.RulebookPiece``;
- ``tiles``: ``scoring.tiles.gamelog.TilesPiece``, by default none (a family whose wins carry
  no tiles: the engine's ``TILES`` is false).

Each piece is a property that imports its module when it is asked (the registry,
``scoring.families.site_family``, finds ``SITE`` by the family's name), so a piece may import
the part it builds on without an import cycle. A family that only differs from another
subclasses its class and gives the pieces that differ (sanma: riichi's table and records).
"""

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:  # the pieces' types, from the parts that ask them
    from scoring.boards.piece import ReadsPiece
    from scoring.records.gamelogs import RecordsPiece
    from scoring.rulebook.piece import RulebookPiece
    from scoring.table.forms.offers import TablePiece
    from scoring.tiles.gamelog import TilesPiece


class SiteFamily(ABC):
    """What a family gives the site: its name (the engine's ``NAME``) and its four pieces."""

    name: ClassVar[str]

    @property
    @abstractmethod
    def table(self) -> "TablePiece":
        """The hand form, its preview and the table page's family partials (part: table)."""

    @property
    @abstractmethod
    def reads(self) -> "ReadsPiece":
        """Hand-log lines, board and statistics columns, records entries (part: boards)."""

    @property
    @abstractmethod
    def records(self) -> "RecordsPiece":
        """The game log's rows and facts, the derived flags of a seat (part: records)."""

    @property
    @abstractmethod
    def rulebook(self) -> "RulebookPiece":
        """The family's section of the rules page (part: rulebook)."""

    @property
    def tiles(self) -> "TilesPiece | None":
        """The check of a hand by its wins' tiles (part: tiles); none by default: its wins carry
        no tiles (the engine's ``TILES``)."""
        return None
