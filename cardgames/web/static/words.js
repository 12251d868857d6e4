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
