"use strict";
// A tournament's standings, read again every few seconds.
// The link's token opens one tournament's standings; the server names the tournament.
const token = location.pathname.split("/").pop();

function cell(tag, text) { const c = document.createElement(tag); c.textContent = text; return c; }

function fill(table, rows) {
  const head = document.createElement("tr");
  for (const h of ["#", "player", "games", "won", "hands won", "points", "chips"]) head.append(cell("th", h));
  const lines = rows.map((r, i) => {
    const tr = document.createElement("tr");
    for (const v of [i + 1, r.player, r.games, r.games_won, r.hands_won, r.points, r.chips]) tr.append(cell("td", String(v)));
    return tr;
  });
  table.replaceChildren(head, ...lines);
}

async function refresh() {
  try {
    const res = await fetch("/api/scores/" + encodeURIComponent(token));
    const data = await res.json();
    if (!res.ok) { document.getElementById("error").textContent = data.error; return; }
    document.getElementById("title").textContent = "Scoreboard: " + data.tournament;
    document.getElementById("error").textContent = "";
    fill(document.getElementById("standings"), data.rows);
    const sections = document.getElementById("sections");
    sections.replaceChildren();
    for (const s of data.sections) {
      const table = document.createElement("table");
      table.className = "scores";
      fill(table, s.rows);
      sections.append(cell("h2", s.title), table);
    }
    document.getElementById("updated").textContent = "updated " + new Date().toLocaleTimeString();
  } catch (e) {
    document.getElementById("error").textContent = "the server cannot be reached; trying again";
  }
}
refresh();
setInterval(refresh, 3000);
