"""``manage.py export_event EVENT_ID``: the stored event as an event log (the event-log format)."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.events.eventlog import describe
from scoring.models import Event
from scoring.records.services import ServiceError
from scoring.rules.eventlog import event_document


class Command(BaseCommand):
    help = (
        "Write the stored event EVENT_ID as an event-log JSON document (its whole rounds so far): "
        "manage.py score_event scores it as the event's standings page does."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's id (its page's address: /events/ID/)")

    def handle(self, *args: Any, event: int, **options: Any) -> None:
        try:
            log = describe(Event.objects.select_related("ruleset").get(pk=event)).log
        except Event.DoesNotExist:
            raise CommandError(f"there is no event {event}") from None
        except ServiceError as error:
            raise CommandError(str(error)) from None
        if log is None:
            raise CommandError("no round of this event has finished yet: an event log has at least one")
        missing = [key for key in ("city", "country") if not getattr(log, key)]
        if missing:
            raise CommandError(
                f"the event log needs the event's {' and '.join(missing)}: set them in the event's admin"
            )
        self.stdout.write(json.dumps(event_document(log), indent=1, ensure_ascii=False))
