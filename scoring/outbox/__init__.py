"""The offline outbox of the table page ("lost wifi"): when a phone is offline or a
save times out, the hand waits in the browser (IndexedDB) and is sent again, in order and with
its own submission key, when the network returns.

The work is done in the browser by ``static/js/outbox.js`` (the outbox and its status on the
table page) and ``static/js/sw.js`` (a service worker that keeps the last copy of the table
page and its hand forms, so that the page loads and the forms open offline). This package only
serves the service worker from the root of the site; the table view says in a ``Hand-Result``
header whether a save was recorded or conflicts. Imports nothing from ``scoring``.
"""
