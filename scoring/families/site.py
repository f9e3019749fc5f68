"""The site's family contract: ``SiteFamily``, what each family's ``site`` module gives
(``scoring/families/<name>/site.py``: ``SITE``).

A family gives the site its pieces, each typed by the part that asks it, so mypy checks that a
family gives everything the site asks:

- ``table``: ``scoring.table.forms.offers.TablePiece``;
- ``reads``: ``scoring.boards.piece.ReadsPiece``;
- ``records``: ``scoring.records.gamelogs.RecordsPiece``;
- ``rulebook``: ``scoring.rulebook.piece.RulebookPiece``;
- ``tiles``: ``scoring.tiles.gamelog.TilesPiece``, by default none (a family whose wins carry
  no tiles: the engine's ``TILES`` is false).

The ``site`` modules sit above every part: only the app's start-up imports them and registers
their ``SITE`` (``scoring.families.register``), so a piece may import the part it builds on. A
family that only differs from another is that family's with the pieces that differ
(``dataclasses.replace``: sanma is riichi's with its own board and rules-page knobs).
"""

from dataclasses import dataclass

from scoring.boards.piece import ReadsPiece
from scoring.records.gamelogs import RecordsPiece
from scoring.rulebook.piece import RulebookPiece
from scoring.table.forms.offers import TablePiece
from scoring.tiles.gamelog import TilesPiece


@dataclass(frozen=True, slots=True)
class SiteFamily:
    """What a family gives the site: its name (the engine's ``NAME``) and its pieces."""

    name: str
    table: TablePiece  # the hand form, its preview and the table page's family partials
    reads: ReadsPiece  # hand-log lines, board and statistics columns, records entries
    records: RecordsPiece  # the game log's rows and facts, the derived flags of a seat
    rulebook: RulebookPiece  # the family's section of the rules page
    tiles: TilesPiece | None = None  # the check of a hand by its wins' tiles, where they carry them
