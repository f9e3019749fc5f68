"""Scoring an event (the event-log format, "Stages" and "Standings"): each table's results as
``score_game`` gives them, who plays each stage, what they carry, each stage's standing and the
final ranking. Exact: results are Fractions of a result unit, rounded only where written."""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import RuleError
from ..families import family_of
from ..gamelog import GameLog, Replay, replay
from ..ruleset import RuleSet
from ..standings import Standing, share, standings
from ..table import TableState, no_penalties
from .document import TENTH, Carry, EventLog, Stage, Table
from .parse import fail

CheckGame = Callable[[GameLog, Replay], None]  # what else a game table must pass (its tiles: scoring.tiles)


@dataclass(frozen=True, slots=True)
class Line:
    """A player's line of a stage's standing: what he carried in, his result at each round, his
    penalties of the stage, his total and the sum of his table scores in the stage (``raw``)."""

    player: int
    rank: int
    carried: Fraction
    results: tuple[Fraction, ...]
    penalties: Fraction
    total: Fraction
    raw: int


@dataclass(frozen=True, slots=True)
class Placing:
    """A player's line of the final ranking: his place, and his total in the last stage he played."""

    player: int
    place: int
    total: Fraction
    stage: int


@dataclass(frozen=True, slots=True)
class EventResult:
    """A scored event: each stage's standing (its lines in rank order) and the final ranking."""

    event: EventLog
    stages: tuple[tuple[Line, ...], ...]
    final: tuple[Placing, ...]


def rounded(value: Fraction, step: Fraction) -> Fraction:
    """``value`` to a whole number of ``step``, half away from zero (17.65 → 17.7, −0.15 → −0.2)."""
    steps = value / step
    return share(steps.numerator, steps.denominator) * step


def carried(total: Fraction, carry: Carry) -> Fraction:
    """What a previous stage's total brings into the next stage: all, half (to 0.1 result unit,
    half away from zero) or nothing."""
    if carry == Carry.FULL:
        return total
    if carry == Carry.HALF:
        return rounded(total / 2, TENTH)
    return Fraction(0)


def table_results(rules: RuleSet, table: Table, check_game: CheckGame | None = None) -> list[Standing]:
    """The standings of a table as ``score_game`` gives them: of the game played through, or of
    a finished game ending on the table's scores with no penalties."""
    if table.game is None:
        assert table.scores is not None  # a table has scores or a game (parse)
        seats = len(table.scores)
        return list(standings(rules, TableState(table.scores, finished=True), no_penalties(seats)))
    played = replay(table.game)
    if not played.table.finished:
        raise RuleError("the game is not finished")
    if check_game is not None:
        check_game(table.game, played)
    return list(played.standings)


def score_event(event: EventLog, check_game: CheckGame | None = None) -> EventResult:
    """Every stage's standing in the order played, and the final ranking; RuleError says what
    is wrong and where (what only the standings show: who plays a stage, a tie on a cut line)."""
    lines: list[tuple[Line, ...]] = []
    field = tuple(range(len(event.players)))
    brought = dict.fromkeys(field, Fraction(0))
    for number, stage in enumerate(event.stages, 1):
        if lines:
            field = entrants(event, number, lines[-1])
            brought = {line.player: carried(line.total, stage.carry) for line in lines[-1] if line.player in field}
        lines.append(stage_standing(event, number, field, brought, check_game))
    return EventResult(event, tuple(lines), final_ranking(lines))


def entrants(event: EventLog, number: int, before: Sequence[Line]) -> tuple[int, ...]:
    """Who plays stage ``number`` (from 1) after the stage before it ended as ``before``: its
    first ``cut``, the best ``advance_per_table`` of each table of its last round, or everyone.
    A tie across the line is an error: the organisers decide it."""
    stage, previous = event.stages[number - 1], event.stages[number - 2]
    names = [player.name for player in event.players]
    where = f"stage {number}"
    if stage.cut is not None:
        if stage.cut > len(before):
            fail(where, f"cut {stage.cut} is larger than the {len(before)} players of stage {number - 1}")
        _across(before, stage.cut, names, where, "a tie at the cut", number - 1)
        return tuple(sorted(line.player for line in before[: stage.cut]))
    if stage.advance_per_table is not None:
        position = {line.player: at for at, line in enumerate(before)}
        going: list[int] = []
        for table_number, table in enumerate(previous.rounds[-1], 1):
            table_lines = [before[at] for at in sorted(position[player] for player in table.players)]
            tie = f"a tie at table {table_number} of the last round"
            _across(table_lines, stage.advance_per_table, names, where, tie, number - 1)
            going += [line.player for line in table_lines[: stage.advance_per_table]]
        return tuple(sorted(going))
    return tuple(sorted(line.player for line in before))


def _across(lines: Sequence[Line], count: int, names: Sequence[str], where: str, tie: str, stage: int) -> None:
    """RuleError if the ``count``-th and the next of ``lines`` (in rank order) are level."""
    if count < len(lines) and lines[count - 1].rank == lines[count].rank:
        first, second = names[lines[count - 1].player], names[lines[count].player]
        fail(where, f"{tie}: {first} and {second} share rank {lines[count].rank} of stage {stage}")


def stage_standing(
    event: EventLog,
    number: int,
    field: tuple[int, ...],
    brought: dict[int, Fraction],
    check_game: CheckGame | None = None,
) -> tuple[Line, ...]:
    """The standing of stage ``number`` played by ``field`` (in the event's order), each carrying
    ``brought``: by total, then raw score sum, level players sharing a rank (1, 2, 2, 4)."""
    stage, rules = event.stages[number - 1], event.rules
    names = [player.name for player in event.players]
    where = f"stage {number}"
    seats = family_of(rules).SEATS
    if len(field) % seats:
        fail(where, f"{len(field)} players do not make tables of {seats}")
    results: dict[int, list[Fraction]] = {player: [] for player in field}
    raw = dict.fromkeys(field, 0)
    unit = event.units.result_unit
    for round_number, tables in enumerate(stage.rounds, 1):
        for table_number, table in enumerate(tables, 1):
            at = f"{where} round {round_number} table {table_number}"
            for player in table.players:
                if player not in results:
                    fail(at, f"{names[player]} does not play this stage")
            try:
                lines = table_results(rules, table, check_game)
            except RuleError as error:
                fail(at, str(error))
            for line in lines:
                player = table.players[line.player]
                points = line.table_points
                results[player].append(Fraction(line.result, unit) if points is None else points)
                raw[player] += line.score
        for player in field:
            if len(results[player]) < round_number:
                missing = f"{names[player]} plays this stage but has no table in this round"
                fail(f"{where} round {round_number}", missing)
    penalties = _penalties(event, number - 1, stage, field)
    totals = {player: brought[player] + sum(results[player], Fraction(0)) - penalties[player] for player in field}
    order = sorted(field, key=lambda player: (-totals[player], -raw[player], player))
    ranks = shared_ranks([(totals[player], raw[player]) for player in order])
    return tuple(
        Line(player, rank, brought[player], tuple(results[player]), penalties[player], totals[player], raw[player])
        for player, rank in zip(order, ranks, strict=True)
    )


def _penalties(event: EventLog, index: int, stage: Stage, field: tuple[int, ...]) -> dict[int, Fraction]:
    """Each player's penalties of the stage at ``index`` (from 0), added up."""
    penalties = dict.fromkeys(field, Fraction(0))
    for number, penalty in enumerate(event.penalties, 1):
        if penalty.stage == index:
            if penalty.player not in penalties:
                name = event.players[penalty.player].name
                fail(f"penalty {number}", f"{name} does not play stage {stage.name!r}")
            penalties[penalty.player] += penalty.points
    return penalties


def shared_ranks(keys: Iterable[object]) -> list[int]:
    """The rank of each of ``keys``, best first: a key equal to the one before it shares its
    rank, and the next is skipped (1, 2, 2, 4)."""
    ranks: list[int] = []
    before = None
    for position, key in enumerate(keys, 1):
        ranks.append(ranks[-1] if ranks and key == before else position)
        before = key
    return ranks


def final_ranking(stages: Sequence[Sequence[Line]]) -> tuple[Placing, ...]:
    """The players of the last stage in its order, then those of the stage before who did not
    play the last, in that stage's order, and so on back to the first: everyone who made a cut
    ranks above everyone who did not. Within a group, places follow the stage's total, then raw
    score sum, level players sharing one."""
    placings: list[Placing] = []
    later: set[int] = set()
    for index in reversed(range(len(stages))):
        group = [line for line in stages[index] if line.player not in later]
        ranks = shared_ranks([(line.total, line.raw) for line in group])
        offset = len(placings)
        placings += [
            Placing(line.player, offset + rank, line.total, index) for line, rank in zip(group, ranks, strict=True)
        ]
        later.update(line.player for line in stages[index])
    return tuple(placings)
