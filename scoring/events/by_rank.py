"""Seating by the standings, no draw: a stage's first round seated by rank (a final of the top
four, semifinals 1, 8, 9, 16), also a draw method of any round. Pure, like ``seating``."""

from scoring.events.seating import Draw, Past, table_cost


def draw_by_rank(standings, past: Past, *, across: bool = False) -> Draw:
    """Tables by rank (``standings`` best first, a whole number of tables): the first ``seats``
    at table 1, the next at table 2 (a final of the top four); ``across``: as many equal parts
    of the field as a table seats, dealt back and forth over the tables, so that 16 players sit
    1, 8, 9, 16 at table 1 and 2, 7, 10, 15 at table 2 (semifinals)."""
    order = list(standings)
    count = len(order) // past.seats
    tables: list[list[int]] = [[] for _table in range(count)]
    for index, player in enumerate(order):
        part, at = divmod(index, count) if across else (0, index // past.seats)
        tables[count - 1 - at if part % 2 else at].append(player)
    seated = tuple(tuple(table) for table in tables)
    return Draw(seated, (), sum(table_cost(past, table) for table in seated))
