"""The facts of one hand, of whichever family: the type the game log, the records and the
services pass around."""

from .american import AmericanHand
from .families.mcr.facts import MCRHand
from .riichi import RiichiHand

HandFacts = RiichiHand | AmericanHand | MCRHand
