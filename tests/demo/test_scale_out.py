"""Two app servers (``make serve`` twice, two ports) sharing nothing but
PostgreSQL and the cache record into the same game at the same time without conflict."""

import os
import subprocess
import sys
import threading

import httpx
import pytest
from django.conf import settings
from django.db import connection

from scoring.demo.loadtest import DRAW, Scorer
from scoring.demo.serving import Server, free_ports, staff_session
from scoring.models import Hand, Player, Ruleset
from scoring.records import services
from scoring.records.checks import game_mismatches

HANDS_EACH = 8


@pytest.mark.django_db(transaction=True)
def test_two_servers_record_into_the_same_game_without_conflict(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip(
            "scale-out means app servers sharing one PostgreSQL; SQLite is one machine's file "
            "(DATABASE_URL=postgres://…)"
        )
    players = [Player.objects.create(name=name) for name in ("Ann", "Bo", "Cho", "Dee")]
    game = services.start_game(ruleset=Ruleset.objects.preset("ema-2016"), players=players)
    session_id = staff_session("loadtest-scorer")
    servers = []
    try:
        for port in free_ports(2):  # one after the other: each runs collectstatic and migrate first
            servers.append(Server(port, workers=2, static_root=str(tmp_path / "static")).wait())
        scorers = [Scorer(server.url, game.pk, session_id) for server in servers]
        refused = []

        def score(scorer):
            for _attempt in range(10 * HANDS_EACH):
                if len(scorer.saved) == HANDS_EACH:
                    return
                saved, _seconds = scorer.record()
                refused.append(not saved)

        threads = [threading.Thread(target=score, args=(scorer,)) for scorer in scorers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        # a retry of the first scorer's last hand reaches the other server: recorded once
        first, second = scorers
        retry = second.client.post(
            second.hands,
            data={**DRAW, "submission_key": first.saved[-1], "expected_number": "1"},
            headers={"X-CSRFToken": second.client.cookies["csrftoken"]},
        )
        assert retry.status_code in (200, 302)
        etags = {httpx.get(f"{server.url}/games/{game.pk}/").headers["ETag"] for server in servers}
    finally:
        for server in servers:
            server.stop()

    game.refresh_from_db()
    keys = list(Hand.objects.filter(game=game).order_by("number").values_list("submission_key", flat=True))
    assert game.hand_count == len(keys) == 2 * HANDS_EACH
    assert sorted(keys) == sorted(first.saved + second.saved)
    assert game_mismatches(game) == []
    assert len(etags) == 1  # the servers share the cache: one version of the page


@pytest.mark.parametrize("pgbouncer, conn_max_age, server_side_cursors", [("true", 0, False), ("", 60, True)])
def test_behind_pgbouncer_no_connection_is_kept_and_no_cursor_is_named(pgbouncer, conn_max_age, server_side_cursors):
    env = {**os.environ, "DATABASE_URL": "postgres://club@db.example:6432/club", "PGBOUNCER": pgbouncer}
    env.pop("CONN_MAX_AGE", None)
    code = (
        "from mahjong_club import settings as s; d = s.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], not d.get('DISABLE_SERVER_SIDE_CURSORS', False))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [str(conn_max_age), str(server_side_cursors)]
