"""What each rule family gives the site, from one folder: ``scoring/families/<name>/``.

The engine's family (``scoring.rules.families``) settles hands; the site's family says how
its hands are entered, previewed, logged, counted on the boards, written to and read from
the records, and explained on the rules page. A part of the site asks
``site_family(family, piece)`` for the piece it needs and never asks which family it is.

A family's folder holds one module per piece, and each piece belongs to the part it serves
(the layout test holds it to that part's imports):

- ``table``: the hand form, its preview and the table page's family partials (part: table);
- ``reads``: hand-log lines, board and statistics columns, records entries (part: boards;
  never the write path);
- ``records``: the game log's rows and facts, the derived flags of a seat (part: records);
- ``rulebook``: the family's section of the rules page (part: rulebook).

The pieces are registered at start-up (``ScoringConfig.ready``, which imports each of them by
its name), so that a piece may import the part it builds on (the table's form base, the boards'
table base) and the parts asking the registry never import a part above them: the registry
imports nothing but the engine's families.
"""

from types import ModuleType
from typing import Protocol

from scoring.rules.families import FAMILIES

PIECES = ("table", "reads", "records", "rulebook")


class OfAFamily(Protocol):
    """A ruleset (the engine's ``RuleSet`` or the stored ``Ruleset``): it names its family."""

    family: str


def site_family(of: str | OfAFamily, piece: str) -> ModuleType:
    """One piece (``PIECES``) of the site's module of a family: ``of`` is its name, or a ruleset
    of it (whose ``family`` names it)."""
    family = of if isinstance(of, str) else of.family
    if family not in FAMILIES:
        raise LookupError(f"no rule family {family!r}; the families are {', '.join(FAMILIES)}")
    if piece not in PIECES:
        raise LookupError(f"no piece {piece!r} of a family; the pieces are {', '.join(PIECES)}")
    try:
        return _REGISTERED[family, piece]
    except KeyError:
        raise LookupError(f"the {piece} piece of {family!r} is not registered (ScoringConfig.ready)") from None


_REGISTERED: dict[tuple[str, str], ModuleType] = {}


def register(family: str, **pieces: ModuleType) -> None:
    """Register ``family``'s site pieces (``table=``, ``reads=`` …: each of ``PIECES``), at
    start-up, from above every part that asks for them."""
    if family not in FAMILIES or set(pieces) != set(PIECES):
        raise LookupError(f"a family's pieces are {', '.join(PIECES)}; {family!r} gave {', '.join(pieces)}")
    for piece, module in pieces.items():
        _REGISTERED[family, piece] = module
