"""The seating the random draw's search starts its round from (``scoring.events.seating``):
everyone at a wind they have played least, where the players allow."""

from scoring.events.past import Past


def at_least_played_winds(past: Past, players, rng) -> list[list[int]]:
    """Random tables with every player at a wind they have played least (of their table's
    winds), whenever the players allow (always when all have played the same number of
    balanced games at full tables): every seat, wind by wind, found by augmenting paths."""
    order, sizes = list(players), past.sizes(len(players))
    rng.shuffle(order)
    seats = [(table, wind) for wind in range(max(sizes, default=0)) for table, size in enumerate(sizes) if wind < size]
    owner: dict[tuple[int, int], int] = {}  # (table, wind) -> player

    def place(player, seen) -> bool:
        counts = past.winds.get(player, (0,) * past.seats)
        for seat in seats:
            table, wind = seat
            if counts[wind] == min(counts[: sizes[table]]) and seat not in seen:
                seen.add(seat)
                if seat not in owner or place(owner[seat], seen):
                    owner[seat] = player
                    return True
        return False

    left = [player for player in order if not place(player, set())]
    for seat in seats:
        if seat not in owner:
            owner[seat] = left.pop()
    return [[owner[table, wind] for wind in range(size)] for table, size in enumerate(sizes)]
