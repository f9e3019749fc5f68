"""MCR on the site: what it gives the site's family contract (``scoring.families.site``)."""

from scoring.families.mcr import reads, records, rulebook, table, tiles
from scoring.families.site import SiteFamily

SITE = SiteFamily(name="mcr", table=table, reads=reads, records=records, rulebook=rulebook, tiles=tiles)
