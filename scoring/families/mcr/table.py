"""MCR's table piece: for now the American one (points, no uma), until MCR's own lands."""

from scoring.families.american.table import *  # noqa: F403
