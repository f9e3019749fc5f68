"""What each rule family gives the site, from one folder: ``scoring/families/<name>/``.

The engine's family (``scoring.rules.families``) settles hands; the site's family says how
its hands are entered, previewed, logged, counted on the boards, written to and read from
the records, and explained on the rules page. A part of the site asks
``site_family(family, piece)`` for the piece it needs and never asks which family it is.

A family gives the site a ``scoring.families.site.SiteFamily`` (typed piece by piece: mypy
checks that each family gives everything the site asks), its folder's ``site`` module's
``SITE``; each of its pieces is a module that belongs to the part it serves (the layout
test holds it to that part's imports):

- ``table``: the hand form, its preview and the table page's family partials (part: table);
- ``reads``: hand-log lines, board and statistics columns, records entries (part: boards;
  never the write path);
- ``records``: the game log's rows and facts, the derived flags of a seat (part: records);
- ``rulebook``: the family's section of the rules page (part: rulebook);
- ``tiles``: the check of a hand by its wins' tiles, where they carry them (part: tiles; none
  by default).

A family that only differs from another is that family's with the pieces that differ (sanma:
riichi's table, records and tile check); each part types the piece it asks (``TablePiece``,
``ReadsPiece``, ``RecordsPiece``, ``RulebookPiece``, ``TilesPiece``). They are registered at
start-up (``ScoringConfig.ready``, which imports each family's ``site`` module by its name),
so that a piece may import the part it builds on (the table's form base, the boards' table
base) and the parts asking the registry never import a part above them: the registry imports
nothing but the engine's families.
"""

from typing import Any, Protocol

from scoring.rules.families import FAMILIES

PIECES = ("table", "reads", "records", "rulebook", "tiles")


class OfAFamily(Protocol):
    """A ruleset (the engine's ``RuleSet`` or the stored ``Ruleset``): it names its family."""

    @property
    def family(self) -> str: ...  # read only: the engine's ``RuleSet`` is frozen


def site_family(of: str | OfAFamily, piece: str) -> Any:
    """One piece (``PIECES``) of a family's class (its ``site`` module's ``SITE``): ``of`` is its
    name, or a ruleset of it (whose ``family`` names it). Each part types the piece it asks."""
    family = of if isinstance(of, str) else of.family
    if family not in FAMILIES:
        raise LookupError(f"no rule family {family!r}; the families are {', '.join(FAMILIES)}")
    if piece not in PIECES:
        raise LookupError(f"no piece {piece!r} of a family; the pieces are {', '.join(PIECES)}")
    try:
        site = _REGISTERED[family]
    except KeyError:
        raise LookupError(f"the site family {family!r} is not registered (ScoringConfig.ready)") from None
    return getattr(site, piece)


class Registered(Protocol):
    """What a family gives the site (``scoring.families.site.SiteFamily``), as the registry
    keeps it: by its name, its pieces read by name."""

    @property
    def name(self) -> str: ...


_REGISTERED: dict[str, Registered] = {}


def register(site: Registered) -> None:
    """Register a family's class of the site's contract, at start-up, from above every part that
    asks for its pieces."""
    if site.name not in FAMILIES:
        raise LookupError(f"no rule family {site.name!r}; the families are {', '.join(FAMILIES)}")
    _REGISTERED[site.name] = site
