"""Two staff confirm the next stage at the same moment: the event's lock lets one open it; the
other is told there is no stage after the one being played (PostgreSQL's locks decide it)."""

import pytest
from django.db import connection

from scoring.events import reads, services
from scoring.models import EventStage
from scoring.records.services import ServiceError
from tests.events.test_stages import QUALIFYING, SECOND, play, staged
from tests.threads import at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="races need PostgreSQL's locks (DATABASE_URL)"),
]


@pytest.mark.parametrize("try_", range(10))
def test_two_staff_opening_the_final_at_once_open_it_once(club, try_):
    event = staged(club)
    play(event, QUALIFYING)
    play(event, SECOND)
    outcomes = at_once(lambda: services.open_next_stage(event=event), lambda: services.open_next_stage(event=event))
    opened = [o for o in outcomes if isinstance(o, EventStage)]
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(opened) == len(refused) == 1, outcomes
    assert str(refused[0]) == "This event has no stage after this one."
    assert reads.current_stage(event).name == "Final"
