// The table page's service worker ("lost wifi"), served at /sw.js by
// scoring/outbox/views.py. It keeps the last copy of each table page, of its hand forms
// (asked for by htmx) and of the static files, and answers from that copy when the network
// fails: the table page then loads and its forms open offline, and static/js/outbox.js keeps
// the hands. Network first, so that online nothing is ever stale. Writes are never touched.
"use strict";

const CACHE = "mahjong-club-table-1";
const TABLE_PAGE = /^\/games\/\d+\/table\/$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The copy of a page and of the same page's partial (HX-Request) are kept apart.
function cacheKey(url, partial) {
  const key = new URL(url, self.location.origin);
  if (partial) key.searchParams.set("hx-partial", "1");
  return key.href;
}

function kept(url) {
  const { origin, pathname } = new URL(url, self.location.origin);
  return origin === self.location.origin && (TABLE_PAGE.test(pathname) || pathname.startsWith("/static/"));
}

async function fetchAndKeep(request, partial) {
  const response = await fetch(request);
  if (response.ok && !response.redirected) {
    const cache = await caches.open(CACHE);
    await cache.put(cacheKey(request.url, partial), response.clone());
  }
  return response;
}

// A copy says so (Outbox-Copy), so that outbox.js gives a form from it a fresh submission key.
// A page with a hand form open (?outcome=) not kept falls back to the table page itself.
async function copyOf(request, partial, error) {
  const page = new URL(request.url);
  page.search = "";
  const cached = await caches.match(cacheKey(request.url, partial), { ignoreVary: true })
    || (!partial && await caches.match(cacheKey(page.href, false), { ignoreVary: true }));
  if (!cached) throw error;
  const headers = new Headers(cached.headers);
  headers.set("Outbox-Copy", "1");
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method === "POST" && new URL(request.url).pathname.endsWith("/logout/")) {
    event.waitUntil(caches.delete(CACHE)); // the copies are the member's: gone at logout
    return;
  }
  if (request.method !== "GET" || !kept(request.url)) return;
  const partial = request.headers.has("HX-Request");
  event.respondWith(fetchAndKeep(request, partial).catch((error) => copyOf(request, partial, error)));
});

// outbox.js asks for copies ahead of need: {keep: [{url, partial}]}, e.g. every hand form. Only
// those missing are fetched: every page, form and file the browser asks for is kept anyway.
async function keepMissing(item) {
  if (await caches.match(cacheKey(item.url, item.partial), { ignoreVary: true })) return;
  const headers = item.partial ? { "HX-Request": "true" } : {};
  await fetchAndKeep(new Request(item.url, { headers, credentials: "same-origin" }), item.partial);
}

self.addEventListener("message", (event) => {
  const wanted = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.allSettled(wanted.filter((item) => kept(item.url)).map(keepMissing)));
});
