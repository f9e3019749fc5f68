"""``manage.py demo_logins``: how to sign in to the demo (``make run`` prints it every time it
serves): the staff login and the members who sign in as their player, with the passwords
``seed_demo`` generated, or how to set a new one where it was changed since."""

from collections.abc import Iterable
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.demo.club import DEMO_LOGIN, saved_logins


def how_to_sign_in(logins: Iterable[Any], site: str = "") -> str:
    """The sign-in lines of (username, password or None) logins, the staff login first."""
    if not logins:
        return "No demo logins: make a staff login with `manage.py createsuperuser`."
    lines = [f"Sign in at {site}/accounts/login/ as:"]
    for username, password in logins:
        who = "staff (admin and every event)" if username == DEMO_LOGIN else "a member, on their player's phone"
        shown = password or f"(changed since; set one: manage.py changepassword {username})"
        lines.append(f"  {username} / {shown}   {who}")
    lines.append("A forgotten password: manage.py changepassword <login>.")
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Print how to sign in to the demo: its staff and member logins."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--site", default="", help="the address served, e.g. http://127.0.0.1:8000")

    def handle(self, *args: Any, site: str = "", **options: Any) -> None:
        self.stdout.write(how_to_sign_in(saved_logins(), site))
