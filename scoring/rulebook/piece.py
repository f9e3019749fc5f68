"""What the rules page asks of a family's ``rulebook`` piece (``SiteFamily.rulebook``)."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from scoring.families import OfAFamily, site_family

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class RulebookPiece(Protocol):
    @property
    def KNOBS(self) -> tuple[str, ...]: ...  # its rulesets' knobs, in the page's order

    @property
    def VALUE_LABELS(self) -> "Mapping[str, StrOrPromise]": ...  # a value read its own way


def rulebook_piece(of: str | OfAFamily) -> RulebookPiece:
    """The ``rulebook`` piece of a family (its name, or a ruleset of it)."""
    piece: RulebookPiece = site_family(of, "rulebook")
    return piece
