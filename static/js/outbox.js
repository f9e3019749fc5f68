// The table page's offline outbox ("lost wifi").
//
// A hand form posts with htmx and carries a submission key: the server records one hand per
// key. When the phone is offline, when hands already wait, or when a save fails or times out,
// the save is kept in IndexedDB instead, with its key and the number of the hand it records,
// and replayed in order when the network returns (the "online" event, every few seconds, and
// at the next page load). The server answers each replay with a Hand-Result header:
// "recorded" (also for a key it saw before: a save whose answer was lost), "conflict" (the
// table moved on: another phone recorded that hand) or none (the form came back with errors).
// Anything but "recorded" stops the replay and is shown to the scorer, who sends it again or
// discards it; nothing is dropped silently.
//
// The scoreboard as it will be: a kept hand keeps the payments of the last live preview the
// server sent for its form (when the form had not changed since); the page adds them to the
// scoreboard up to the first kept hand without one, and shows the rest as pending.
"use strict";

(() => {
  const box = document.getElementById("outbox");
  if (!box || !window.indexedDB) return;

  const TABLE = box.dataset.table;
  const REPLAY_EVERY_MS = 5000;
  const words = Object.fromEntries([...box.querySelectorAll(".outbox-words [data-word]")]
    .map((item) => [item.dataset.word, item.textContent.trim()]));
  const say = (word, values = {}) => words[word].replace(/%\((\w+)\)s/g, (_, name) => values[name]);

  let next = Number(box.dataset.next); // the number of the next hand, as the server last said
  let hands = []; // this table's kept hands, oldest first
  let note = ""; // the last thing the outbox did, for the status line
  let replaying = false;
  let listed = ""; // the kept hands as last listed
  let previewStale = false; // the hand form changed since the live preview on screen
  const keptForms = new WeakSet(); // hand forms already kept (a double tap keeps one hand)

  // ---- IndexedDB: one store of kept hands, in the order they were saved ----
  const opened = new Promise((resolve, reject) => {
    const request = indexedDB.open("mahjong-club-outbox", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("hands", { keyPath: "id", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

  async function store(method, value) {
    const db = await opened;
    return new Promise((resolve, reject) => {
      const request = db.transaction("hands", "readwrite").objectStore("hands")[method](value);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  async function load() {
    const all = await store("getAll");
    hands = all.filter((hand) => hand.table === TABLE).sort((a, b) => a.id - b.id);
  }

  // ---- keeping a save ----
  const saveTimeout = () => Number(box.dataset.saveTimeout) || 10000; // ms without an answer: kept

  function handSave(config) {
    const data = config && config.formData;
    if (!data || config.verb !== "post" || config.elt.tagName !== "FORM" || !data.has("submission_key")) return false;
    const action = data.get("action") || "save";
    return action === "save" || action.startsWith("chombo:");
  }

  // A one-tap chombo for noten riichi records a hand per offender.
  function handsRecorded(body) {
    const action = new URLSearchParams(body).get("action") || "";
    return action.startsWith("chombo:") ? Math.max(1, action.slice(7).split(",").filter(Boolean).length) : 1;
  }

  function nextNumber() {
    const last = hands[hands.length - 1];
    return last ? last.number + handsRecorded(last.body) : next;
  }

  function scoreValue(text) {
    const digits = text.replace(/\D/g, "");
    return digits ? Number(digits) * (/^\s*[-−]/.test(text) ? -1 : 1) : 0;
  }

  function livePreview() {
    const deltas = [...document.querySelectorAll(".preview .deltas li")];
    if (!deltas.length || previewStale) return null;
    return {
      lines: [...document.querySelectorAll(".preview .pay-lines li")].map((li) => li.textContent.trim()),
      deltas: deltas.map((li) => ({
        name: li.querySelector(".who").textContent.trim(), value: scoreValue(li.querySelector("strong").textContent),
      })),
    };
  }

  async function keep(form, data) {
    if (keptForms.has(form)) return;
    keptForms.add(form);
    const body = new URLSearchParams(data);
    const number = hands.length ? nextNumber() : Number(body.get("expected_number")) || next;
    body.set("expected_number", String(number));
    const outcome = document.querySelector("#hand-form [aria-current]");
    const hand = {
      table: TABLE, url: form.getAttribute("hx-post") || form.action, body: body.toString(), number,
      key: body.get("submission_key"),
      outcome: outcome ? outcome.textContent.trim() : body.get("outcome"), preview: livePreview(), problem: null,
    };
    hands.push(hand); // at once: the next save is numbered after it
    hand.id = await store("add", hand);
    note = navigator.onLine ? "" : say("kept", { number });
    if (outcome) outcome.removeAttribute("aria-current");
    form.remove(); // done with: the outcome buttons open the next hand's form
    history.replaceState(history.state, "", TABLE);
    render();
  }

  // ---- replaying, in order ----
  // The CSRF token of the cookie as it is now (Django's csrftoken): a login since the hand was
  // kept has replaced the one in its form.
  function withCurrentToken(body) {
    const cookie = document.cookie.split("; ").find((pair) => pair.startsWith("csrftoken="));
    const data = new URLSearchParams(body);
    if (cookie) data.set("csrfmiddlewaretoken", decodeURIComponent(cookie.slice("csrftoken=".length)));
    return data;
  }

  async function send(hand) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), saveTimeout());
    try {
      const body = withCurrentToken(hand.body);
      const response = await fetch(hand.url, {
        method: "POST", body, credentials: "same-origin", signal: abort.signal,
        headers: { "HX-Request": "true", "X-CSRFToken": body.get("csrfmiddlewaretoken") || "" },
      });
      return { response, html: await response.text() };
    } finally {
      clearTimeout(timer);
    }
  }

  function parse(html) {
    return new DOMParser().parseFromString(html, "text/html");
  }

  function problemOf(response, html) {
    const page = parse(html);
    const messages = [...page.querySelectorAll(".errors p, .field-error, .alert.error")]
      .map((element) => element.textContent.trim()).filter(Boolean);
    const suggested = page.querySelector("input[name=expected_number]");
    const loggedOut = response.redirected || response.status === 403 || response.headers.has("HX-Redirect");
    return {
      conflict: response.headers.get("Hand-Result") === "conflict",
      message: loggedOut ? say("login") : messages.join(" ") || `${response.status} ${response.statusText}`.trim(),
      next: suggested ? Number(suggested.value) : null,
    };
  }

  function show(region) {
    const adopted = document.importNode(region, true);
    adopted.removeAttribute("hx-swap-oob");
    document.getElementById(region.id).replaceWith(adopted);
    if (window.htmx) window.htmx.process(adopted);
  }

  // The regions the server sent back (out of band), but not the hand form: a refused hand is
  // shown in the outbox, and refreshCopy brings the next one.
  function showRegions(html) {
    for (const region of parse(html).querySelectorAll("[hx-swap-oob][id]")) {
      if (region.id !== "hand-form" && document.getElementById(region.id)) show(region);
    }
  }

  async function replay() {
    if (replaying || !navigator.onLine || !hands.length || hands[0].problem) return;
    replaying = true;
    let answer = null;
    try {
      while (hands.length && !hands[0].problem && hands[0].id !== undefined) {
        const hand = hands[0];
        try {
          answer = await send(hand);
        } catch {
          answer = null; // still no network: try again later
          break;
        }
        const { response, html } = answer;
        if (response.status >= 500) break;
        if (response.headers.get("Hand-Result") === "recorded") {
          await store("delete", hand.id);
          hands.shift();
          continue;
        }
        hand.problem = problemOf(response, html);
        await store("put", hand);
      }
    } finally {
      replaying = false;
    }
    if (answer && answer.response.ok) {
      showRegions(answer.html);
      note = hands.length ? "" : say("sent");
      refreshCopy(true);
    }
    render();
  }

  // ---- the scorer's answer to a hand that was not recorded ----
  async function resolve(hand, how) {
    if (how === "discard") {
      if (!window.confirm(words["discard-confirm"])) return;
      await store("delete", hand.id);
      hands = hands.filter((other) => other !== hand);
    } else {
      if (how === "renumber" && hand.problem.next) {
        let number = hand.problem.next;
        for (const later of hands.slice(hands.indexOf(hand))) {
          const body = new URLSearchParams(later.body);
          body.set("expected_number", String(number));
          later.body = body.toString();
          later.number = number;
          number += handsRecorded(later.body);
          await store("put", later);
        }
      }
      hand.problem = null;
      await store("put", hand);
    }
    render();
    replay();
  }

  // ---- what the scorer sees ----
  function button(text, onClick) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    element.addEventListener("click", onClick);
    return element;
  }

  function handItem(hand) {
    const item = document.createElement("li");
    item.className = hand.problem ? "problem" : "waiting";
    const head = document.createElement("p");
    const title = document.createElement("strong");
    title.textContent = say("hand", { number: hand.number });
    head.append(title, ` · ${hand.outcome} · `, hand.preview ? hand.preview.lines.join("; ") : say("pending"));
    item.append(head);
    if (hand.problem) {
      const why = document.createElement("p");
      why.className = "why";
      why.setAttribute("role", "alert");
      why.textContent = `${say("refused")} ${hand.problem.message}`;
      const actions = document.createElement("p");
      actions.className = "actions";
      if (hand.problem.conflict && hand.problem.next) {
        actions.append(button(say("retry-as", { number: hand.problem.next }), () => resolve(hand, "renumber")));
      } else {
        actions.append(button(say("retry"), () => resolve(hand, "retry")));
      }
      actions.append(button(say("discard"), () => resolve(hand, "discard")));
      item.append(why, actions);
    }
    return item;
  }

  // The scoreboard plus the payments of the kept hands that have them, up to the first without.
  function projectedScores() {
    const seats = [...document.querySelectorAll("#scoreboard .seat")].map((seat) => ({
      name: seat.querySelector(".name").textContent.trim(), score: scoreValue(seat.querySelector(".score").textContent),
    }));
    let through = null;
    for (const hand of hands) {
      if (!hand.preview || hand.problem) break;
      for (const delta of hand.preview.deltas) {
        const seat = seats.find((s) => s.name === delta.name);
        if (seat) seat.score += delta.value;
      }
      through = hand.number;
    }
    return through === null || !seats.length ? null : { through, seats };
  }

  function render() {
    const format = new Intl.NumberFormat(document.documentElement.lang || undefined);
    box.hidden = !hands.length && !note && navigator.onLine;
    box.querySelector(".outbox-status").textContent = hands.length
      ? [note, say("waiting", { count: hands.length })].filter(Boolean).join(" ")
      : note || (navigator.onLine ? "" : say("offline"));
    const shown = JSON.stringify(hands.map((hand) => [hand.number, hand.outcome, hand.preview, hand.problem]));
    if (shown !== listed) box.querySelector(".outbox-hands").replaceChildren(...hands.map(handItem));
    listed = shown; // (not rebuilt when nothing changed: a button being tapped stays)
    const title = document.getElementById("hand-form-title"); // "Hand 4: what happened?"
    if (title && hands.length) title.textContent = title.textContent.replace(/\d+/, nextNumber());
    const projected = projectedScores();
    const scores = box.querySelector(".outbox-scores");
    scores.hidden = !projected;
    if (projected) {
      scores.querySelector("h3").textContent = say("scores", { number: projected.through });
      scores.querySelector("ul").replaceChildren(...projected.seats.map((seat) => {
        const item = document.createElement("li");
        const score = document.createElement("strong");
        score.textContent = format.format(seat.score).replace("-", "−");
        item.append(`${seat.name} `, score);
        return item;
      }));
    }
  }

  // ---- the page's copy for offline use (sw.js) ----
  // The table page again, through the worker (which keeps it): the number of the next hand,
  // and after a replay the hand form's region, unless a form is being filled in.
  function refreshCopy(handForm = false) {
    fetch(TABLE, { credentials: "same-origin" }).then((response) => response.text()).then((html) => {
      const page = parse(html);
      const fresh = page.getElementById("outbox");
      if (fresh) next = Number(fresh.dataset.next);
      const region = page.getElementById("hand-form");
      if (handForm && region && !document.querySelector("#hand-form form")) show(region);
      render();
    }).catch(() => {});
  }

  async function keepCopies() {
    if (!("serviceWorker" in navigator) || !navigator.onLine) return;
    await navigator.serviceWorker.register(box.dataset.worker, { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    const url = (path) => new URL(path, location.href).href;
    const files = [...document.querySelectorAll("script[src], link[rel=stylesheet]")]
      .map((element) => ({ url: url(element.getAttribute("src") || element.getAttribute("href")), partial: false }));
    const forms = [...document.querySelectorAll("#hand-form a[hx-get*='outcome=']")]
      .map((link) => ({ url: url(link.getAttribute("hx-get")), partial: true }));
    registration.active.postMessage({ keep: [{ url: url(TABLE), partial: false }, ...files, ...forms] });
  }

  // ---- htmx events on the hand form ----
  document.addEventListener("htmx:configRequest", (event) => {
    const config = event.detail;
    if (config.elt.closest(".preview")) { // stale until it answers; none offline: the payments are pending
      previewStale = true;
      if (!navigator.onLine) event.preventDefault();
      return;
    }
    if (!handSave(config)) return;
    config.timeout = config.timeout || saveTimeout();
    if (!navigator.onLine || hands.length) {
      event.preventDefault();
      keep(config.elt, config.formData);
    }
  });

  const lost = (event) => {
    const config = event.detail.requestConfig;
    if (handSave(config)) {
      keep(config.elt, config.formData);
    } else if (config && config.verb === "post" && !config.elt.closest(".preview")) {
      note = say("needs-network"); // e.g. undo, or a second winner's row
      render();
    }
  };
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);

  document.addEventListener("htmx:afterRequest", (event) => {
    const { requestConfig: config, xhr, successful } = event.detail;
    if (!successful || !config) return;
    if (config.elt.closest(".preview")) previewStale = false;
    else if (config.verb === "post" && (xhr.getResponseHeader("Hand-Result") || !handSave(config))) refreshCopy();
  });

  // A form from the worker's copy carries an old key and number: give it new ones.
  document.addEventListener("htmx:afterSwap", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || !xhr.getResponseHeader("Outbox-Copy")) return;
    previewStale = true;
    for (const form of document.querySelectorAll("form:has(input[name=submission_key])")) {
      form.elements.submission_key.value = crypto.randomUUID ? crypto.randomUUID().replaceAll("-", "")
        : `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
      form.elements.expected_number.value = String(nextNumber());
    }
  });

  window.addEventListener("online", () => { note = ""; render(); replay(); });
  window.addEventListener("offline", render);
  setInterval(replay, REPLAY_EVERY_MS);

  load().then(() => { render(); replay(); });
  keepCopies().catch(() => {});
})();
