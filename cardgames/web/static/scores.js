"use strict";
// A tournament's standings, read again every few seconds: a table per game and scoring mode, ranked
// the game's way (the table's own result ranks the same way), then the overall view of games won.
// The link's token opens one tournament's standings; the server names the tournament.
const TEXT = {
  pageTitle: "cardgames: scoreboard",
  heading: "Scoreboard",
  pageLanguage: "Language of this page",
  title: (name) => `Scoreboard: ${name}`,
  overall: "Overall",
  player: "player",
  games: "games",
  won: "games won",
  handsWon: "hands won",
  chips: "chips",
  updated: (time) => `updated ${time}`,
  unreachable: "the server cannot be reached; trying again",
  nothing: "No game of this tournament has been recorded yet.",
};
const token = location.pathname.split("/").pop();

function cell(tag, text) { const c = document.createElement(tag); c.textContent = text; return c; }

// One ranked table: the points column only where the points are of one game (named by its unit).
function fill(table, rows, points, chips) {
  const cols = [["#", (r, i) => i + 1], [TEXT.player, (r) => r.player], [TEXT.games, (r) => r.games],
    [TEXT.won, (r) => r.games_won], [TEXT.handsWon, (r) => r.hands_won]];
  if (points) cols.push([points, (r) => r.points]);
  if (chips) cols.push([TEXT.chips, (r) => r.chips]);
  const head = document.createElement("tr");
  for (const [h] of cols) { const th = cell("th", h); th.scope = "col"; head.append(th); }
  const lines = rows.map((r, i) => {
    const tr = document.createElement("tr");
    for (const [, f] of cols) tr.append(cell("td", String(f(r, i))));
    return tr;
  });
  table.replaceChildren(head, ...lines);
}

// the page's words in its language (the link's ?lang=, else the browser's), written into it by the server
pageWords(TEXT, "scores");
languageSwitcher(document.getElementById("page-lang"));

async function refresh() {
  try {
    const res = await fetch("/api/scores/" + encodeURIComponent(token) + "?" + langQuery());
    const data = await res.json();
    if (!res.ok) { document.getElementById("error").textContent = data.error; return; }
    document.getElementById("title").textContent = TEXT.title(data.tournament);
    document.getElementById("error").textContent = "";
    const box = document.getElementById("sections");
    box.replaceChildren();
    for (const s of data.sections) {
      const table = document.createElement("table");
      table.className = "scores";
      fill(table, s.rows, s.points, s.chips);
      box.append(cell("h2", s.title), table);
    }
    const several = data.sections.length > 1;
    document.getElementById("overall-title").textContent = several ? TEXT.overall : "";
    document.getElementById("overall-title").hidden = !several;
    const overall = document.getElementById("standings");
    overall.hidden = !several;
    if (several) fill(overall, data.rows, null, data.sections.some((s) => s.chips));
    if (!data.sections.length) box.append(cell("p", TEXT.nothing));
    document.getElementById("updated").textContent = TEXT.updated(new Date().toLocaleTimeString(document.documentElement.lang));
  } catch (e) {
    document.getElementById("error").textContent = TEXT.unreachable;
  }
}
refresh();
setInterval(refresh, 3000);
