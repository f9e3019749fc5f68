"""The table fixtures (players, Ann's login, a game), shared with tests/table."""

from table.conftest import game, players  # noqa: F401
