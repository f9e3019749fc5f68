"""The version tokens of the page cache, kept in the database with the records they describe.

A write changes its rows and the tokens of the pages that show them in one transaction: if
either fails, both roll back and the write raises; once it commits, every reader sees the new
rows and the new tokens together. Nothing else is stored here: the rendered pages live in
Django's cache (``scoring.caching.pages``), written only by read requests.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PageVersion(models.Model):
    """The current token of one version key (``scoring.caching.versions``): a key's pages are
    cached and tagged under its token, and a write gives the key a new one."""

    key = models.CharField(_("key"), max_length=100, primary_key=True)
    token = models.CharField(_("token"), max_length=16)

    class Meta:
        app_label = "scoring"
        verbose_name = _("page version")
        verbose_name_plural = _("page versions")

    def __str__(self) -> str:
        return f"{self.key}={self.token}"
