"""What the services refuse: ``ServiceError`` and its kinds, each with a message a club member
understands."""

from django.utils.translation import gettext as _

from scoring.models import Game, UndoneSubmission


class ServiceError(Exception):
    """A write the club's records refuse; the message is for the scorer or the admin."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class Conflict(ServiceError):
    """Somebody else changed the game first (another scorer, another tab)."""


class Undone(ServiceError):
    """A submission whose hand was recorded and then undone (or deleted): replayed, it records nothing."""

    def __init__(self, undone: UndoneSubmission):
        super().__init__(
            _(
                "Hand %(number)s from this form was recorded and then undone, so it was not recorded "
                "again. Enter the hand anew if it is still missing."
            )
            % {"number": undone.hand_number}
        )


class AlreadyImported(ServiceError):
    """This game log was imported before: importing it again would count the game twice."""

    def __init__(self, game: Game):
        super().__init__(
            _("This game log was already imported as game %(id)s; importing it again would count the game twice.")
            % {"id": game.pk}
        )
        self.game = game
