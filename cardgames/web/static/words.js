"use strict";
// A page's words in its connection's language, sent by the server from the framework's catalog
// (cardgames/web/words.py): into ``text`` (the page's TEXT), a text whose placeholders are the
// function's arguments, or a counted text's forms by plural category ("marks.dealer": a nested key).
function useWords(text, msg) {
  const plural = new Intl.PluralRules(msg.lang);
  const fill = (t, args, values) => t.replace(/\{(\w+)\}/g, (m, k) => (args.includes(k) ? values[args.indexOf(k)] : m));
  for (const [key, w] of Object.entries(msg.words)) {
    const path = key.split(".");
    const home = path.length > 1 ? text[path[0]] : text;
    const name = path[path.length - 1];
    if (w.forms) home[name] = (...v) => fill(w.forms[plural.select(v[0])] || w.forms.other, w.args, v);
    else home[name] = w.args.length ? (...v) => fill(w.text, w.args, v) : w.text;
  }
  document.documentElement.lang = msg.lang;
}

// The words the server wrote into the page in the page's language (cardgames/web/pages.py), at hand
// before anything is drawn, and the languages a page may be read in.
const PAGE = JSON.parse((document.getElementById("words") || {}).textContent || "null");
function pageWords(text, page) { if (PAGE && PAGE.pages[page]) useWords(text, PAGE.pages[page]); }

// The page's fixed words (its elements marked data-word="key", its fields' data-placeholder="key") from its TEXT.
function fillWords(text) {
  for (const node of document.querySelectorAll("[data-word]")) {
    const word = text[node.dataset.word];
    if (typeof word === "string") node.textContent = word;
  }
  for (const node of document.querySelectorAll("[data-placeholder]")) {
    const word = text[node.dataset.placeholder];
    if (typeof word === "string") node.placeholder = word;
  }
}

// A choice of the page's language: the page comes again from the server in the language chosen.
function languageSwitcher(select) {
  if (!PAGE) return;
  for (const [code, name] of Object.entries(PAGE.languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name[0].toUpperCase() + name.slice(1);
    select.append(option);
  }
  select.value = PAGE.lang;
  select.addEventListener("change", () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.assign(url);
  });
}

// The page's language, for the server's answers to its requests (?lang=…).
function langQuery() { return "lang=" + encodeURIComponent(document.documentElement.lang || "en"); }
