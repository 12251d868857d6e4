"use strict";
// The table page: one seat's view of the table, kept up to date over a websocket.
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("seat") || params.get("watch") || "";
let ws = null;
let state = null;
let selected = [];   // card codes chosen for a selection move (an exchange)
let clockEnd = null; // performance.now() when the clock runs out
let retry = 500;
let finalError = false;
let online = false;    // whether the websocket is open now
let connections = 0;   // how many times it opened (a reconnect counts)

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardNode(card, asButton) {
  const node = el(asButton ? "button" : "span", { class: "card" + (card.red ? " red" : "") + (card.joker ? " joker" : ""),
    "aria-label": card.text, "data-code": card.code, title: card.text }, card.glyph);
  if (asButton) node.type = "button";
  return node;
}

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  else notice("Not connected: that was not sent. Reconnecting…");
}

function act(i) { send({ type: "act", i, decision: state.decision }); }

function notice(text) {
  $("notice").textContent = text;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { $("notice").textContent = ""; }, 5000);
}

function seatName(i) { const s = state.seats[i]; return s ? `${s.label} ${s.name}` : `P${i + 1}`; }

function showChoices(title, actions) {
  const box = $("question");
  box.replaceChildren(el("p", {}, title));
  for (const a of actions) {
    const b = el("button", { type: "button" }, a.text);
    b.addEventListener("click", () => { box.hidden = true; act(a.i); });
    box.append(b);
  }
  const cancel = el("button", { type: "button" }, "cancel");
  cancel.addEventListener("click", () => { box.hidden = true; });
  box.append(cancel);
  box.hidden = false;
  box.querySelector("button").focus();
}

function clickCard(code) {
  if (!state.yours) return;
  if (state.select) {
    const at = selected.indexOf(code);
    if (at >= 0) selected.splice(at, 1);
    else if (selected.length < state.select) selected.push(code);
    render();
    return;
  }
  const uses = state.actions.filter((a) => a.card === code);
  if (uses.length === 1) act(uses[0].i);
  else if (uses.length > 1) showChoices("How do you play it?", uses);
  else notice("That card cannot be played now.");
}

function renderHand() {
  const playable = new Set(state.yours ? state.actions.filter((a) => a.card).map((a) => a.card) : []);
  const hand = $("hand");
  hand.replaceChildren();
  const taken = [...selected];
  state.hand.forEach((card, k) => {
    const b = cardNode(card, true);
    if (playable.has(card.code) || (state.yours && state.select)) b.classList.add("playable");
    const at = taken.indexOf(card.code);
    if (at >= 0) { b.classList.add("selected"); taken.splice(at, 1); b.setAttribute("aria-pressed", "true"); }
    b.setAttribute("aria-label", card.text + (b.classList.contains("playable") ? ", playable" : ""));
    b.addEventListener("click", () => clickCard(card.code));
    b.addEventListener("keydown", (e) => {
      const cards = [...hand.children];
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        const next = cards[(k + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
        if (next) next.focus();
      }
    });
    hand.append(b);
  });
  $("hand-title").textContent = state.seat === null ? "Watching" : `Your hand (${state.hand.length})`;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!state.yours) return;
  let key = 1;
  const plain = state.actions.filter((a) => !a.card);
  const answering = state.clock && state.clock.kind === "answer" && plain.length > 1;
  for (const a of plain) {
    const b = el("button", { type: "button", "data-key": String(key), class: answering && key === 1 ? "claim" : "" });
    b.append(el("span", { class: "key" }, key <= 9 ? `[${key}]` : ""), a.text);
    b.addEventListener("click", () => act(a.i));
    box.append(b);
    key++;
  }
  if (state.select) {
    const b = el("button", { type: "button", class: "primary", id: "pass-selected" }, `Pass ${selected.length}/${state.select} selected`);
    b.disabled = selected.length !== state.select;
    b.addEventListener("click", () => { send({ type: "select", cards: selected, decision: state.decision }); selected = []; });
    box.append(b);
  }
}

function renderSections() {
  const box = $("sections");
  box.replaceChildren();
  for (const s of state.sections) {
    const div = el("div");
    div.append(el("h2", {}, s.label));
    if (s.cards) {
      const row = el("div", { class: "cards" });
      for (const c of s.cards) row.append(cardNode(c, false));
      div.append(row);
    } else if (s.facts) {
      const grid = el("div", { class: "facts" });
      for (const [k, v] of s.facts) grid.append(el("span", {}, k), el("span", {}, v));
      div.append(grid);
    } else if (s.text) div.append(el("p", {}, s.text));
    box.append(div);
  }
}

function renderScores() {
  const names = Object.keys(state.columns);
  const head = el("tr");
  for (const h of ["seat", "", ...names]) head.append(el("th", {}, h));
  const rows = state.seats.map((s, i) => {
    const tr = el("tr", { class: state.turn === i ? "to-act" : "" });
    const who = s.name + (i === state.seat ? " (you)" : "");
    tr.append(el("td", {}, s.label), el("td", {}, who + (s.here ? "" : " · away")));
    for (const n of names) tr.append(el("td", {}, String(state.columns[n][i])));
    return tr;
  });
  $("scores").replaceChildren(head, ...rows);
  const hands = state.hands.map((h) => el("li", {}, h));
  if (state.outcome) hands.push(el("li", { class: "turn" }, "Game over: " + state.outcome));
  if (state.recorded) hands.push(el("li", {}, state.recorded));
  $("hands").replaceChildren(...hands);
}

function renderLog() {
  const log = $("log");
  log.replaceChildren(...state.log.map((e) => el("li", {}, e.text)));
  log.scrollTop = log.scrollHeight;
}

function render() {
  if (!state) return;
  document.title = `${state.game}: ${state.seat === null ? "watching" : seatName(state.seat)}`;
  $("title").textContent = state.game;
  $("status").textContent = state.seat === null ? "watching" : `you are ${seatName(state.seat)}`;
  const turn = $("turn");
  turn.classList.toggle("yours", state.yours);
  if (state.over) turn.textContent = "Game over: " + state.outcome;
  else if (state.yours) turn.textContent = "Your turn: " + (state.prompt || "your move");
  else if (state.turn !== null) turn.textContent = "Waiting for " + seatName(state.turn);
  else turn.textContent = "";
  $("typed").hidden = !state.yours;
  renderSections();
  renderHand();
  renderActions();
  renderScores();
  renderLog();
  for (const n of state.notes) if (!render.seen.has(n)) { render.seen.add(n); notice(n); }
}
render.seen = new Set();

function tick() {
  const clock = $("clock");
  if (clockEnd === null || !state || !state.clock) { clock.textContent = ""; return; }
  const left = Math.max(0, (clockEnd - performance.now()) / 1000);
  if (state.clock.kind === "answer") clock.textContent = `answer${state.yours ? " (you)" : ""}: ${left.toFixed(1)} s`;
  else {
    const who = state.clock.seat === state.seat ? "you" : seatName(state.clock.seat);
    clock.textContent = `move (${who}): ${left.toFixed(1)} s`;
  }
  clock.classList.toggle("urgent", left < 3);
}
setInterval(tick, 100);

function receive(event) {
  const msg = JSON.parse(event.data);
  if (msg.type === "state") {
    if (!state || state.decision !== msg.decision) { selected = []; $("question").hidden = true; }
    state = msg;
    clockEnd = msg.clock ? performance.now() + msg.clock.ms : null;
    retry = 500;
    render();
    tick();
    fairDeal(state, tableId, token, send);
  } else if (msg.type === "notice") notice(msg.text);
  else if (msg.type === "question") {
    const box = $("question");
    box.replaceChildren(el("p", {}, msg.question));
    for (const c of msg.choices) {
      const b = el("button", { type: "button" }, c);
      b.addEventListener("click", () => { box.hidden = true; send({ type: "text", text: `${msg.base} ${c}`, decision: state.decision }); });
      box.append(b);
    }
    box.hidden = false;
  } else if (msg.type === "error") { finalError = true; $("status").textContent = msg.text; }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({ type: "hello", token }));
    online = true;
    connections++;
    $("status").textContent = "connected";
  });
  ws.addEventListener("message", receive);
  ws.addEventListener("close", (e) => {
    online = false;
    if (finalError || e.code === 4403 || e.code === 4404) return;
    $("status").textContent = "connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

$("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move").value.trim();
  if (text && state) send({ type: "text", text, decision: state.decision });
  $("move").value = "";
});

document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || !state || !state.yours) return;
  const b = document.querySelector(`#actions button[data-key="${e.key}"]`);
  if (b) { e.preventDefault(); b.click(); }
  else if (e.key === "/") { e.preventDefault(); $("move").focus(); }
});

if (!token) $("status").textContent = "This page needs a seat's link (ask the host).";
else connect();
