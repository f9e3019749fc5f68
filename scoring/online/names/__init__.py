"""A player's online names on their page: the member (logged in) or staff keep them, one per
line per site, through ``services.set_online_names``; the online import and an event round's
online games map names by them."""
