"""The audit trail: who changed which game, and how."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .games import Game


class AuditEntry(models.Model):
    START, RECORD, UNDO, EDIT, DELETE, FINISH, ABANDON, RECOMPUTE, IMPORT, CHANGE, DELETE_GAME, IMPORT_EVENT = (
        "start_game",
        "record_hand",
        "undo_last_hand",
        "edit_hand",
        "delete_hand",
        "finish_game",
        "abandon_game",
        "recompute_game",
        "import_game",
        "change_game",
        "delete_game",
        "import_event",
    )
    ONLINE_NAMES = "online_names"  # a player's online names (no game: ``before`` and ``after`` name the player)
    ACTION_CHOICES = [
        (START, _("started the game")),
        (RECORD, _("recorded a hand")),
        (UNDO, _("undid the last hand")),
        (EDIT, _("edited a hand")),
        (DELETE, _("deleted a hand")),
        (FINISH, _("finished the game")),
        (ABANDON, _("abandoned the game")),
        (RECOMPUTE, _("recomputed the game")),
        (IMPORT, _("imported the game")),
        (CHANGE, _("changed the game")),
        (DELETE_GAME, _("deleted the game")),
        (ONLINE_NAMES, _("changed a player's online names")),
        (IMPORT_EVENT, _("imported an event held elsewhere")),
    ]

    at = models.DateTimeField(_("when"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    game = models.ForeignKey(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    action = models.CharField(_("action"), max_length=20, choices=ACTION_CHOICES)
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}"
