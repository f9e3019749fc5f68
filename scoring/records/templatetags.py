"""``{% load records %}`` (registered in settings): ``{% submission_key %}``, the hidden field that
makes a staff form's write happen once (``services.once``)."""

from uuid import uuid4

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def submission_key() -> SafeString:
    """A new key for this rendering of the form: sent twice, the form's write is done once."""
    return format_html('<input type="hidden" name="submission_key" value="{}">', uuid4().hex)
