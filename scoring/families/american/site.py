"""American on the site: what it gives the site's family contract (``scoring.families.site``)."""

from scoring.families.american import reads, records, rulebook, table
from scoring.families.site import SiteFamily

SITE = SiteFamily(name="american", table=table, reads=reads, records=records, rulebook=rulebook)
