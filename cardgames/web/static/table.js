"use strict";
// The table page: one seat's table (the server's Tabletop) drawn as a card table, kept up to date
// over a websocket. The page's own words are all in TEXT; the game's words come whole from the server.
const TEXT = {
  pageTitle: "cardgames: a table",
  connecting: "connecting…",
  connected: "connected",
  reconnecting: "connection lost; reconnecting…",
  needLink: "This page needs a seat's link (ask the host).",
  linkBroken: "This link does not work",
  askHost: "Ask whoever opened the table for a new link.",
  notSent: "Not connected: that was not sent. Reconnecting…",
  watching: "watching",
  youAre: (name) => `you are ${name}`,
  you: "you",
  away: "away",
  table: "The table",
  yourHand: (n) => `Your hand (${n})`,
  watchingTitle: "Watching",
  typeMove: "Type a move",
  send: "Send",
  example: (text) => `e.g. ${text}`,
  yourTurn: "Your turn",
  waitingFor: (name) => `Waiting for ${name}`,
  reading: (names) => `Waiting for ${names} to read the hand's summary`,
  gameOver: "Game over",
  playable: "playable",
  notNow: (card) => `The ${card} cannot be played now.`,
  notYourTurn: "It is not your turn.",
  notTurnOf: (name) => `It is not your turn: ${name} plays now.`,
  raisedOnes: "Play one of the raised cards.",
  suitInForce: (suit) => `Suit in force: ${suit}.`,
  howToPlay: "How do you play it?",
  cancel: "cancel",
  pass: (n, of) => `Pass ${n}/${of} selected`,
  cards: (n) => (n === 1 ? "1 card" : `${n} cards`),
  known: (cards) => `known: ${cards}`,
  tricks: (n) => (n === 1 ? "1 trick" : `${n} tricks`),
  playedBy: (card, name) => `${card}, played by ${name}`,
  marks: { dealer: "dealer", to_act: "to play", leader: "leads", last_call: "last card called", out: "out" },
  markSigns: { dealer: "D", leader: "★", last_call: "!" },
  clockwise: "play goes clockwise",
  counterClockwise: "play goes counter-clockwise",
  suitSign: (suit) => `suit in force: ${suit}`,
  trumpSign: (suit) => `trump: ${suit}`,
  facedown: (n) => `${n} face down`,
  results: "Results",
  scores: "Scores",
  score: "score",
  tricksTaken: "tricks",
  log: "Log",
  handOver: (n) => `Hand ${n} is over`,
  continue: "Continue",
  close: "Close",
  player: "player",
  handsWon: "hands won",
  chips: "chips",
  final: "Final result",
  answerClock: (left) => `answer: ${left} s`,
  answerClockYou: (left) => `answer (you): ${left} s`,
  moveClock: (who, left) => `move (${who}): ${left} s`,
};


const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("seat") || params.get("watch") || "";
// the page's language: the link's (?lang=, chosen in the lobby), else the browser's; an older link's #…&lang= wins
const lang = params.get("lang") || document.documentElement.lang;
const motion = window.matchMedia("(prefers-reduced-motion: no-preference)");
let ws = null;
let state = null;
let selected = [];   // card codes chosen for a selection move (an exchange)
let clockEnd = null; // performance.now() when the clock runs out
let retry = 500;
let finalError = false;
let online = false;    // whether the websocket is open now
let connections = 0;   // how many times it opened (a reconnect counts)
let onTable = new Set(); // the trick's cards drawn last time (a new one flies in from its player)
let lastShown = null;    // the last trick drawn last time (a new one goes to its taker)
let dragged = false;     // a drag just played a card: the click that follows is not a tap
// the hands whose summary this seat has read (kept across a reload; keyed by a hash, never the token)
const seenKey = `cardgames-hands:${tableId}:${sha256Hex(new TextEncoder().encode(token)).slice(0, 16)}`;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A card face drawn with CSS: rank and suit in two corners, the suit large in the middle.
function cardFace(card, tag) {
  const node = el(tag || "span", { class: "card" + (card.red ? " red" : "") + (card.joker ? " joker" : ""),
    "data-code": card.code, "aria-label": card.text, title: card.text });
  if (tag !== "button") node.setAttribute("role", "img");
  const rank = card.joker ? "★" : card.rank;
  const suit = card.joker ? "" : card.suit;
  const corner = (cls) => { const c = el("span", { class: "corner " + cls, "aria-hidden": "true" }); c.append(el("b", {}, rank), el("i", {}, suit)); return c; };
  // the joker's face says its name as the reader's language does (jolly, джокер)
  node.append(corner("tl"), el("span", { class: "pip", "aria-hidden": "true" }, card.joker ? card.text.toUpperCase() : suit), corner("br"));
  return node;
}

function backs(count, label) {
  const box = el("span", { class: "backs", role: "img", "aria-label": label });
  for (let k = 0; k < Math.min(count, 3); k++) box.append(el("span", { class: "back" }));
  box.append(el("span", { class: "count", "aria-hidden": "true" }, String(count)));
  return box;
}

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  else notice(TEXT.notSent);
}

function act(i) { send({ type: "act", i, decision: state.decision }); }

function notice(text) {
  $("notice").textContent = text;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { $("notice").textContent = ""; }, 5000);
}

// A link that opens nothing (no such table, a wrong seat's token): a page that says so, with nothing
// to play on. A table already shown (a link that worked, closed since) stays, with the reason above it.
function refused(text) {
  finalError = true;
  if (state) $("status").textContent = text;
  else gone(text, TEXT.askHost);
}

function gone(...lines) {
  for (const id of ["room", "status", "clock"]) $(id).hidden = true;
  $("gone-text").replaceChildren(...lines.map((line) => el("p", {}, line)));
  $("gone").hidden = false;
  document.title = TEXT.linkBroken;
}

function nameOf(seat) { const s = state.seats[seat]; return s ? s.name : ""; }

// Where a seat sits: you at the bottom, the others clockwise from your left (its angle from the bottom).
function angleOf(seat) {
  const n = state.seats.length;
  const me = state.tabletop && state.tabletop.viewer !== null ? state.tabletop.viewer : 0;
  return (2 * Math.PI * ((((seat - me) % n) + n) % n)) / n;
}

// A seat's box against the felt's rim, its outer side to the edge (yours on the bottom edge), so that
// the middle stays free for the piles and the trick however many sit and however small the screen:
// where to put it (percent of the felt) and how far to shift the box from there (percent of its size).
// The rim follows the felt's shape: a superellipse of exponent rim.shape (2: an oval; more: squarer),
// rim.reach percent out from the middle.
function rimSpot(seat, rim) {
  const c = -Math.sin(angleOf(seat)), s = Math.cos(angleOf(seat));
  const t = (Math.abs(c) ** rim.shape + Math.abs(s) ** rim.shape) ** (-1 / rim.shape);
  const u = c * t, v = s * t; // on the rim, -1 to 1 each way from the middle
  return { x: 50 + rim.reach * u, y: 50 + rim.reach * v, dx: -50 - 50 * u, dy: -50 - 50 * v };
}

// A seat's box as drawn, in pixels from the felt's corner: its centre and half sizes (null: none).
function seatBox(seat) {
  const node = $("seats").querySelector(`.seat[data-seat="${seat}"]`);
  if (!node) return null;
  const felt = $("felt").getBoundingClientRect(), r = node.getBoundingClientRect();
  return { x: r.left - felt.left + r.width / 2, y: r.top - felt.top + r.height / 2, w: r.width / 2, h: r.height / 2 };
}

// How far a box of half sizes w and h reaches from its centre in the direction (ux, uy) of length 1.
function extent(w, h, ux, uy) { return Math.min(ux ? w / Math.abs(ux) : Infinity, uy ? h / Math.abs(uy) : Infinity); }

// Where a trick's card lies (its centre, in pixels from the felt's corner): in front of its player, on
// the way from the felt's middle to the seat's box, about two thirds of the way; short of the box (the
// name under the card too where the box is below) and of the middle, the box first where both can't be.
function inFront(seat, fig) {
  const felt = $("felt"), mid = { x: felt.clientWidth / 2, y: felt.clientHeight / 2 };
  const box = seatBox(seat);
  if (!box) return mid;
  const len = Math.hypot(box.x - mid.x, box.y - mid.y) || 1;
  const ux = (box.x - mid.x) / len, uy = (box.y - mid.y) / len;
  const card = fig.querySelector(".card");
  const up = card.offsetHeight / 2, down = fig.offsetHeight - up, gap = 6;
  const toBox = extent((uy > 0.5 ? fig : card).offsetWidth / 2, uy > 0 ? down : up, ux, uy);
  const far = len - extent(box.w, box.h, ux, uy) - toBox - gap;
  const near = extent(fig.offsetWidth / 2, uy > 0 ? up : down, ux, uy) + gap;
  const d = Math.max(0, Math.min(far, Math.max(near, 0.65 * len)));
  return { x: mid.x + ux * d, y: mid.y + uy * d };
}

function showChoices(title, actions) {
  const box = $("question");
  box.replaceChildren(el("p", {}, title));
  for (const a of actions) {
    const b = el("button", { type: "button" }, a.text);
    b.addEventListener("click", () => { box.hidden = true; act(a.i); });
    box.append(b);
  }
  const cancel = el("button", { type: "button" }, TEXT.cancel);
  cancel.addEventListener("click", () => { box.hidden = true; });
  box.append(cancel);
  box.hidden = false;
  box.querySelector("button").focus();
}

function whyNot(card) {
  const top = state.tabletop;
  if (!state.yours) {
    const asked = top && top.decision ? top.decision.seats.map(nameOf).join(", ") : "";
    return asked ? TEXT.notTurnOf(asked) : TEXT.notYourTurn;
  }
  const rule = top && top.decision && top.decision.detail ? " " + top.decision.detail
    : top && top.suit_in_force ? " " + TEXT.suitInForce(top.suit_in_force.glyph) : "";
  return `${TEXT.notNow(card.text)} ${TEXT.raisedOnes}${rule}`;
}

function clickCard(card) {
  if (!state.yours) { notice(whyNot(card)); return; }
  if (state.select) {
    const at = selected.indexOf(card.code);
    if (at >= 0) selected.splice(at, 1);
    else if (selected.length < state.select) selected.push(card.code);
    render();
    const again = document.querySelector(`#hand .card[data-code="${card.code}"]`);
    if (again) again.focus();
    return;
  }
  const uses = state.actions.filter((a) => a.card === card.code);
  if (uses.length === 1) act(uses[0].i);
  else if (uses.length > 1) showChoices(TEXT.howToPlay, uses);
  else notice(whyNot(card)); // a dimmed card: it says why, and nothing is sent
}

// A card dragged from the hand onto the felt is played; a short move is a tap.
function draggable(node, card) {
  let start = null;
  node.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    start = { x: e.clientX, y: e.clientY, id: e.pointerId, moved: false };
    node.setPointerCapture(e.pointerId); // the moves that follow are this card's, wherever the pointer goes
  });
  node.addEventListener("pointermove", (e) => {
    if (!start || e.pointerId !== start.id) return;
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) > 12) { start.moved = true; node.classList.add("dragging"); }
    if (start.moved) node.style.transform = `translate(${dx}px, ${dy}px)`;
  });
  const end = (e) => {
    if (!start || e.pointerId !== start.id) return;
    const moved = start.moved;
    start = null;
    node.style.transform = "";
    node.classList.remove("dragging");
    if (!moved) return;
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const felt = $("felt").getBoundingClientRect();
    if (e.type === "pointerup" && e.clientX >= felt.left && e.clientX <= felt.right && e.clientY >= felt.top && e.clientY <= felt.bottom) clickCard(card);
  };
  node.addEventListener("pointerup", end);
  node.addEventListener("pointercancel", end);
}

function renderHand() {
  const playable = new Set(state.yours ? state.playable : []);
  const hand = $("hand");
  hand.replaceChildren();
  const taken = [...selected];
  const choosing = state.yours && state.select;
  state.hand.forEach((card, k) => {
    const b = cardFace(card, "button");
    b.type = "button";
    const can = playable.has(card.code) || choosing;
    b.classList.add(can ? "playable" : "dimmed");
    const at = taken.indexOf(card.code);
    if (at >= 0) { b.classList.add("selected"); taken.splice(at, 1); }
    if (choosing) b.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
    b.setAttribute("aria-label", card.text + (can && !choosing ? ", " + TEXT.playable : ""));
    b.addEventListener("click", () => { if (!dragged) clickCard(card); });
    b.addEventListener("keydown", (e) => {
      const cards = [...hand.children];
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        const next = cards[(k + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
        if (next) next.focus();
      }
    });
    if (can && !choosing) draggable(b, card);
    hand.append(b);
  });
  $("hand-title").textContent = state.seat === null ? TEXT.watchingTitle : TEXT.yourHand(state.hand.length);
  $("mine").classList.toggle("spectator", state.seat === null);
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
    b.append(el("span", { class: "key", "aria-hidden": "true" }, key <= 9 ? String(key) : ""), a.text);
    b.addEventListener("click", () => act(a.i));
    box.append(b);
    key++;
  }
  if (state.select) {
    const b = el("button", { type: "button", class: "primary", id: "pass-selected" }, TEXT.pass(selected.length, state.select));
    b.disabled = selected.length !== state.select;
    b.addEventListener("click", () => { send({ type: "select", cards: selected, decision: state.decision }); selected = []; });
    box.append(b);
  }
  const first = state.actions[0];
  $("move").placeholder = first ? TEXT.example(first.text) : "";
}

function renderSeat(spot, top, rim) {
  const seat = spot.seat;
  const at = rimSpot(seat, rim);
  const marks = new Set(spot.marks);
  const here = state.seats[seat] ? state.seats[seat].here : true;
  const cls = ["seat"];
  if (marks.has("to_act")) cls.push("to-act");
  if (marks.has("out")) cls.push("out");
  if (seat === top.viewer) cls.push("me");
  const words = [spot.name, ...spot.marks.map((m) => TEXT.marks[m]).filter(Boolean)];
  if (spot.cards !== null) words.push(TEXT.cards(spot.cards));
  const known = spot.known || [];
  if (known.length) words.push(TEXT.known(known.map((c) => c.text).join(", ")));
  if (spot.tricks !== null) words.push(TEXT.tricks(spot.tricks));
  if (spot.score) words.push(spot.score);
  if (!here) words.push(TEXT.away);
  const box = el("div", { class: cls.join(" "), "data-seat": String(seat), "data-seat-name": spot.name, style: `left:${at.x}%;top:${at.y}%;transform:translate(${at.dx}%,${at.dy}%)`,
    role: "group", "aria-label": words.join(", ") });
  const name = el("div", { class: "name" });
  name.append(el("span", {}, spot.name + (seat === top.viewer ? ` (${TEXT.you})` : "")));
  for (const m of spot.marks) if (TEXT.markSigns[m]) name.append(el("span", { class: "mark " + m, title: TEXT.marks[m], "aria-hidden": "true" }, TEXT.markSigns[m]));
  box.append(name);
  const line = el("div", { class: "facts", "aria-hidden": "true" });
  if (spot.cards !== null && seat !== top.viewer) line.append(backs(spot.cards, TEXT.cards(spot.cards)));
  else if (spot.cards !== null) line.append(el("span", {}, TEXT.cards(spot.cards)));
  // cards every seat saw go into this hand lie face up beside its backs
  if (known.length) { const row = el("span", { class: "known" }); for (const c of known) row.append(cardFace(c)); line.append(row); }
  if (spot.tricks !== null) line.append(el("span", { class: "tricks" }, TEXT.tricks(spot.tricks)));
  if (!here) line.append(el("span", { class: "away" }, TEXT.away));
  box.append(line);
  if (spot.score) box.append(el("div", { class: "score", "aria-hidden": "true" }, spot.score));
  if (spot.note) box.append(el("div", { class: "note", "aria-hidden": "true" }, spot.note));
  return box;
}

// A trick's cards, each in front of its player with the player's name under it (drawn once the seats are).
function drawTrick(zone, box, fresh) {
  const felt = $("felt"), size = { x: felt.clientWidth / 100, y: felt.clientHeight / 100 };
  for (const c of zone.cards) {
    const fig = el("figure", { class: "played", "aria-label": TEXT.playedBy(c.text, c.by) + (c.note ? `, ${c.note}` : "") });
    fig.append(cardFace(c), el("figcaption", { "aria-hidden": "true" }, c.by));
    if (c.note) fig.append(el("small", { class: "card-note", "aria-hidden": "true" }, c.note));
    box.append(fig);
    const at = inFront(c.seat, fig), from = seatBox(c.seat) || at;
    fig.style.left = `${at.x / size.x}%`; // in percent of the felt, so that it keeps its place as the felt grows
    fig.style.top = `${at.y / size.y}%`;
    if (fresh && !onTable.has(c.code + c.seat) && motion.matches) {
      fig.style.setProperty("--dx", `${from.x - at.x}px`);
      fig.style.setProperty("--dy", `${from.y - at.y}px`);
      fig.classList.add("arrive");
    }
  }
}

function zoneBox(zone) {
  const box = el("div", { class: "zone " + zone.kind, role: "group", "aria-label": [zone.label, zone.note].filter(Boolean).join(": ") });
  box.append(el("div", { class: "zone-label", "aria-hidden": "true" }, zone.label));
  const row = el("div", { class: "pile" });
  for (const c of zone.cards) {
    if (!c.by && !c.note) { row.append(cardFace(c)); continue; }
    const fig = el("figure", { class: "placed", "aria-label": [c.by ? TEXT.playedBy(c.text, c.by) : c.text, c.note].filter(Boolean).join(", ") });
    fig.append(cardFace(c));
    if (c.by) fig.append(el("figcaption", { "aria-hidden": "true" }, c.by));
    if (c.note) fig.append(el("small", { class: "card-note", "aria-hidden": "true" }, c.note));
    row.append(fig);
  }
  if (zone.backs) row.append(backs(zone.backs, TEXT.facedown(zone.backs)));
  box.append(row);
  if (zone.note) box.append(el("div", { class: "zone-note" }, zone.note));
  return box;
}

function sign(glyph, label, red, cls) {
  return el("span", { class: `sign ${cls}${red ? " red" : ""}`, role: "img", "aria-label": label, title: label }, glyph);
}

function trickKey(zone) { return zone ? zone.cards.map((c) => c.code + c.seat).join(",") : ""; }

function renderFelt() {
  const top = state.tabletop;
  const seats = $("seats"), trick = $("trick"), centre = $("centre");
  seats.replaceChildren(); trick.replaceChildren(); centre.replaceChildren(); $("beside").replaceChildren(); $("turn-signs").replaceChildren();
  $("last-button").hidden = true;
  if (!top) return;
  $("felt").classList.toggle("crowded", top.seats.length > 5);
  const shape = getComputedStyle($("felt"));
  const rim = { shape: Number(shape.getPropertyValue("--rim")) || 2, reach: Number(shape.getPropertyValue("--rim-reach")) || 46 };
  for (const p of top.seats) seats.append(renderSeat(p, top, rim));
  const signs = el("div", { class: "signs" });
  if (top.seats.length > 2) {
    const clockwise = top.direction !== -1;
    signs.append(sign(clockwise ? "↻" : "↺", clockwise ? TEXT.clockwise : TEXT.counterClockwise, false, "direction"));
  }
  if (top.suit_in_force) signs.append(sign(top.suit_in_force.glyph, TEXT.suitSign(top.suit_in_force.text), top.suit_in_force.red, "suit"));
  if (top.trump) signs.append(sign(top.trump.glyph, TEXT.trumpSign(top.trump.text), top.trump.red, "trump"));
  const trickZone = top.centre.find((z) => z.kind === "trick" && z.cards.length);
  // a trick game's other zones (an exchange's cards) lie beside the felt, the trick's place kept clear
  const lastTrick = top.last && top.last.kind === "trick" ? top.last : null;
  const tricks = lastTrick !== null || top.centre.some((z) => z.kind === "trick");
  // and its signs by the turn's line: the trick's cards and their players' names fill the middle
  if (signs.children.length) (tricks ? $("turn-signs") : centre).append(signs);
  const beside = $("beside");
  beside.replaceChildren();
  for (const z of top.centre) if (z.kind !== "trick") (tricks ? beside : centre).append(zoneBox(z));
  if (trickZone) {
    trick.setAttribute("aria-label", [trickZone.label, trickZone.note].filter(Boolean).join(": "));
    drawTrick(trickZone, trick, true);
  } else if (lastTrick) { // the last trick stays where it fell until the next lead
    trick.setAttribute("aria-label", [lastTrick.label, lastTrick.note].filter(Boolean).join(": "));
    drawTrick(lastTrick, trick, false);
    if (lastTrick.note) trick.append(el("p", { class: "last-note" }, lastTrick.note));
  }
  trick.classList.toggle("is-last", !trickZone && !!lastTrick);
  if (top.last && (trickZone || !lastTrick)) { // reviewable while the next trick is played, or a last event
    const b = $("last-button");
    b.hidden = false;
    b.textContent = top.last.label;
  }
  const key = trickKey(top.last);
  if (top.last && key !== lastShown && lastShown !== null && motion.matches) toTaker(top.last);
  lastShown = key;
  onTable = new Set(trickZone ? trickZone.cards.map((c) => c.code + c.seat) : []);
}

// The trick just taken slides to its taker (named in the zone's note) as a stack of backs.
function toTaker(zone) {
  const taker = state.seats.findIndex((s) => zone.note && zone.note.includes(s.name));
  if (taker < 0) return;
  const to = seatBox(taker), felt = $("felt");
  if (!to) return;
  const ghost = el("span", { class: "ghost", style: `left:50%;top:50%`, "aria-hidden": "true" });
  ghost.append(el("span", { class: "back" }));
  ghost.style.setProperty("--tx", `${to.x - felt.clientWidth / 2}px`);
  ghost.style.setProperty("--ty", `${to.y - felt.clientHeight / 2}px`);
  $("felt").append(ghost);
  setTimeout(() => ghost.remove(), 700);
}

function resultTable(rows, points, chips) {
  const t = el("table", { class: "scores" });
  const head = el("tr");
  const cols = [["#", (r, i) => String(i + 1)], [TEXT.player, (r) => r.player + (r.won ? " ★" : "")], [TEXT.handsWon, (r) => String(r.hands_won)]];
  if (points) cols.push([points, (r) => String(r.points)]);
  if (chips) cols.push([TEXT.chips, (r) => String(r.chips)]);
  for (const [h] of cols) head.append(el("th", { scope: "col" }, h));
  t.append(head);
  rows.forEach((r, i) => { const tr = el("tr"); for (const [, f] of cols) tr.append(el("td", {}, f(r, i))); t.append(tr); });
  return t;
}

function handTable(hand) {
  const t = el("table", { class: "scores" });
  const head = el("tr");
  const hasChips = hand.scores.some((s) => s.chips !== null);
  head.append(el("th", { scope: "col" }, TEXT.player));
  if (hand.points) head.append(el("th", { scope: "col" }, hand.points));
  if (hasChips) head.append(el("th", { scope: "col" }, TEXT.chips));
  t.append(head);
  for (const s of hand.scores) {
    const tr = el("tr", { class: s.won ? "won" : "" });
    tr.append(el("td", {}, s.name + (s.won ? " ★" : "")));
    if (hand.points) tr.append(el("td", {}, String(s.points)));
    if (hasChips) tr.append(el("td", {}, String(s.chips)));
    t.append(tr);
  }
  return t;
}

function scoreList(top) {
  const t = el("table", { class: "scores" });
  const head = el("tr");
  head.append(el("th", { scope: "col" }, TEXT.player), el("th", { scope: "col" }, TEXT.score));
  t.append(head);
  for (const p of top.seats) { const tr = el("tr"); tr.append(el("td", {}, p.name), el("td", {}, p.score)); t.append(tr); }
  return t;
}

function trickReview(zone) {
  const box = el("div", { class: "review-trick" });
  for (const c of zone.cards) {
    const fig = el("figure", { "aria-label": TEXT.playedBy(c.text, c.by) });
    fig.append(cardFace(c), el("figcaption", { "aria-hidden": "true" }, c.by));
    box.append(fig);
  }
  if (zone.note) box.append(el("p", {}, zone.note));
  return box;
}

// The seats' scores in one small table (the felt's badges keep them short on a phone).
function renderStanding() {
  const top = state.tabletop;
  const t = $("standing");
  t.replaceChildren();
  $("standing-title").textContent = top ? TEXT.scores : "";
  if (!top) return;
  const tricks = top.seats.some((p) => p.tricks !== null);
  const head = el("tr");
  for (const h of [TEXT.player, ...(tricks ? [TEXT.tricksTaken] : []), TEXT.score]) head.append(el("th", { scope: "col" }, h));
  t.append(head);
  for (const p of top.seats) {
    const tr = el("tr", { class: p.marks.includes("to_act") ? "to-act" : "" });
    tr.append(el("td", {}, p.name));
    if (tricks) tr.append(el("td", {}, p.tricks === null ? "" : String(p.tricks)));
    tr.append(el("td", {}, p.score));
    t.append(tr);
  }
}

function renderResults() {
  $("results-title").hidden = !state.hands.length && !state.outcome; // no heading over nothing
  $("results").replaceChildren(...state.hands.map((h) => el("li", { value: h.number }, h.summary)));
  const final = $("final");
  final.replaceChildren();
  if (state.outcome) {
    final.append(el("h3", {}, TEXT.final), el("p", { class: "summary" }, state.outcome.summary),
      resultTable(state.outcome.rows, state.outcome.points, state.outcome.chips));
    if (state.recorded) final.append(el("p", { class: "muted" }, state.recorded));
  }
}

// At a hand's end (and the game's) the table pauses on a summary with names until "continue".
function pauseAtHandEnd() {
  const done = state.hands.length;
  if (localStorage.getItem(seenKey) === null) localStorage.setItem(seenKey, String(done)); // joined after them
  const seen = Number(localStorage.getItem(seenKey));
  const ended = state.outcome ? done + 1 : done;
  if (ended <= seen || $("pause").open) return;
  localStorage.setItem(seenKey, String(ended));
  const body = $("pause-body");
  body.replaceChildren();
  const hand = state.hands[done - 1];
  const top = state.tabletop;
  if (state.outcome) {
    $("pause-title").textContent = TEXT.gameOver;
    body.append(el("p", { class: "summary" }, state.outcome.summary), resultTable(state.outcome.rows, state.outcome.points, state.outcome.chips));
    $("pause-close").textContent = TEXT.close;
  } else {
    $("pause-title").textContent = TEXT.handOver(hand.number);
    $("pause-close").textContent = TEXT.continue;
  }
  // the game's own words for the hand (who took the last trick, who scored what), else its summary
  if (top && top.result.length) { const ul = el("ul", { class: "summary" }); for (const r of top.result) ul.append(el("li", {}, r)); body.append(ul); }
  else if (hand) body.append(el("p", { class: "summary" }, hand.summary));
  if (top && top.last) body.append(el("h3", {}, top.last.label), trickReview(top.last));
  if (hand && (hand.points || hand.scores.some((x) => x.chips !== null))) body.append(handTable(hand));
  else if (top && !state.outcome) body.append(scoreList(top)); // where a hand scores no points: the match so far
  $("pause").showModal();
  if (!state.outcome && state.seat !== null) send({ type: "reading", hands: done }); // the bots wait for us
}

function renderLog() {
  const log = $("log");
  log.replaceChildren(...state.log.map((e) => el("li", {}, e.text)));
  log.scrollTop = log.scrollHeight;
}

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

function turnLine() {
  const top = state.tabletop;
  if (state.outcome) return `${TEXT.gameOver}: ${state.outcome.summary}`;
  const me = state.seat === null ? null : nameOf(state.seat);
  const others = state.reading.filter((name) => name !== me); // she reads her own summary: she waits for nobody
  if (others.length && !state.yours) return TEXT.reading(others.join(", "));
  if (top && top.decision && top.decision.text) return capital(top.decision.text);
  if (state.yours) return TEXT.yourTurn;
  const asked = top ? top.seats.filter((p) => p.marks.includes("to_act")).map((p) => p.name) : [];
  return asked.length ? TEXT.waitingFor(asked.join(", ")) : "";
}

function render() {
  if (!state) return;
  const me = state.seat === null ? null : nameOf(state.seat);
  document.title = `${state.game}: ${me === null ? TEXT.watching : me}`;
  $("title").textContent = state.game;
  const heading = state.tabletop ? state.tabletop.heading : "";
  $("heading").textContent = heading.startsWith(state.game) ? heading.slice(state.game.length).replace(/^\s*·\s*/, "") : heading;
  $("felt-title").textContent = TEXT.table;
  $("status").textContent = me === null ? TEXT.watching : TEXT.youAre(me);
  const turn = $("turn");
  turn.classList.toggle("yours", state.yours);
  turn.textContent = turnLine();
  const detail = state.yours && !state.outcome && state.tabletop && state.tabletop.decision ? state.tabletop.decision.detail : "";
  $("detail").textContent = detail || "";
  $("typed").hidden = !state.yours;
  renderFelt();
  renderHand();
  renderActions();
  renderStanding();
  renderResults();
  renderLog();
  pauseAtHandEnd();
  // a reload or another device of this seat: nobody reads here any more, the table need not wait
  if (state.seat !== null && !$("pause").open && state.reading.includes(nameOf(state.seat))) send({ type: "continue" });
  for (const n of state.notes) if (!render.seen.has(n.n)) { render.seen.add(n.n); notice(n.text); }
}
render.seen = new Set();

function tick() {
  const clock = $("clock");
  if (clockEnd === null || !state || !state.clock) { clock.textContent = ""; return; }
  const left = Math.max(0, (clockEnd - performance.now()) / 1000).toFixed(1);
  if (state.clock.kind === "answer") clock.textContent = state.yours ? TEXT.answerClockYou(left) : TEXT.answerClock(left);
  else clock.textContent = TEXT.moveClock(state.clock.seat === state.seat ? TEXT.you : nameOf(state.clock.seat), left);
  clock.classList.toggle("urgent", left < 3);
}
setInterval(tick, 100);

function receive(event) {
  const msg = JSON.parse(event.data);
  if (msg.type === "words") {
    useWords(msg.page === "fairdeal" ? DEAL : TEXT, msg);
    fillWords(TEXT);
    if (state) render(); else $("status").textContent = TEXT.connected;
  }
  else if (msg.type === "state") {
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
  } else if (msg.type === "error") refused(msg.text);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : ""; // "no such table" comes before the hello
  ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}${query}`);
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify(lang ? { type: "hello", token, lang } : { type: "hello", token }));
    online = true;
    connections++;
    $("status").textContent = TEXT.connected;
  });
  ws.addEventListener("message", receive);
  ws.addEventListener("close", (e) => {
    online = false;
    if (finalError || e.code === 4403 || e.code === 4404) return;
    $("status").textContent = TEXT.reconnecting;
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

$("pause").addEventListener("close", () => { if (state && state.seat !== null && !state.outcome) send({ type: "continue" }); });

$("last-button").addEventListener("click", () => {
  if (!state || !state.tabletop || !state.tabletop.last) return;
  $("review-title").textContent = state.tabletop.last.label;
  $("review-body").replaceChildren(trickReview(state.tabletop.last));
  $("review").showModal();
});

document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || !state || !state.yours || document.querySelector("dialog[open]")) return;
  const b = document.querySelector(`#actions button[data-key="${e.key}"]`);
  if (b) { e.preventDefault(); b.click(); }
  else if (e.key === "/") { e.preventDefault(); $("move").focus(); }
});

pageWords(TEXT, "table"); // the words the server wrote into the page: no English flash before they come
pageWords(DEAL, "fairdeal");
fillWords(TEXT);
if (!token) gone(TEXT.needLink);
else connect();
