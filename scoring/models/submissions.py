"""The submission keys of staff forms that add a row (a team penalty, a team, a stage …): the
same form sent twice (a double tap, a retry on a bad connection) adds its row once."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules import bounds


class StaffSubmission(models.Model):
    """One staff form's submission: its key (unique: a second insert of it waits for the first's
    transaction and then fails), what it added and that row's id."""

    key = models.CharField(_("submission key"), max_length=bounds.SUBMISSION_KEY_LENGTH, unique=True)
    kind = models.CharField(_("what it added"), max_length=40)
    row = models.PositiveBigIntegerField(_("row added"), null=True)
    at = models.DateTimeField(_("submitted"), auto_now_add=True)

    class Meta:
        verbose_name = _("staff submission")
        verbose_name_plural = _("staff submissions")

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"
