/* The tile picker of the win form.
   Tap tiles into the group being entered (hand, winning tile, a meld, dora): the tile after a
   full hand is the winning tile, and then the dora indicators are next. The grid shows
   the copies left; the notation box shows the group in compact notation and edits it. When
   the hand is complete, one request scores it (changes in quick succession make one); the
   result sets the han and fu chips and the table's preview follows. The winner
   row's hidden `win<i>-tiles` input carries the tiles as JSON to the form.
   A family's picker may name its own hidden field, winner field and the fields sent with
   the tiles (data-field, data-winner, data-send) and its meld kinds (the data-mode buttons:
   MCR's chow, pung, kong, concealed_kong); each result is announced as "tiles:scored".
   At a table of three (data-three) the grid has no 2m–8m; where the row taps the Norths set
   aside (data-nuki: the field's name), they go with the tiles as "nuki" and use up Norths.
   Fewest taps: "+ Run" and a tile put a closed run of three in the hand; a meld is one tap of
   its tile (a chi: its lowest tile); either goes back to the hand. After the dora indicators a
   riichi winner's ura dora are next (one under each indicator).
   Each hand's picker opens collapsed: the fu and riichi chips keep their place. */
(function () {
  "use strict";
  if (window.clubTilesPicker) { return; }
  window.clubTilesPicker = true;

  var SUITS = "mpsz";
  var MELD_SIZE = {chi: 3, pon: 3, kan: 4, closed_kan: 4, chow: 3, pung: 3, kong: 4, concealed_kong: 4};
  var RUNS = {chi: true, chow: true};  // the melds of three in a row; the others are of one tile

  function parse(text) {
    var tiles = [], digits = "";
    text = (text || "").replace(/\s+/g, "").toLowerCase();
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c >= "0" && c <= "9") { digits += c; continue; }
      if (SUITS.indexOf(c) < 0) { return null; }
      for (var j = 0; j < digits.length; j++) { tiles.push(digits[j] + c); }
      digits = "";
    }
    return digits ? null : tiles;
  }

  function order(tile) {  // 1m..9m, red five after the plain fives
    var n = tile[0] === "0" ? 5.5 : Number(tile[0]);
    return SUITS.indexOf(tile[1]) * 10 + n;
  }

  function write(tiles) {
    var sorted = tiles.slice().sort(function (a, b) { return order(a) - order(b); });
    var out = "";
    sorted.forEach(function (t, i) {
      out += t[0];
      if (i === sorted.length - 1 || sorted[i + 1][1] !== t[1]) { out += t[1]; }
    });
    return out;
  }

  function tileButton(className, url, tile, width, height) {  // a button showing one tile's face
    var b = document.createElement("button"), img = document.createElement("img");
    b.type = "button";
    b.className = className;
    img.src = url + tile + ".svg";
    img.alt = tile;
    img.width = width;
    img.height = height;
    b.appendChild(img);
    return b;
  }

  function Picker(root) {
    this.root = root;
    this.index = root.dataset.index;
    this.form = root.closest("form");
    this.hidden = this.form.querySelector("[name='" + (root.dataset.field || "win" + this.index + "-tiles") + "']");
    this.winnerField = root.dataset.winner || "win" + this.index + "-winner";
    this.sendFields = (root.dataset.send || "").split(" ").filter(Boolean);
    this.override = root.querySelector(".tiles-override");  // riichi's: han and fu set by hand
    this.redFives = root.dataset.redFives === "1";
    this.mostDora = Number(root.dataset.mostDora) || 1;  // one, and one per kan of any player (kan dora)
    this.three = root.dataset.three === "1";
    this.nukiField = root.dataset.nuki || "";
    this.state = {hand: [], win: [], dora: [], ura: [], melds: []};
    this.mode = "hand";
    this.meld = null;
    this.sent = "";
    this.scored = null;  // the last result's han choice and fu, unless overridden
    this.load();
    this.buildGrid();
    this.bind();
    this.render();
  }

  Picker.prototype.load = function () {
    if (!this.hidden || !this.hidden.value) { return; }
    try {
      var data = JSON.parse(this.hidden.value);
      this.state.hand = parse(data.hand) || [];
      this.state.win = parse(data.win) || [];
      this.state.dora = parse(data.dora) || [];
      this.state.ura = parse(data.ura) || [];
      this.state.melds = (data.melds || []).map(function (m) { return {kind: m.kind, tiles: parse(m.tiles) || []}; });
      var root = this.root;
      (data.conditions || []).forEach(function (c) {
        var box = root.querySelector("[data-condition='" + c + "']");
        if (box) { box.checked = true; }
      });
      if (this.override) { this.override.checked = !!data.override; }
      root.open = true;
    } catch (e) { /* a broken value: start afresh */ }
  };

  Picker.prototype.buildGrid = function () {
    var grid = this.root.querySelector(".tile-grid"), url = this.root.dataset.tilesUrl;
    var tiles = [];
    var three = this.three;
    "mps".split("").forEach(function (s) {
      for (var n = 1; n <= 9; n++) { if (!(three && s === "m" && n > 1 && n < 9)) { tiles.push(n + s); } }
    });
    for (var n = 1; n <= 7; n++) { tiles.push(n + "z"); }
    if (this.redFives) { tiles.push.apply(tiles, three ? ["0p", "0s"] : ["0m", "0p", "0s"]); }
    tiles.forEach(function (tile) {
      var b = tileButton("tile-button", url, tile, 30, 40);
      b.dataset.tile = tile;
      var left = document.createElement("span");
      left.className = "left";
      b.appendChild(left);
      grid.appendChild(b);
    });
  };

  Picker.prototype.groups = function () {
    var s = this.state;
    return [s.hand, s.win, s.dora, s.ura].concat(s.melds.map(function (m) { return m.tiles; }));
  };

  Picker.prototype.nuki = function () {  // the Norths the row sets aside
    var field = this.nukiField && this.form.querySelector("[name='" + this.nukiField + "']:checked");
    return field ? Number(field.value) || 0 : 0;
  };

  Picker.prototype.copiesLeft = function (tile) {
    var plain = tile[0] === "0" ? "5" + tile[1] : tile, used = tile === "4z" ? this.nuki() : 0, red = 0;
    this.groups().forEach(function (g) {
      g.forEach(function (t) {
        var p = t[0] === "0" ? "5" + t[1] : t;
        if (p === plain) { used++; }
        if (t[0] === "0" && t[1] === tile[1]) { red++; }
      });
    });
    if (tile[0] === "0") { return red ? 0 : Math.min(1, 4 - used); }
    var plainCopies = (this.redFives && tile[0] === "5" && tile[1] !== "z") ? 3 : 4;
    return Math.max(0, Math.min(plainCopies - (used - red), 4 - used));
  };

  Picker.prototype.target = function () {
    if (this.mode in MELD_SIZE) {
      if (!this.meld || this.meld.tiles.length >= MELD_SIZE[this.meld.kind]) {
        this.meld = {kind: this.mode, tiles: []};
        this.state.melds.push(this.meld);
      }
      return this.meld.tiles;
    }
    return this.state[this.mode];
  };

  Picker.prototype.need = function () {
    return 13 - 3 * this.state.melds.length;
  };

  Picker.prototype.plain = function (tile) {  // a red five is a five
    return (tile[0] === "0" ? "5" : tile[0]) + tile[1];
  };

  Picker.prototype.copyOf = function (tile, taken) {  // ``tile``, else its red or plain twin, if a copy is left
    var twins = [tile];
    if (tile[0] === "0") { twins.push("5" + tile[1]); }
    else if (tile[0] === "5" && tile[1] !== "z" && this.redFives) { twins.push("0" + tile[1]); }
    var hand = this.state.hand, kept = hand.length, found = null;
    hand.push.apply(hand, taken);  // counted as used while the group is made
    for (var i = 0; i < twins.length && !found; i++) { if (this.copiesLeft(twins[i]) > 0) { found = twins[i]; } }
    hand.length = kept;
    return found;
  };

  Picker.prototype.run = function (tile) {  // the run of three with ``tile`` lowest (or as low as it goes)
    if (tile[1] === "z") { return null; }
    var n = Number(this.plain(tile)[0]), low = Math.min(n, 7);
    var tiles = [];
    for (var k = low; k < low + 3; k++) {
      var t = this.copyOf(k === n ? tile : k + tile[1], tiles);
      if (!t) { return null; }
      tiles.push(t);
    }
    return tiles;
  };

  Picker.prototype.whole = function (tile) {  // a meld of one tap: its run, or its three or four copies
    if (RUNS[this.mode]) { return this.run(tile); }
    var tiles = [];
    for (var k = 0; k < MELD_SIZE[this.mode]; k++) {
      var t = this.copyOf(tile, tiles);
      if (!t) { return null; }
      tiles.push(t);
    }
    return tiles;
  };

  Picker.prototype.tap = function (tile) {
    if (this.copiesLeft(tile) <= 0) { return; }
    if (this.mode === "run") {  // a closed run of three into the hand, then the hand again
      var run = this.run(tile);
      if (!run || this.state.hand.length + 3 > this.need()) { return; }
      this.state.hand.push.apply(this.state.hand, run);
      this.setMode("hand");
      this.changed();
      return;
    }
    if (this.mode in MELD_SIZE && (!this.meld || !this.meld.tiles.length || this.meld.tiles.length >= MELD_SIZE[this.meld.kind])) {
      var whole = this.whole(tile);  // a meld is one tap
      if (!whole) { return; }
      this.target().push.apply(this.target(), whole);
      this.setMode("hand");
      this.changed();
      return;
    }
    var group = this.target();
    if (this.mode === "hand" && group.length >= this.need()) { this.setMode("win"); group = this.state.win; }
    if (this.mode === "win" && group.length) { group.length = 0; }
    if (this.mode === "dora" && group.length >= this.mostDora) { return; }
    if (this.mode === "ura" && group.length >= this.state.dora.length) { return; }  // one under each dora indicator
    if (RUNS[this.mode] && !this.fitsChi(group, tile)) { return; }
    if (this.mode in MELD_SIZE && !RUNS[this.mode] && group.length && group[0].slice(-1) + (group[0][0] === "0" ? "5" : group[0][0]) !== tile.slice(-1) + (tile[0] === "0" ? "5" : tile[0])) { return; }
    group.push(tile);
    if (this.mode === "win") { this.setMode("dora"); }
    else if (this.mode === "dora" && group.length === 1 + this.kans() && this.riichiWinner() &&
             this.root.querySelector("[data-mode='ura']")) { this.setMode("ura"); }  // the ura dora are next
    this.changed();
  };

  Picker.prototype.fitsChi = function (group, tile) {
    if (tile[1] === "z") { return false; }
    var numbers = group.concat([tile]).map(function (t) { return t[0] === "0" ? 5 : Number(t[0]); });
    if (group.some(function (t) { return t[1] !== tile[1]; })) { return false; }
    var lo = Math.min.apply(null, numbers), hi = Math.max.apply(null, numbers);
    return hi - lo <= 2 && new Set(numbers).size === numbers.length;
  };

  Picker.prototype.remove = function (groupName, meldIndex, position) {
    var group = groupName === "meld" ? this.state.melds[meldIndex].tiles : this.state[groupName];
    group.splice(position, 1);
    if (groupName === "meld" && !group.length) {
      if (this.meld === this.state.melds[meldIndex]) { this.meld = null; }
      this.state.melds.splice(meldIndex, 1);
    }
    this.changed();
  };

  Picker.prototype.kans = function () {  // the hand's kans: a dora indicator each
    return this.state.melds.filter(function (m) { return MELD_SIZE[m.kind] === 4; }).length;
  };

  Picker.prototype.setMode = function (mode) {
    this.mode = mode;
    if (!(mode in MELD_SIZE)) { this.meld = null; }
    this.root.querySelectorAll("[data-mode]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.mode === mode ? "true" : "false");
    });
    this.render();
  };

  Picker.prototype.data = function () {
    var s = this.state, root = this.root;
    var conditions = Array.prototype.map.call(root.querySelectorAll("[data-condition]:checked"),
      function (box) { return box.dataset.condition; });
    var data = {hand: write(s.hand)};
    var melds = s.melds.filter(function (m) { return m.tiles.length; })
      .map(function (m) { return {kind: m.kind, tiles: write(m.tiles)}; });
    if (melds.length) { data.melds = melds; }
    if (s.win.length) { data.win = write(s.win); }
    if (s.dora.length) { data.dora = write(s.dora); }
    if (s.ura.length) { data.ura = write(s.ura); }
    if (conditions.length) { data.conditions = conditions; }
    if (this.nuki()) { data.nuki = this.nuki(); }
    if (this.override && this.override.checked) { data.override = true; }
    return data;
  };

  Picker.prototype.complete = function () {
    var s = this.state;
    return s.hand.length === this.need() && s.win.length === 1 &&
      s.melds.every(function (m) { return m.tiles.length === MELD_SIZE[m.kind]; });
  };

  Picker.prototype.changed = function () {
    var used = this.state.hand.length || this.state.win.length || this.state.melds.length;
    this.hidden.value = used ? JSON.stringify(this.data()) : "";
    this.render();
    this.score();
  };

  Picker.prototype.score = function () {  // taps in quick succession (the dora, say) make one call
    var self = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { self.send(); }, 300);
  };

  Picker.prototype.send = function () {
    var out = this.root.querySelector(".tiles-score");
    if (!this.complete()) { out.textContent = ""; this.sent = ""; this.scored = null; return; }
    var body = new FormData();
    var form = this.form;
    var winner = form.querySelector("[name='" + this.winnerField + "']:checked");
    var outcome = form.querySelector("[name='outcome']");
    body.append("tiles", this.hidden.value);
    body.append("index", this.index);
    body.append("winner", winner ? winner.value : "");
    body.append("outcome", outcome ? outcome.value : "");
    form.querySelectorAll("[name='riichi']:checked").forEach(function (box) { body.append("riichi", box.value); });
    this.sendFields.forEach(function (name) {
      var field = form.querySelector("[name='" + name + "']:checked, input[name='" + name + "']:not([type=radio])");
      body.append(name, field ? field.value : "");
    });
    var key = new URLSearchParams(body).toString();
    if (key === this.sent) { return; }
    this.sent = key;
    var token = form.querySelector("[name='csrfmiddlewaretoken']");
    var self = this;
    fetch(this.root.dataset.scoreUrl, {method: "POST", body: body, credentials: "same-origin",
                                        headers: {"X-CSRFToken": token ? token.value : ""}})
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (self.sent !== key) { return; }
        out.innerHTML = html;
        var result = out.querySelector(".tiles-result");
        var overridden = !!self.override && self.override.checked;
        self.scored = result && result.dataset.ok === "1" && !overridden ? result.dataset : null;
        if (self.scored) { self.chooseHan(); }
        self.root.dispatchEvent(new CustomEvent("tiles:scored", {bubbles: true, detail: self.scored}));
        // the table's live preview (payments with counters and sticks) follows, as after a tap
        self.form.dispatchEvent(new Event("input", {bubbles: true}));
      });
  };

  Picker.prototype.chooseHan = function () {  // the chips show what the tiles record
    var han = this.form.querySelector("[name='win" + this.index + "-han'][value='" + this.scored.choice + "']");
    if (han) { han.checked = true; }
    this.chooseFu();
  };

  Picker.prototype.chooseFu = function () {  // again after the preview redraws the fu chips
    var fu = this.scored && this.form.querySelector("[name='win" + this.index + "-fu'][value='" + this.scored.fu + "']");
    if (fu) { fu.checked = true; }
  };

  Picker.prototype.render = function () {
    var self = this, s = this.state, chosen = this.root.querySelector(".tiles-chosen");
    var url = this.root.dataset.tilesUrl, labels = chosen.dataset;
    chosen.textContent = "";
    function line(label, tiles, groupName, meldIndex, extra) {
      var row = document.createElement("div");
      row.className = "tiles-line tiles-" + groupName;
      var name = document.createElement("span");
      name.className = "tiles-label";
      name.textContent = label + (extra || "");
      row.appendChild(name);
      tiles.forEach(function (tile, position) {
        var b = tileButton("tile-chosen", url, tile, 24, 32);
        b.dataset.group = groupName;
        b.dataset.meld = meldIndex;
        b.dataset.position = position;
        row.appendChild(b);
      });
      chosen.appendChild(row);
    }
    line(labels.labelHand, s.hand, "hand", -1, " " + s.hand.length + "/" + this.need());
    s.melds.forEach(function (m, i) { line(labels["label" + m.kind.charAt(0).toUpperCase() + m.kind.slice(1)], m.tiles, "meld", i); });
    line(labels.labelWin, s.win, "win", -1);
    if (s.dora.length) { line(labels.labelDora, s.dora, "dora", -1); }
    if (s.ura.length) { line(labels.labelUra, s.ura, "ura", -1); }
    this.root.querySelectorAll(".tile-button").forEach(function (b) {
      var left = self.copiesLeft(b.dataset.tile);
      b.querySelector(".left").textContent = left;
      b.setAttribute("aria-label", b.dataset.tile + ", " + left + " " + labels.labelLeft);
      b.disabled = left <= 0;
    });
    var ura = this.root.querySelector("[data-mode='ura']");
    if (ura) { ura.disabled = !s.ura.length && !this.riichiWinner(); }  // ura dora only for a riichi winner
    var box = this.root.querySelector(".tiles-notation");
    if (document.activeElement !== box) {
      box.value = write(this.mode in MELD_SIZE ? (this.meld ? this.meld.tiles : []) : s[this.mode === "run" ? "hand" : this.mode]);
    }
  };

  Picker.prototype.riichiWinner = function () {
    var winner = this.form.querySelector("[name='" + this.winnerField + "']:checked");
    return !!winner && !!this.form.querySelector("[name='riichi'][value='" + winner.value + "']:checked");
  };

  Picker.prototype.typed = function (text) {
    var tiles = parse(text);
    var box = this.root.querySelector(".tiles-notation");
    box.setAttribute("aria-invalid", tiles ? "false" : "true");
    if (!tiles) { return; }
    if (this.mode === "run") { this.setMode("hand"); }  // typed runs are the hand's tiles
    if (this.mode in MELD_SIZE) {
      if (!this.meld) { this.meld = {kind: this.mode, tiles: []}; this.state.melds.push(this.meld); }
      this.meld.tiles = tiles.slice(0, MELD_SIZE[this.mode]);
    } else if (this.mode === "hand" && tiles.length > this.need()) {  // the one after the hand wins
      this.state.hand = tiles.slice(0, this.need());
      this.state.win = tiles.slice(this.need(), this.need() + 1);
    } else {
      this.state[this.mode] = this.mode === "win" ? tiles.slice(-1) : tiles;
    }
    this.changed();
  };

  Picker.prototype.bind = function () {
    var self = this, root = this.root;
    root.addEventListener("click", function (event) {
      var mode = event.target.closest("[data-mode]");
      var tile = event.target.closest(".tile-button");
      var chosen = event.target.closest(".tile-chosen");
      if (mode) { self.setMode(mode.dataset.mode); }
      else if (tile) { self.tap(tile.dataset.tile); }
      else if (chosen) { self.remove(chosen.dataset.group, Number(chosen.dataset.meld), Number(chosen.dataset.position)); }
    });
    root.querySelector(".tiles-notation").addEventListener("input", function (event) { self.typed(event.target.value); });
    root.addEventListener("input", function (event) { event.stopPropagation(); });  // no preview per keystroke
    document.addEventListener("htmx:afterSettle", function () { self.chooseFu(); });
    root.addEventListener("change", function (event) {
      if (event.target.matches("[data-condition], .tiles-override")) { self.changed(); }
      event.stopPropagation();  // the picker's own controls are not the form's: no preview for them
    });
    this.form.addEventListener("change", function (event) {
      var name = event.target.name || "";
      if (self.nukiField && name === self.nukiField) { self.changed(); return; }
      if (name === "riichi" || name === self.winnerField || name === "discarder" || self.sendFields.indexOf(name) >= 0) {
        self.render();
        self.score();
      }
    });
  };

  function init(scope) {
    (scope || document).querySelectorAll(".tiles-picker:not([data-ready])").forEach(function (root) {
      root.dataset.ready = "1";
      new Picker(root);
    });
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
  if (document.readyState !== "loading") { init(document); }
})();
