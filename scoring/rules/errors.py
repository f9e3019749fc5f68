"""The one error type of the rule engine."""


class RuleError(ValueError):
    """Bad input a club member can fix: the message says what is wrong and names the rule.

    ``field`` names the part of a record the message is about (``"wins"``, ``"riichi"``,
    ``"han"`` …) so that a form can show it next to the right control.
    """

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return self.message
