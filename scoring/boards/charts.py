"""Small server-rendered charts (SVG): geometry only, no drawing library.

The player page's functions turn a series into a ``Chart`` the template
``scoring/boards/player.html#chart`` draws: polylines, dots, bars, horizontal grid lines with
labels. ``scores_chart`` is the game page's running scores. Coordinates are in the SVG's
own units (``viewBox``); the SVG scales to the width of the page.
"""

import math
from dataclasses import dataclass, field

from django.utils.formats import date_format

from scoring.rulebook.numbers import number, points

WIDTH, HEIGHT = 600, 200
LEFT, RIGHT, TOP, BOTTOM = 62, 8, 12, 26


@dataclass
class Bar:
    x: float
    y: float
    width: float
    height: float
    positive: bool


@dataclass
class Chart:
    title: str
    summary: str
    width: int = WIDTH
    height: int = HEIGHT
    lines: list[str] = field(default_factory=list)  # "x,y x,y …" for <polyline points>
    dots: list[tuple[float, float]] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    grid: list[tuple[float, str]] = field(default_factory=list)  # (y, label)
    start_label: str = ""
    end_label: str = ""

    @property
    def left(self) -> int:
        return LEFT

    @property
    def right(self) -> int:
        return self.width - RIGHT


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return round(LEFT + (span * index / (count - 1) if count > 1 else span / 2), 1)


def _scale(low: float, high: float):
    span = (high - low) or 1.0
    inner = HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return round(TOP + inner * (high - value) / span, 1)

    return y


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values from below ``low`` to above ``high``, about ``count`` steps apart."""
    if high == low:
        return [low - 1, low, low + 1]
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first, last = math.floor(low / step), math.ceil(high / step)
    return [round(n * step, 10) for n in range(first, last + 1)]


def _tick(value: float, *, signed: bool = False) -> str:
    """A grid label: whole where the tick is whole (2.5 keeps its decimal)."""
    return number(value, decimals=0 if value == int(value) else 1, signed=signed)


def _dates(days) -> tuple[str, str]:
    days = [d for d in days if d]
    return (date_format(days[0]), date_format(days[-1])) if days else ("", "")


def places_chart(rows, *, title: str, summary: str, labels: tuple[str, ...], window: int = 10) -> Chart:
    """Each game's place (a dot) and the average place of the last ``window`` games (a line);
    1st at the top. ``labels`` name the places, one per seat."""
    chart = Chart(title, summary)
    places = [row["place"] for row in rows]
    if not places:
        return chart
    y = _scale(len(labels), 1)  # upside down: 1st at the top
    chart.grid = [(y(place), label) for place, label in enumerate(labels, 1)]
    count = len(places)
    chart.dots = [(_x(i, count), y(p)) for i, p in enumerate(places)]
    averages = []
    for i in range(count):
        recent = places[max(0, i - window + 1) : i + 1]
        averages.append(f"{_x(i, count)},{y(sum(recent) / len(recent))}")
    chart.lines = [" ".join(averages)]
    chart.start_label, chart.end_label = _dates(row["day"] for row in rows)
    return chart


def rating_chart(points, *, title: str, summary: str) -> Chart:
    """The rating (μ − 3σ) after each rated game."""
    chart = Chart(title, summary)
    values = [p.ordinal for p in points]
    if not values:
        return chart
    ticks = nice_ticks(min(values + [0.0]), max(values + [0.0]))
    y = _scale(ticks[0], ticks[-1])
    chart.grid = [(y(t), _tick(t)) for t in ticks]
    count = len(values)
    chart.lines = [" ".join(f"{_x(i, count)},{y(v)}" for i, v in enumerate(values))]
    chart.start_label, chart.end_label = _dates(p.day for p in points)
    return chart


def results_chart(rows, *, title: str, summary: str, scale: float = 1.0, unit: str = "") -> Chart:
    """Each game's result as a bar above or below zero (``scale`` divides the values)."""
    chart = Chart(title, summary)
    values = [row["result"] / scale for row in rows]
    if not values:
        return chart
    ticks = nice_ticks(min(values + [0.0]), max(values + [0.0]))
    y = _scale(ticks[0], ticks[-1])
    chart.grid = [(y(t), _tick(t, signed=True) + (unit if t else "")) for t in ticks]
    count = len(values)
    span = WIDTH - LEFT - RIGHT
    width = span / count
    zero = y(0)
    for i, value in enumerate(values):
        top = min(zero, y(value))
        chart.bars.append(
            Bar(
                round(LEFT + i * width + width * 0.15, 1),
                top,
                round(width * 0.7, 1),
                max(round(abs(y(value) - zero), 1), 0.5),
                value >= 0,
            )
        )
    chart.start_label, chart.end_label = _dates(row["day"] for row in rows)
    return chart


# ---- the game page's running scores ---------------------------------------------------------

LABEL_GAP = 44  # units of the 480-wide chart between two hand labels
COLOURS = ("#1c6b4a", "#b5462f", "#2f5fb5", "#8a5a00")  # one per seat; also told apart by marker


def scores_chart(seats, rows, start: int, *, width: int = 480, height: int = 270) -> dict | None:
    """Polylines of each seat's score after every hand (``handlog.hand_rows``), starting at
    ``start``; None without hands."""
    if not rows:
        return None
    series = [[start] + [r["cells"][i]["score_value"] for r in rows] for i in range(len(seats))]
    values = [v for s in series for v in s if v is not None]
    low, high = min(values + [start]), max(values + [start])
    if high == low:
        high, low = high + 1000, low - 1000
    tick_values = [round(value) for value in nice_ticks(low, high)]
    low_tick, high_tick = tick_values[0], tick_values[-1]
    widest = max(len(points(value)) for value in tick_values)
    # room for the widest tick label at the phone's font size (club.css: 16 units, about 12 px)
    left, right, top, bottom = 14 + 9 * widest, 10, 10, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    count = len(rows)

    def x(index):
        return round(left + plot_w * index / count, 1)

    def y(value):
        return round(top + plot_h * (high_tick - value) / (high_tick - low_tick), 1)

    lines = []
    for i, seat in enumerate(seats):
        pts = [(x(j), y(v)) for j, v in enumerate(series[i]) if v is not None]
        lines.append(
            {
                "name": seat.player.name,
                "player": seat.player_id,
                "colour": COLOURS[i],
                "points": " ".join(f"{px},{py}" for px, py in pts),
                "dots": [{"x": px, "y": py, "sx": round(px - 3, 1), "sy": round(py - 3, 1)} for px, py in pts[1:]],
                "final": points(series[i][-1]),
                "marker": i,
            }
        )
    ticks = [{"y": y(value), "label": points(value), "start": value == start} for value in tick_values]
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "ticks": ticks,
        "left": left,
        "right": width - right,
        "tick_x": left - 6,
        "label_y": height - bottom + 22,
        "labels": hand_labels(rows, x),
    }


def hand_labels(rows, x, *, gap: float = LABEL_GAP) -> list[dict]:
    """The x axis: the round where a new round starts (E1, E2 …; the hand number where the
    ruleset has no rounds), each label once, left out where it would crowd the one before
    (``gap`` units apart, about 3 labels' width on a phone)."""
    labels, previous, last_x = [], None, None
    for j, row in enumerate(rows, 1):
        label = row["round"] or str(row["number"])
        if label == previous:
            continue
        previous = label
        if last_x is None or x(j) - last_x >= gap:
            labels.append({"x": x(j), "label": label})
            last_x = x(j)
    return labels
