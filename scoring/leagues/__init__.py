"""Leagues: a season's stages (the cut and the points carried over) and divisions (promotion and
relegation), their pages, CSVs and staff actions. The rules are ``scoring.rules.league``; the
writes are ``scoring.leagues.services``."""
