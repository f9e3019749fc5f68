"""MCR's reads piece: for now the American one (points, no uma), until MCR's own lands."""

from scoring.families.american.reads import *  # noqa: F403
