// The teaching table's page: it shows what the server sends and sends what the player does.
// No rule of the game is here: the server checks every arrangement and says what is wrong.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  const SIZES = [3, 5, 5];
  const state = {
    ws: null, token: sessionStorage.getItem("cp-token"), seat: null, deal: 0, cards: [],
    rows: [[], [], []], hand: [], selected: null, set: false, rules: {}, strings: {},
    lang: "en", names: {}, showdown: null, reviews: {}, wantNext: false, closing: false,
    checking: false, checkAgain: false, checkTimer: null,
  };

  function t(key, params) {
    let text = state.strings[key] || key;
    for (const [k, v] of Object.entries(params || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  async function loadStrings(lang) {
    const answer = await fetch("strings/" + lang + ".json", { cache: "no-store" });
    state.strings = await answer.json();
    state.lang = lang;
    document.documentElement.lang = lang;
    document.title = t("title");
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
    render();
  }

  function cardEl(code, small) {
    const el = document.createElement("div");
    el.className = "card" + (small ? " small" : "") + ("hd".includes(code[1]) ? " red" : "");
    el.textContent = (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];
    el.dataset.card = code;
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", code);
    return el;
  }

  function arrangementText() {
    return state.rows.map((r) => r.join(" ")).join(" / ");
  }

  function where(code) {
    for (let r = 0; r < 3; r++) if (state.rows[r].includes(code)) return r;
    return "hand";
  }

  function move(code, dest) {
    if (state.set || !state.cards.includes(code)) return;
    const from = where(code);
    if (from === dest) return;
    if (dest !== "hand" && state.rows[dest].length >= SIZES[dest]) return;
    if (from === "hand") state.hand = state.hand.filter((c) => c !== code);
    else state.rows[from] = state.rows[from].filter((c) => c !== code);
    if (dest === "hand") state.hand.push(code); else state.rows[dest].push(code);
    state.selected = null;
    render();
    check();
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

  function renderSeats(seats) {
    const ul = $("seats");
    ul.textContent = "";
    for (const s of seats) {
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
    $("deal-title").textContent = state.deal ? t("deal", { deal: state.deal }) : "";
    $("waiting").hidden = state.deal !== 0;
    const showing = state.showdown !== null;
    $("board").hidden = state.deal === 0 || showing;
    $("showdown").hidden = !showing;
    for (let r = 0; r < 3; r++) {
      const slots = $("row-" + r).querySelector(".slots");
      slots.textContent = "";
      for (const c of state.rows[r]) slots.appendChild(cardEl(c));
      for (let k = state.rows[r].length; k < SIZES[r]; k++) {
        const e = document.createElement("div");
        e.className = "card empty";
        slots.appendChild(e);
      }
    }
    const hand = $("hand");
    hand.textContent = "";
    for (const c of state.hand) {
      const el = cardEl(c);
      if (c === state.selected) el.classList.add("sel");
      el.draggable = !state.set;
      hand.appendChild(el);
    }
    for (const el of document.querySelectorAll("#board .slots .card[data-card]")) el.draggable = !state.set;
    const full = state.rows.every((r, i) => r.length === SIZES[i]);
    $("set").disabled = state.set || !full;
    $("clear").disabled = state.set;
    $("surrender").hidden = !state.rules.surrender;
    $("surrender").disabled = state.set;
    $("set-done").hidden = !state.set;
    if (showing) renderShowdown();
  }

  function renderShowdown() {
    const sd = state.showdown;
    const box = $("hands");
    box.textContent = "";
    for (const h of sd.hands) {
      const div = document.createElement("div");
      div.className = "seat-hand";
      div.dataset.seat = h.seat;
      const who = document.createElement("div");
      who.className = "who";
      const name = document.createElement("span");
      name.textContent = h.name + (h.bot ? " (" + t("bot") + ")" : "") + (h.seat === state.seat ? " (" + t("you") + ")" : "");
      for (const [flag, key] of [[h.fouled, "fouled"], [h.surrendered, "surrendered"]]) {
        if (!flag) continue;
        const b = document.createElement("span");
        b.className = "badge";
        b.textContent = t(key);
        name.appendChild(b);
      }
      const pts = document.createElement("span");
      const p = sd.points[h.seat];
      pts.className = "points";
      pts.textContent = (p > 0 ? "+" : "") + p + " " + t("points");
      who.append(name, pts);
      div.appendChild(who);
      if (!h.surrendered) {
        for (const row of h.arrangement.split("/")) {
          const line = document.createElement("div");
          line.className = "line";
          for (const c of row.trim().split(/\s+/).filter(Boolean)) line.appendChild(cardEl(c, true));
          div.appendChild(line);
        }
      }
      const rv = state.reviews[h.seat];
      if (rv) {
        const p2 = document.createElement("div");
        p2.className = "review";
        p2.textContent = rv.loss > 0
          ? t("review", { best: rv.best, loss: rv.loss.toFixed(2), stderr: rv.loss_stderr.toFixed(2) }) + " (" +
            t(rv.significant ? "significant" : "not_significant") + ")"
          : t("review_best");
        div.appendChild(p2);
      }
      box.appendChild(div);
    }
    $("next").disabled = state.wantNext;
    $("next-wait").hidden = !state.wantNext;
  }

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
          state.cards = msg.cards.split(/\s+/);
          state.hand = state.cards.slice();
          state.rows = [[], [], []];
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
        if (msg.deal === state.deal) { state.set = true; render(); }
        break;
      case "table":
        renderSeats(msg.seats);
        break;
      case "showdown":
        if (msg.deal === state.deal) { state.showdown = msg; render(); }
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
  $("clear").addEventListener("click", () => {
    if (state.set) return;
    state.hand = state.cards.slice();
    state.rows = [[], [], []];
    state.selected = null;
    render();
    check();
  });
  $("set").addEventListener("click", () => send({ type: "set", deal: state.deal, arrangement: arrangementText() }));
  $("surrender").addEventListener("click", () => send({ type: "surrender", deal: state.deal }));
  $("next").addEventListener("click", () => { state.wantNext = true; send({ type: "next" }); render(); });

  // Tap: a card in the hand is picked up, then a row puts it there; a card in a row goes back.
  document.addEventListener("click", (ev) => {
    if (state.set || !state.deal) return;
    const card = ev.target.closest(".card[data-card]");
    const row = ev.target.closest(".row");
    if (card && card.closest("#hand")) {
      state.selected = state.selected === card.dataset.card ? null : card.dataset.card;
      render();
    } else if (card && row) {
      if (state.selected) {  // swap the picked card with this one
        const r = Number(row.dataset.row), other = card.dataset.card, picked = state.selected;
        state.rows[r] = state.rows[r].map((c) => (c === other ? picked : c));
        state.hand = state.hand.map((c) => (c === picked ? other : c));
        state.selected = null;
        render();
        check();
      } else move(card.dataset.card, "hand");
    } else if (row && state.selected) {
      move(state.selected, Number(row.dataset.row));
    }
  });
  // Drag (desktop browsers): a card onto a row, or back onto the hand.
  document.addEventListener("dragstart", (ev) => {
    const card = ev.target.closest && ev.target.closest(".card[data-card]");
    if (card) ev.dataTransfer.setData("text/plain", card.dataset.card);
  });
  for (const zone of [$("row-0"), $("row-1"), $("row-2"), $("hand")]) {
    zone.addEventListener("dragover", (ev) => { ev.preventDefault(); zone.classList.add("target"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("target"));
    zone.addEventListener("drop", (ev) => {
      ev.preventDefault();
      zone.classList.remove("target");
      const code = ev.dataTransfer.getData("text/plain");
      move(code, zone.dataset.row === "hand" ? "hand" : Number(zone.dataset.row));
    });
  }

  const params = new URLSearchParams(location.search);
  if (params.get("code")) $("code").value = params.get("code");
  const wanted = params.get("lang") || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");
  $("lang").value = wanted === "ru" ? "ru" : "en";
  loadStrings($("lang").value).then(() => { if (state.token) connect(false); });
})();
