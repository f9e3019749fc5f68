"""The one error type of the rule engine, and the marker of its translatable messages."""

from typing import Self, cast


def gettext_noop(template: str) -> str:
    """Marks an engine message for translation (``makemessages`` finds it by this name).
    The engine speaks English; the site shows ``RuleError.template`` in the reader's
    language with ``RuleError.params`` (``scoring.rulebook.messages``)."""
    return template


IN_HAND = gettext_noop("hand %(number)s: %(problem)s")


def shown(value: object) -> str:
    """``value`` as JSON-ish text for a message, cut short: a hostile log cannot flood the line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Citation(str):
    """A rulebook clause a message quotes, in English: the rulebook's name and its clause
    ("EMA Riichi Competition Rules 2016, §3.4.6"), or the subject where the text numbers none
    ("M-League rules, liability (pao)"); ``part`` is a message the site translates unless
    ``numbered``."""

    book: str
    part: str
    numbered: bool

    def __new__(cls, book: str, part: str, *, numbered: bool = True) -> Self:
        citation = super().__new__(cls, f"{book}, {part}" if book else part)
        citation.book, citation.part, citation.numbered = book, part, numbered
        return citation


class RuleError(ValueError):
    """Bad input a club member can fix: the message says what is wrong and names the rule.

    ``template`` is the message with ``%(name)s`` placeholders for ``params`` (names of
    players, rulebook clauses, numbers; another RuleError for a message inside a message);
    ``message`` is the English text. ``field`` names the part of a record the message is
    about (``"wins"``, ``"riichi"``, ``"han"`` …) so that a form can show it next to the
    right control.
    """

    def __init__(self, template: str, *, field: str | None = None, **params: object) -> None:
        self.template = template
        self.params = params
        self.message = template % params if params else template
        self.field = field
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message

    def in_hand(self, number: int) -> "RuleError":
        """This error, about hand ``number`` ("hand 7: …")."""
        return RuleError(IN_HAND, field=self.field, number=number, problem=self)

    @property
    def hand(self) -> int | None:
        """The hand number of an ``in_hand`` error."""
        return cast(int, self.params["number"]) if self.template is IN_HAND else None  # in_hand's number is an int
