"use strict";
// The lobby: choose a game, its preset and options, who sits where; get one link per seat.
// The page's own words (the HTML's carry data-word="key"); the server sends them in the browser's language.
const TEXT = {
  whoSits: "who sits here",
  person: "a person",
  bot: (name) => `bot: ${name}`,
  name: "name",
  language: "language of this seat's table",
  remove: "remove this seat",
  byDefault: "(default)",
  players: (low, high) => `${low}–${high} players`,
  option: (name, value, doc) => `${name} (default ${value}): ${doc}`,
  copy: "copy",
  spectators: "Spectators",
  scoreboard: (name) => `Scoreboard of ${name}`,
  seedNumber: "the seed is a whole number",
  title: "cardgames: open a table",
  host: "Host",
  pageLanguage: "Language of this page",
};
let games = [];
let languages = {}; // the languages a table speaks, by code, each in its own words
let language = "en"; // the page's (its ?lang=, else the browser's): each person's link speaks it unless changed
const $ = (id) => document.getElementById(id);

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function current() { return games.find((g) => g.id === $("game").value); }

function seatRow(kind, name) {
  const game = current();
  const li = el("li");
  const select = el("select", { "aria-label": TEXT.whoSits, class: "seat-kind" });
  select.append(el("option", { value: "" }, TEXT.person));
  for (const bot of game.bots) select.append(el("option", { value: bot }, TEXT.bot(bot)));
  select.value = kind || "";
  const input = el("input", { "aria-label": TEXT.name, class: "seat-name", maxlength: "40", placeholder: TEXT.name });
  input.value = name || "";
  const lang = el("select", { "aria-label": TEXT.language, class: "seat-lang" });
  for (const [code, words] of Object.entries(languages)) lang.append(el("option", { value: code }, words[0].toUpperCase() + words.slice(1)));
  lang.value = language;
  const remove = el("button", { type: "button", "aria-label": TEXT.remove }, "✕");
  remove.addEventListener("click", () => { if ($("seats").children.length > game.players[0]) li.remove(); });
  const sync = () => { input.hidden = lang.hidden = select.value !== ""; };
  select.addEventListener("change", sync);
  sync();
  li.append(select, input, lang, remove);
  return li;
}

function showGame() {
  const game = current();
  $("summary").textContent = `${game.summary} (${TEXT.players(game.players[0], game.players[1])})`;
  const preset = $("preset");
  preset.replaceChildren(el("option", { value: "" }, TEXT.byDefault));
  for (const p of game.presets) preset.append(el("option", { value: p }, p));
  if (game.default_preset) preset.value = game.default_preset;
  $("option-list").replaceChildren(...game.options.map((o) => el("li", {}, TEXT.option(o.name, o.default, o.doc))));
  const seats = $("seats");
  seats.replaceChildren(seatRow("", TEXT.host));
  const bot = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  for (let i = 1; i < game.default_players; i++) seats.append(seatRow(bot));
}

async function load() {
  const res = await fetch("/api/games?" + langQuery());
  const data = await res.json();
  games = data.games;
  languages = data.languages;
  language = data.language;
  const select = $("game");
  for (const g of games) select.append(el("option", { value: g.id }, g.name));
  select.addEventListener("change", showGame);
  showGame();
}

function addLink(label, url) {
  const li = el("li");
  li.append(el("strong", {}, label + ": "));
  const a = el("a", { href: url, target: "_blank", rel: "noopener" }, url);
  const copy = el("button", { type: "button" }, TEXT.copy);
  copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(url));
  li.append(a, " ", copy);
  $("link-list").append(li);
}

async function submit(event) {
  event.preventDefault();
  $("error").textContent = "";
  const langs = [...$("seats").children].filter((li) => !li.querySelector(".seat-kind").value)
    .map((li) => li.querySelector(".seat-lang").value);
  const seats = [...$("seats").children].map((li) => {
    const bot = li.querySelector(".seat-kind").value;
    return bot ? { bot } : { name: li.querySelector(".seat-name").value.trim() };
  });
  const options = $("options").value.split(",").map((s) => s.trim()).filter(Boolean);
  const body = { game: $("game").value, preset: $("preset").value || null, options, seats,
                 tournament: $("tournament").value.trim() || null };
  body.contributions = $("contributions").checked;
  const position = $("position").value.trim();
  if (position) body.position = position;
  const seed = $("seed").value.trim();
  if (seed) {
    if (!/^[0-9]+$/.test(seed)) { $("error").textContent = TEXT.seedNumber; return; }
    body.seed = Number(seed);
  }
  const res = await fetch("/api/tables?" + langQuery(), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) { $("error").textContent = data.error; return; }
  $("link-list").replaceChildren();
  const base = `${location.origin}/t/${data.table}`;
  let person = 0; // the people's seats come back in the order they were asked for
  for (const s of data.seats) {
    if (s.token) addLink(s.name, `${base}?lang=${langs[person++]}#seat=${s.token}`);
  }
  addLink(TEXT.spectators, `${base}#watch=${data.watch}`);
  if (data.scoreboard) addLink(TEXT.scoreboard(body.tournament), `${location.origin}/scores/${data.scoreboard}?${langQuery()}`);
  $("links").hidden = false;
  $("links").scrollIntoView();
}

$("add-person").addEventListener("click", () => { if ($("seats").children.length < current().players[1]) $("seats").append(seatRow("", "")); });
$("add-bot").addEventListener("click", () => { if ($("seats").children.length < current().players[1]) $("seats").append(seatRow(current().bots[0])); });
$("open").addEventListener("submit", submit);
// the page's words in its language (?lang=, else the browser's), written into it by the server
pageWords(TEXT, "lobby");
fillWords(TEXT);
languageSwitcher($("page-lang"));
load();
