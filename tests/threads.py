"""Calls released together in threads: the races tests try (PostgreSQL's locks decide them), as
the race run does over HTTP (``scoring.demo.racerun``)."""

from scoring.demo.racerun import at_once

__all__ = ["at_once"]
