// The teaching table's page: it shows what the server sends and sends what the player does.
// No rule of the game is here: the server checks every arrangement and says what is wrong.
// What the page does know is how the product shows cards: rank 10 as "10", suits as symbols,
// a row's cards sets first (cp_trainer/gui/cards/order.py), numbers and plurals in the player's
// language (Intl).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  const RANKS = "23456789TJQKA";
  const SUIT_INDEX = { c: 0, d: 1, h: 2, s: 3 };  // as cp_trainer.cards.Suit.index
  const SIZES = [3, 5, 5];
  const ROWS = ["top", "middle", "bottom"];
  const MINUS = "\u2212";
  const DRAG_START_PX = 8;  // a finger moved this far from where it touched is a drag, not a tap
  const state = {
    ws: null, token: sessionStorage.getItem("cp-token"), seat: null, deal: 0, cards: [],
    rows: [[], [], []], selected: null, set: false, rules: {}, strings: {},
    lang: "en", names: {}, seats: [], showdown: null, reviews: {}, wantNext: false, closing: false,
    checking: false, checkAgain: false, checkTimer: null, undo: [],
    sort: localStorage.getItem("cp-sort") === "suit" ? "suit" : "sets",
    press: null, drag: null, dragEnded: false,
  };

  // --- cards ------------------------------------------------------------------------------------

  const rankOf = (code) => RANKS.indexOf(code[0]);
  const suitOf = (code) => SUIT_INDEX[code[1]];

  /** Sets first (larger sets first, then higher ranks), then singles high to low; equal ranks by
   *  suit, spades first: the product's order of a row's cards. */
  function setsFirst(codes) {
    const counts = {};
    for (const c of codes) counts[c[0]] = (counts[c[0]] || 0) + 1;
    const key = (c) => [-counts[c[0]], -rankOf(c), -suitOf(c)];
    return codes.slice().sort((a, b) => compareKeys(key(a), key(b)));
  }

  /** By suit (clubs, diamonds, hearts, spades), high to low within a suit: the window's
   *  "Sort by suit". */
  function bySuit(codes) {
    const key = (c) => [suitOf(c), -rankOf(c)];
    return codes.slice().sort((a, b) => compareKeys(key(a), key(b)));
  }

  function compareKeys(a, b) {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  }

  /** "10♦" for "Td": the rank as players read it and the suit's symbol. */
  function cardLabel(code) {
    return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];
  }

  /** An arrangement's text ("As Ad 2c / … / …") as three rows of codes; null for "surrender". */
  function parseRows(text) {
    if (typeof text !== "string" || !text.includes("/")) return null;
    return text.split("/").map((row) => row.trim().split(/\s+/).filter(Boolean));
  }

  function cardEl(code, small) {
    const el = document.createElement("div");
    el.className = "card" + (small ? " small" : "") + ("hd".includes(code[1]) ? " red" : "");
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = code[0] === "T" ? "10" : code[0];
    const suit = document.createElement("span");
    suit.className = "suit";
    suit.textContent = SUITS[code[1]];
    el.append(rank, suit);
    el.dataset.card = code;
    el.setAttribute("aria-label", cardLabel(code));
    if (!small) el.setAttribute("role", "button");
    return el;
  }

  function rowLine(codes) {
    const line = document.createElement("div");
    line.className = "line";
    for (const c of codes) line.appendChild(cardEl(c, true));
    return line;
  }

  // --- words and numbers ------------------------------------------------------------------------

  function t(key, params) {
    let text = state.strings[key] || key;
    for (const [k, v] of Object.entries(params || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  /** ``n`` with ``digits`` decimals in the page's language ("13,66" in Russian); ``signed``: a
   *  plus before a positive number; a negative one has a true minus sign. */
  function formatNumber(n, digits, signed) {
    const text = new Intl.NumberFormat(state.lang, {
      minimumFractionDigits: digits || 0, maximumFractionDigits: digits || 0,
      signDisplay: signed ? "exceptZero" : "auto", useGrouping: false,
    }).format(n);
    return text.replace("-", MINUS);
  }

  /** "+4 очка", "1 point", "−1 point", "0,42 очка": ``n`` points, the word in the form the
   *  number takes in the page's language (Intl.PluralRules); ``text`` in place of the number. */
  function formatPoints(n, digits, signed, text) {
    const form = new Intl.PluralRules(state.lang, {
      minimumFractionDigits: digits || 0, maximumFractionDigits: digits || 0,
    }).select(Math.abs(n));
    const template = state.strings["points." + form] || state.strings["points.other"] || "{n}";
    return template.split("{n}").join(text === undefined ? formatNumber(n, digits, signed) : text);
  }

  // --- the page's texts -------------------------------------------------------------------------

  async function loadStrings(lang) {
    const answer = await fetch("strings/" + lang + ".json", { cache: "no-store" });
    state.strings = await answer.json();
    state.lang = lang;
    document.documentElement.lang = lang;
    document.title = t("title");
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
    for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
    render();
  }

  // --- the player's hand ------------------------------------------------------------------------

  function arrangementText() {
    return state.rows.map((r) => r.join(" ")).join(" / ");
  }

  function where(code) {
    for (let r = 0; r < 3; r++) if (state.rows[r].includes(code)) return r;
    return "hand";
  }

  function handCards() {
    const left = state.cards.filter((c) => where(c) === "hand");
    return state.sort === "suit" ? bySuit(left) : setsFirst(left);
  }

  function remember() {
    state.undo.push(state.rows.map((r) => r.slice()));
  }

  function changed() {
    state.selected = null;
    render();
    check();
  }

  /** Put ``code`` into ``dest`` (a row's index or "hand"); dropped on ``onto`` (a card of a full
   *  row), the two cards change places. */
  function move(code, dest, onto) {
    if (state.set || !state.cards.includes(code)) return;
    const from = where(code);
    if (from === dest) return;
    if (dest !== "hand" && state.rows[dest].length >= SIZES[dest]) {
      if (onto && state.rows[dest].includes(onto)) swap(code, onto);
      return;
    }
    remember();
    if (from !== "hand") state.rows[from] = state.rows[from].filter((c) => c !== code);
    if (dest !== "hand") state.rows[dest].push(code);
    changed();
  }

  /** ``code`` (in the hand or a row) and ``placed`` (in a row) change places. */
  function swap(code, placed) {
    const from = where(code), to = where(placed);
    if (from === to || to === "hand") return;
    remember();
    state.rows[to] = state.rows[to].map((c) => (c === placed ? code : c));
    if (from !== "hand") state.rows[from] = state.rows[from].map((c) => (c === code ? placed : c));
    changed();
  }

  function undo() {
    if (state.set || !state.undo.length) return;
    state.rows = state.undo.pop();
    changed();
  }

  function clearRows() {
    if (state.set || state.rows.every((r) => !r.length)) return;
    remember();
    state.rows = [[], [], []];
    changed();
  }

  function setSort(mode) {
    state.sort = mode;
    localStorage.setItem("cp-sort", mode);
    render();
  }

  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }

  // One check in flight at a time: moves made meanwhile are checked together when the answer
  // comes (or after CHECK_WAIT_MS without one), so fast moves never flood the server, which
  // refuses a connection's messages past its limit ("too many messages at once").
  const CHECK_WAIT_MS = 3000;

  function check() {
    if (state.checking) { state.checkAgain = true; return; }
    state.checking = true;
    state.checkAgain = false;
    clearTimeout(state.checkTimer);
    state.checkTimer = setTimeout(checkAnswered, CHECK_WAIT_MS);
    send({ type: "check", deal: state.deal, arrangement: arrangementText() });
  }

  function checkAnswered() {
    clearTimeout(state.checkTimer);
    state.checking = false;
    if (state.checkAgain && state.deal && !state.set) check();
  }

  // --- drawing ----------------------------------------------------------------------------------

  function renderSeats() {
    const ul = $("seats");
    ul.textContent = "";
    for (const s of state.seats) {
      const li = document.createElement("li");
      state.names[s.seat] = s.name;
      const status = s.bot ? t("bot") : !s.connected ? t("away") : s.set ? t("has_set") : t("thinking");
      li.textContent = s.name + (s.seat === state.seat ? " (" + t("you") + ")" : "") + " · " + status;
      if (s.set) li.classList.add("set");
      if (s.seat === state.seat) li.classList.add("me");
      ul.appendChild(li);
    }
  }

  function render() {
    if (state.seat === null) return;
    renderSeats();
    $("deal-title").textContent = state.deal ? t("deal", { deal: state.deal }) : "";
    $("waiting").hidden = state.deal !== 0;
    const showing = state.showdown !== null;
    $("board").hidden = state.deal === 0 || showing;
    $("showdown").hidden = !showing;
    for (let r = 0; r < 3; r++) {
      const slots = $("row-" + r).querySelector(".slots");
      slots.textContent = "";
      for (const c of setsFirst(state.rows[r])) slots.appendChild(cardEl(c));
      for (let k = state.rows[r].length; k < SIZES[r]; k++) {
        const e = document.createElement("div");
        e.className = "card empty";
        slots.appendChild(e);
      }
    }
    const hand = $("hand");
    hand.textContent = "";
    for (const c of handCards()) {
      const el = cardEl(c);
      if (c === state.selected) el.classList.add("sel");
      hand.appendChild(el);
    }
    for (const el of document.querySelectorAll("#board .card[data-card]")) {
      if (state.drag && el.dataset.card === state.drag.code) el.classList.add("lifted");
    }
    $("board").classList.toggle("locked", state.set);
    for (const [id, mode] of [["sort-sets", "sets"], ["sort-suit", "suit"]]) {
      $(id).setAttribute("aria-pressed", String(state.sort === mode));
    }
    const full = state.rows.every((r, i) => r.length === SIZES[i]);
    $("set").disabled = state.set || !full;
    $("undo").disabled = state.set || !state.undo.length;
    $("clear").disabled = state.set || state.rows.every((r) => !r.length);
    $("surrender").hidden = !state.rules.surrender;
    $("surrender").disabled = state.set;
    $("set-done").hidden = !state.set;
    if (showing) {
      renderShowdown($("hands"), state.showdown, state.reviews, state.seat);
      $("next").disabled = state.wantNext;
      $("next-wait").hidden = !state.wantNext;
    }
  }

  /** What settled a pair of seats: "showdown" (rows compared), "foul", "both_fouled",
   *  "surrender" or "natural". The server says it (the pair's "kind", or ``told``: the
   *  showdown's "kinds" at the pair's place); a server that does not is read from the hands. */
  function pairKind(pair, hands, told) {
    if (pair.kind) return pair.kind;
    if (told) return told;
    const [a, b] = pair.players.map((s) => hands.find((h) => h.seat === s) || {});
    if (a.surrendered || b.surrendered) return "surrender";
    if (a.fouled && b.fouled) return "both_fouled";
    if (a.fouled || b.fouled) return "foul";
    const rows = ROWS.map((r) => pair.rows[r]);
    if (rows.every((w) => w === null) && pair.points.some((p) => p !== 0)) return "natural";
    return "showdown";
  }

  /** Each seat's hand, sets first, its rows' results against each opponent, its points and the
   *  solver's review, into ``box``; the player's own hand first. */
  function renderShowdown(box, sd, reviews, mySeat) {
    box.textContent = "";
    const hands = sd.hands.slice().sort((a, b) => (b.seat === mySeat) - (a.seat === mySeat) || a.seat - b.seat);
    for (const h of hands) {
      const div = document.createElement("div");
      div.className = "seat-hand" + (h.seat === mySeat ? " me" : "");
      div.dataset.seat = h.seat;
      const who = document.createElement("div");
      who.className = "who";
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = h.name + (h.seat === mySeat ? " (" + t("you") + ")" : "");
      for (const [flag, key] of [[h.fouled, "fouled"], [h.surrendered, "surrendered"]]) {
        if (!flag) continue;
        const b = document.createElement("span");
        b.className = "badge";
        b.textContent = t(key);
        name.appendChild(b);
      }
      const pts = document.createElement("span");
      const p = sd.points[h.seat];
      pts.className = "points" + (p > 0 ? " plus" : p < 0 ? " minus" : "");
      pts.textContent = formatPoints(p, 0, true);
      who.append(name, pts);
      div.appendChild(who);
      div.appendChild(versus(h, sd));
      const rv = reviews[h.seat];
      if (rv) div.appendChild(reviewEl(rv));
      box.appendChild(div);
    }
  }

  /** The table beside a hand: its three rows of cards, and for each opponent a column with each
   *  row's result (won / lost / tie; a dash where the rows were not compared, said why in a line
   *  under the table) and the pair's points. */
  function versus(h, sd) {
    const part = document.createDocumentFragment();
    const table = document.createElement("table");
    table.className = "versus";
    const shown = parseRows(h.shown) || (parseRows(h.arrangement) || []).map(setsFirst);
    const kinds = Array.isArray(sd.kinds) ? sd.kinds : [];
    const opponents = [];
    sd.pairs.forEach((pr, i) => {
      if (!pr.players.includes(h.seat)) return;
      const other = pr.players[0] === h.seat ? pr.players[1] : pr.players[0];
      const oh = sd.hands.find((x) => x.seat === other);
      opponents.push({ pair: pr, seat: other, name: oh ? oh.name : state.names[other] || String(other + 1),
                       kind: pairKind(pr, sd.hands, kinds[i]), mine: pr.players.indexOf(h.seat) });
    });
    const head = table.createTHead().insertRow();
    const corner = document.createElement("th");
    corner.className = "vs-label";
    corner.textContent = opponents.length ? t("versus") : "";
    head.appendChild(corner);
    for (const o of opponents) {
      const th = document.createElement("th");
      th.className = "opponent";
      th.textContent = o.name;
      th.title = o.name;
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (let r = 0; r < 3; r++) {
      const tr = body.insertRow();
      tr.className = "row-" + ROWS[r];
      const cards = tr.insertCell();
      cards.className = "cards";
      if (shown.length) cards.appendChild(rowLine(shown[r] || []));
      else if (r === 0) { cards.rowSpan = 3; cards.className = "cards gave-up"; cards.textContent = t("surrendered"); }
      else tr.deleteCell(0);
      for (const o of opponents) {
        if (o.kind !== "showdown") {
          if (r > 0) continue;
          const td = tr.insertCell();
          td.rowSpan = 3;
          td.className = "result none";
          td.textContent = "\u2014";
          td.title = notCompared(o);
          continue;
        }
        const w = o.pair.rows[ROWS[r]];
        const result = w === null || w === undefined ? "tie" : w === h.seat ? "won" : "lost";
        const td = tr.insertCell();
        td.className = "result " + result;
        td.textContent = t("result." + result);
      }
    }
    const foot = table.createTFoot().insertRow();
    const label = foot.insertCell();
    label.className = "vs-label";
    label.textContent = opponents.length ? t("pair_points") : "";
    for (const o of opponents) {
      const td = foot.insertCell();
      const n = o.pair.points[o.mine];
      td.className = "pair-points" + (n > 0 ? " plus" : n < 0 ? " minus" : "");
      td.textContent = formatNumber(n, 0, true);
    }
    part.appendChild(table);
    for (const o of opponents) {
      if (o.kind === "showdown") continue;
      const note = document.createElement("p");
      note.className = "not-compared";
      note.textContent = notCompared(o);
      part.appendChild(note);
    }
    return part;
  }

  function notCompared(o) {
    return t("not_compared", { name: o.name, reason: t("kind." + o.kind) });
  }

  /** The solver's review of one hand: its best arrangement as cards, the loss with its error
   *  and whether the loss is beyond the solver's accuracy, the expected points of both. */
  function reviewEl(rv) {
    const div = document.createElement("div");
    div.className = "review";
    const head = document.createElement("p");
    head.className = "verdict";
    if (!(rv.loss > 0)) {
      head.textContent = t("review_best");
      div.appendChild(head);
      return div;
    }
    const loss = formatNumber(rv.loss, 2) + " \u00b1 " + formatNumber(rv.loss_stderr, 2);
    head.textContent = t("review_loss", {
      points: formatPoints(rv.loss, 2, false, loss),
      verdict: t(rv.significant ? "significant" : "not_significant"),
    });
    head.classList.add(rv.significant ? "significant" : "not-significant");
    div.appendChild(head);
    const label = document.createElement("p");
    label.className = "best-label";
    label.textContent = t("review_best_is");
    div.appendChild(label);
    const best = parseRows(rv.best_shown) || (parseRows(rv.best) || []).map(setsFirst);
    const lines = document.createElement("div");
    lines.className = "best";
    for (const row of best) lines.appendChild(rowLine(row));
    div.appendChild(lines);
    if (typeof rv.ev === "number" && typeof rv.best_ev === "number") {
      const ev = document.createElement("p");
      ev.className = "ev";
      ev.textContent = t("review_ev", { ev: formatNumber(rv.ev, 2, true), best: formatNumber(rv.best_ev, 2, true) });
      div.appendChild(ev);
    }
    return div;
  }

  // --- messages ---------------------------------------------------------------------------------

  function onMessage(msg) {
    switch (msg.type) {
      case "joined":
        state.seat = msg.seat;
        state.token = msg.token;
        state.rules = msg.rules || {};
        sessionStorage.setItem("cp-token", msg.token);
        $("join").hidden = true;
        $("game").hidden = false;
        $("error").textContent = "";
        render();
        break;
      case "deal":
        if (msg.deal !== state.deal) {
          state.deal = msg.deal;
          state.cards = setsFirst(msg.cards.split(/\s+/).filter(Boolean));
          state.rows = [[], [], []];
          state.undo = [];
          state.selected = null;
          state.set = false;
          state.showdown = null;
          state.reviews = {};
          state.wantNext = false;
          $("check").textContent = "";
          $("check").className = "";
        }
        render();
        break;
      case "checked":
        if (msg.deal === state.deal && !state.checkAgain) {  // else a newer check is on its way
          $("check").textContent = msg.message;
          $("check").className = msg.legal ? "ok" : "foul";
        }
        checkAnswered();
        break;
      case "accepted":
        if (msg.deal === state.deal) { state.set = true; endDrag(); render(); }
        break;
      case "table":
        state.seats = msg.seats;
        renderSeats();
        break;
      case "showdown":
        if (msg.deal > state.deal && !state.set) {  // a seat a bot played this deal (back, or new here)
          state.deal = msg.deal;
          state.cards = [];
          state.rows = [[], [], []];
          state.undo = [];
          state.reviews = {};
          state.wantNext = false;
        }
        if (msg.deal === state.deal) { state.showdown = msg; render(); window.scrollTo(0, 0); }
        break;
      case "review":
        if (msg.deal === state.deal) { state.reviews[msg.seat] = msg; render(); }
        break;
      case "notice":
        $("notice").textContent = msg.message;
        break;
      case "error":
        $("error").textContent = msg.error;
        if (state.checking) checkAnswered();  // perhaps the check's answer
        if (state.seat === null) { state.token = null; sessionStorage.removeItem("cp-token"); }
        break;
    }
  }

  function connect(first) {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
    state.ws = ws;
    ws.onopen = () => {
      $("notice").textContent = "";
      state.checking = false;  // an answer lost with the old connection is not waited for
      if (state.token && (state.seat !== null || !first)) send({ type: "rejoin", token: state.token, lang: state.lang });
      else send({ type: "join", code: $("code").value.trim(), name: $("name").value.trim(), lang: state.lang });
    };
    ws.onmessage = (ev) => { try { onMessage(JSON.parse(ev.data)); } catch (e) { /* not ours */ } };
    ws.onclose = () => {
      if (state.seat !== null && state.token && !state.closing) {
        $("notice").textContent = t("lost");
        setTimeout(() => connect(false), 1500);
      }
    };
  }

  // --- the player's hands on the page -----------------------------------------------------------

  $("join-button").addEventListener("click", () => {
    state.token = null;
    state.seat = null;
    if (state.ws) { state.closing = true; state.ws.close(); }
    state.closing = false;
    connect(true);
  });
  $("lang").addEventListener("change", async () => {
    await loadStrings($("lang").value);
    if (state.seat !== null) { send({ type: "lang", lang: state.lang }); if (state.deal && !state.set) check(); }
  });
  $("undo").addEventListener("click", undo);
  $("clear").addEventListener("click", clearRows);
  $("sort-sets").addEventListener("click", () => setSort("sets"));
  $("sort-suit").addEventListener("click", () => setSort("suit"));
  $("set").addEventListener("click", () => send({ type: "set", deal: state.deal, arrangement: arrangementText() }));
  $("surrender").addEventListener("click", () => send({ type: "surrender", deal: state.deal }));
  $("next").addEventListener("click", () => { state.wantNext = true; send({ type: "next" }); render(); });

  // Tap: a card in the hand is picked up, then a row puts it there (a card of that row tapped:
  // the two change places); a card in a row tapped with nothing picked up goes back to the hand.
  document.addEventListener("click", (ev) => {
    if (state.set || !state.deal || state.showdown) return;
    if (state.dragEnded) return;  // the mouse's click at the end of a drag, not a tap
    const card = ev.target.closest(".card[data-card]");
    const row = ev.target.closest("#board .row");
    if (card && card.closest("#hand")) {
      state.selected = state.selected === card.dataset.card ? null : card.dataset.card;
      render();
    } else if (card && row) {
      if (state.selected) swap(state.selected, card.dataset.card);
      else move(card.dataset.card, "hand");
    } else if (row && state.selected) {
      move(state.selected, Number(row.dataset.row));
    }
  });

  // Drag, by finger or mouse (pointer events): a card from the hand or a row onto a row, onto a
  // card of a full row (the two change places), or back onto the hand.
  function dropZone(x, y) {
    const el = document.elementFromPoint(x, y);
    if (!el) return null;
    const zone = el.closest("#board .row, #hand");
    if (!zone) return null;
    const onto = el.closest(".card[data-card]");
    return { zone, dest: zone.id === "hand" ? "hand" : Number(zone.dataset.row), onto: onto ? onto.dataset.card : null };
  }

  function markTarget(zone) {
    for (const z of document.querySelectorAll("#board .target")) if (z !== zone) z.classList.remove("target");
    if (zone) zone.classList.add("target");
  }

  function endDrag() {
    if (state.drag) state.drag.ghost.remove();
    state.drag = null;
    state.press = null;
    markTarget(null);
    for (const el of document.querySelectorAll("#board .lifted")) el.classList.remove("lifted");
  }

  document.addEventListener("pointerdown", (ev) => {
    if (state.set || !state.deal || state.showdown || state.drag || !ev.isPrimary) return;
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    const card = ev.target.closest("#board .card[data-card]");
    if (!card) return;
    state.press = { id: ev.pointerId, code: card.dataset.card, x: ev.clientX, y: ev.clientY, el: card };
  });

  document.addEventListener("pointermove", (ev) => {
    const press = state.press;
    if (!press || ev.pointerId !== press.id) return;
    if (!state.drag) {
      if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < DRAG_START_PX) return;
      const box = press.el.getBoundingClientRect();
      const ghost = press.el.cloneNode(true);
      ghost.classList.remove("sel");
      ghost.classList.add("ghost");
      ghost.style.width = box.width + "px";
      ghost.style.height = box.height + "px";
      document.body.appendChild(ghost);
      state.drag = { code: press.code, ghost, dx: press.x - box.left, dy: press.y - box.top };
      press.el.classList.add("lifted");
      state.selected = null;
    }
    ev.preventDefault();
    const d = state.drag;
    d.ghost.style.transform = "translate(" + (ev.clientX - d.dx) + "px," + (ev.clientY - d.dy) + "px)";
    const target = dropZone(ev.clientX, ev.clientY);
    markTarget(target && target.zone);
  }, { passive: false });

  document.addEventListener("pointerup", (ev) => {
    const press = state.press;
    if (!press || ev.pointerId !== press.id) return;
    const drag = state.drag;
    const target = drag ? dropZone(ev.clientX, ev.clientY) : null;
    endDrag();
    if (!drag) return;  // a tap: the click that follows does it
    // a mouse's click follows its release in the same task; a finger's drag has none
    state.dragEnded = true;
    setTimeout(() => { state.dragEnded = false; }, 0);
    if (target) move(drag.code, target.dest, target.onto);
    else render();
  });

  document.addEventListener("pointercancel", (ev) => {
    if (state.press && ev.pointerId === state.press.id) { endDrag(); render(); }
  });

  // What the page's own tests reach: its card order, labels, numbers and plurals, and the
  // showdown's drawing. Nothing here changes the game.
  window.cpTable = Object.freeze({
    setsFirst, bySuit, cardLabel, formatNumber, formatPoints, pairKind, renderShowdown,
    hand: () => handCards(), rows: () => state.rows.map((r) => setsFirst(r)),
  });

  const params = new URLSearchParams(location.search);
  if (params.get("code")) $("code").value = params.get("code");
  const wanted = params.get("lang") || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  $("lang").value = wanted === "ru" ? "ru" : "en";
  loadStrings($("lang").value).then(() => { if (state.token) connect(false); });
})();
