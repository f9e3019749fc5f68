"""A staff form's write, once per submission key (``StaffSubmission``): the key is inserted
before the write in the same transaction, so the same form sent twice at once waits for the
first and then finds its key; sent again later, it finds the key at once. Either way the write
runs once, and the second is told it was already done."""

from collections.abc import Callable

from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext_lazy

from scoring.models import StaffSubmission
from scoring.rules import bounds

from .errors import ServiceError

FORM_DAMAGED = gettext_lazy(
    "This form is damaged (its submission key is not valid): reload the page and send it again."
)


class AlreadySubmitted(ServiceError):
    """This form was sent before and its write was done then (a double tap, a retry): not again."""

    def __init__(self, submission: StaffSubmission):
        super().__init__(
            str(gettext_lazy("This form was already sent and its change is stored; it was not made twice."))
        )
        self.submission = submission


def once[Row: models.Model](*, key: str, kind: str, write: Callable[[], Row]) -> Row:
    """``write()`` in one transaction with the submission ``key`` of the form that asked for it;
    AlreadySubmitted if that key was stored before (the write is not run again). An empty key
    (a script, a test) writes without the check; a key no form sends is refused."""
    if not key:
        with transaction.atomic():
            return write()
    if len(key) > bounds.SUBMISSION_KEY_LENGTH or bounds.character_problem(key):
        raise ServiceError(str(FORM_DAMAGED))
    try:
        with transaction.atomic():
            submission = StaffSubmission.objects.create(key=key, kind=kind)
            row = write()
            submission.row = row.pk
            submission.save(update_fields=["row"])
            return row
    except IntegrityError:
        earlier = StaffSubmission.objects.filter(key=key).first()
        if earlier is None:  # the IntegrityError was the write's own
            raise
        raise AlreadySubmitted(earlier) from None
