"""``manage.py loadtest`` (``make loadtest``): serve the site with ``make serve`` on this
database and measure it under a club night, 4 scoring tables and 200 members
(``scoring.demo.loadtest``), or with ``--profile tournament`` under a tournament of 40 tables
and 500 spectators (``scoring.demo.tournament_load``); one ``name: value unit`` line per
figure. Exit status 1 if a target is missed. ``--find-knee`` steps the members or spectators up
(500, 1,000, 2,000, 4,000) and prints, per step, what was offered and served, the p95s, the
server's CPU and whether the generator was the limit; the knee is the last step that met
every target."""

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from scoring.demo import loadtest, tournament_load

TARGETS = {"errors": 0, "hands_lost": 0, "hands_duplicated": 0, "check_games_mismatches": 0}
P95_TARGET_MS = 300
SERVED_TARGET = 99  # % of the requests offered
CPU_TARGET_MS = 3  # the server's CPU per request, in a tournament
NOT_MODIFIED_TARGET = 80  # % of the spectators' reads answered 304, in a tournament
KNEE_STEPS = (500, 1000, 2000, 4000)
KNEE_COLUMNS = (  # the figures a knee step prints, and their headings
    ("offered_per_s", "offered/s"),
    ("requests_per_s", "served/s"),
    ("served_share", "served %"),
    ("errors", "errors"),
    ("readers_not_modified_share", "304 %"),
    ("pages_p95_ms", "pages p95 ms"),
    ("save_hand_p95_ms", "saves p95 ms"),
    ("server_cpu_ms_per_request", "CPU ms/req"),
    ("server_cpu_share", "server %"),
    ("database_cpu_ms_per_request", "database ms/req"),
    ("load_generator_cpu", "generator % core"),
    ("load_generator_limited", "generator limit"),
    ("hands_lost", "lost"),
    ("hands_duplicated", "dup"),
    ("requests_per_s_the_machine_could_serve", "machine could serve/s"),
)
PROFILES = {"club-night": loadtest.run, "tournament": tournament_load.run}


def missed(name: str, value: float, profile: str) -> bool:
    """Whether a figure misses its target."""
    return (
        TARGETS.get(name, value) != value
        or (name in ("pages_p95_ms", "save_hand_p95_ms") and value >= P95_TARGET_MS)
        or (name == "served_share" and value < SERVED_TARGET)
        or (profile == "tournament" and name == "server_cpu_ms_per_request" and value > CPU_TARGET_MS)
        or (profile == "tournament" and name == "readers_not_modified_share" and value < NOT_MODIFIED_TARGET)
    )


class Command(BaseCommand):
    help = (
        "Load test: make serve on PostgreSQL for 60 s, a club night (4 tables recording, 200 members reading) "
        "or a tournament (40 tables, 500 spectators)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--profile", choices=PROFILES, default="club-night")
        parser.add_argument("--port", type=int, default=8130)
        parser.add_argument("--seconds", type=float, default=60)
        parser.add_argument("--tables", type=int, help="tables recording (default: the profile's, 4 or 40)")
        parser.add_argument("--members", type=int, help="members or spectators reading (default: 200 or 500)")
        parser.add_argument("--workers", type=int, help="gunicorn workers (default: the config's)")
        parser.add_argument(
            "--find-knee",
            nargs="*",
            type=int,
            metavar="MEMBERS",
            help=f"step the members or spectators up (default {', '.join(map(str, KNEE_STEPS))}), "
            "--seconds each, and print a line per step",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("The load test serves PostgreSQL: set DATABASE_URL=postgres://…/…_load")
        profile = options["profile"]
        sizes = {key: options[key] for key in ("tables", "members") if options[key] is not None}
        if options["find_knee"] is not None:
            return self.find_knee(profile, options, sizes, options["find_knee"] or list(KNEE_STEPS))
        misses = []
        for name, value, unit in PROFILES[profile](
            port=options["port"], seconds=options["seconds"], workers=options["workers"], **sizes
        ):
            self.stdout.write(f"{name}: {value:.1f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}")
            if missed(name, value, profile):
                misses.append(name)
        if misses:
            self.stderr.write(f"missed targets: {', '.join(misses)}")
            raise SystemExit(1)

    def find_knee(self, profile: str, options: dict[str, Any], sizes: dict[str, Any], steps: list[int]) -> None:
        """Each step a run of its own (a new server, a new round of tables); every figure of each
        is printed as it comes, then one line a step and the knee: the last step that met every
        target (the CPU and 304 targets apart: they describe cost, not capacity)."""
        rows, knee = [], None
        for members in steps:
            self.stdout.write(f"--- step: {members} members or spectators")
            found, misses = {}, []
            for name, value, unit in PROFILES[profile](
                port=options["port"],
                seconds=options["seconds"],
                workers=options["workers"],
                **sizes | {"members": members},
            ):
                self.stdout.write(
                    f"{name}: {value:.1f} {unit}" if isinstance(value, float) else f"{name}: {value} {unit}"
                )
                found[name] = value
                if missed(name, value, profile) and name not in (
                    "server_cpu_ms_per_request",
                    "readers_not_modified_share",
                ):
                    misses.append(name)
            rows.append((members, found, misses))
            if not misses and knee == (rows[-2][0] if len(rows) > 1 else None):
                knee = members
        self.stdout.write(
            f"knee ({profile}, {options['seconds']:.0f} s a step, load average now {os.getloadavg()[0]:.1f}):"
        )
        self.stdout.write("  " + " | ".join(["members", *(heading for _name, heading in KNEE_COLUMNS), "missed"]))
        for members, found, misses in rows:
            cells = [
                f"{found[name]:.1f}" if isinstance(found.get(name), float) else str(found.get(name, "-"))
                for name, _ in KNEE_COLUMNS
            ]
            self.stdout.write("  " + " | ".join([str(members), *cells, ", ".join(misses) or "none"]))
        limited = [members for members, found, _misses in rows if found.get("load_generator_limited")]
        self.stdout.write(
            f"knee: {knee} members or spectators met every target"
            if knee
            else "knee: below the first step (it missed a target)"
        )
        if limited:
            self.stdout.write(
                f"the generator was the limit at {', '.join(map(str, limited))}: those steps do not measure the site"
            )
