"""What the reading parts (the boards, the hand log, the records page, a league's evening) ask
of a family's ``reads`` piece (``SiteFamily.reads``): reads only, never the write path."""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from scoring.families import OfAFamily, site_family
from scoring.rules import RuleSet

if TYPE_CHECKING:  # the tables module asks the families' registry too
    from scoring.boards.tables import FamilyBoardTable, StandingsTable


class ReadsPiece(Protocol):
    @property
    def NAME(self) -> str: ...

    @property
    def TEMPLATE(self) -> str: ...  # its partials: board_lead

    @property
    def BOARD(self) -> tuple[str, str]: ...  # the board's path and URL name

    @property
    def CSV(self) -> tuple[str, str]: ...  # the board's CSV's path and URL name

    @property
    def WINDS(self) -> bool: ...  # the scoreboard shows each seat's wind

    @property
    def LEAD_FIGURES(self) -> int: ...  # its player figures shown before the shared ones

    @property
    def RECORDS(self) -> frozenset[str]: ...  # the club records page's entries its games count for

    @property
    def BOARD_TABLE(self) -> "type[FamilyBoardTable]": ...

    @property
    def STANDINGS_TABLE(self) -> "type[StandingsTable]": ...

    @property
    def RESULTS_CHART(self) -> Mapping[str, Any]: ...  # the player page's results chart: scale, unit

    def board(self, seats: Any) -> Any: ...

    def results_note(self) -> str: ...

    def result_text(self, result: int) -> str: ...

    def player_figures(self, row: dict[str, Any], shown: Callable[..., str], seats: Any) -> list[tuple[str, str]]: ...

    def describe(self, facts: Any, names: Any, rules: RuleSet) -> list[str]: ...


def reads_piece(of: str | OfAFamily) -> ReadsPiece:
    """The ``reads`` piece of a family (its name, or a ruleset of it)."""
    piece: ReadsPiece = site_family(of, "reads")
    return piece
