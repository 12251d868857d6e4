"use strict";
// The fair deal's words (the server sends them in the connection's language, as the table's).
const DEAL = {
  adding: (commitment, names) => `Adding your random value to the deal (commitment ${commitment}…); waiting for ${names}.`,
  missing: "Your commitment is missing from the deal: do not play this game.",
  revealing: (names) => `Every seat has committed; revealing values (waiting for ${names}).`,
  dealtWithYours: (commitment) => `Dealt with your browser's value (commitment ${commitment}…).`,
  dealtWith: (n, commitment) => `Dealt with the values of ${n} browsers, yours included (commitment ${commitment}…).`,
  inDeal: (value) => `Your value ${value} is in the deal: check the game with cardgames verify.`,
  notInDeal: "Your value is NOT among the values this game was dealt with: it was not dealt fairly.",
  othersAdding: (names) => `Waiting for every seat to add to the deal: ${names}.`,
};
// A provably fair deal (docs/fair-deal.md#a-browser-table): this browser adds 32 random bytes
// of its own to the deal. It sends their SHA-256 first and the bytes only once every seat has
// committed; when the game is over it checks that its bytes are among those the game was dealt with.

const SHA256_K = new Uint32Array([0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5,0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5,0xd807aa98,0x12835b01,0x243185be,0x550c7dc3,0x72be5d74,0x80deb1fe,0x9bdc06a7,0xc19bf174,0xe49b69c1,0xefbe4786,0x0fc19dc6,0x240ca1cc,0x2de92c6f,0x4a7484aa,0x5cb0a9dc,0x76f988da,0x983e5152,0xa831c66d,0xb00327c8,0xbf597fc7,0xc6e00bf3,0xd5a79147,0x06ca6351,0x14292967,0x27b70a85,0x2e1b2138,0x4d2c6dfc,0x53380d13,0x650a7354,0x766a0abb,0x81c2c92e,0x92722c85,0xa2bfe8a1,0xa81a664b,0xc24b8b70,0xc76c51a3,0xd192e819,0xd6990624,0xf40e3585,0x106aa070,0x19a4c116,0x1e376c08,0x2748774c,0x34b0bcb5,0x391c0cb3,0x4ed8aa4a,0x5b9cca4f,0x682e6ff3,0x748f82ee,0x78a5636f,0x84c87814,0x8cc70208,0x90befffa,0xa4506ceb,0xbef9a3f7,0xc67178f2]);
const SHA256_H = [0x6a09e667,0xbb67ae85,0x3c6ef372,0xa54ff53a,0x510e527f,0x9b05688c,0x1f83d9ab,0x5be0cd19];

// SHA-256 of bytes, as hex (here rather than crypto.subtle, which a page served over plain
// http on a home network does not have)
function sha256Hex(bytes) {
  const length = bytes.length;
  const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length << 3) >>> 0);
  const h = SHA256_H.slice();
  const w = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let at = 0; at < padded.length; at += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(at + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + SHA256_K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      k = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, k].forEach((x, i) => { h[i] = (h[i] + x) >>> 0; });
  }
  return h.map((x) => x.toString(16).padStart(8, "0")).join("");
}

function hexOf(bytes) { return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join(""); }
function bytesOf(hex) { return new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16))); }

// This seat's value, kept across a reload (a value committed to must be the one sent later).
function dealValue(tableId, token) {
  const key = `cardgames-deal:${tableId}:${sha256Hex(new TextEncoder().encode(token))}`;
  let value = localStorage.getItem(key);
  if (!value || !/^[0-9a-f]{64}$/.test(value)) {
    value = hexOf(crypto.getRandomValues(new Uint8Array(32)));
    localStorage.setItem(key, value);
  }
  return value;
}

// What the page says of the deal, and what it sends: called with every state message.
function fairDeal(state, tableId, token, send) {
  const deal = state.deal;
  const line = document.getElementById("deal");
  if (!deal || state.seat === null || state.seat === undefined) {
    line.textContent = deal && deal.phase !== "dealt" ? DEAL.othersAdding(deal.waiting.join(", ")) : "";
    return;
  }
  const value = dealValue(tableId, token);
  const commitment = sha256Hex(bytesOf(value));
  if (deal.phase === "commit") {
    if (deal.mine !== commitment) send({ type: "commit", commitment });
    line.textContent = DEAL.adding(commitment.slice(0, 16), deal.waiting.join(", "));
  } else if (deal.phase === "reveal") {
    if (!deal.commitments.includes(commitment)) { line.textContent = DEAL.missing; return; }
    fairDeal.seen = deal.commitments;
    if (!deal.revealed) send({ type: "reveal", value });
    line.textContent = DEAL.revealing(deal.waiting.join(", "));
  } else if (deal.contributions === 0) {
    line.textContent = "";
  } else if (!state.over) {
    const short = commitment.slice(0, 16);
    line.textContent = deal.contributions === 1 ? DEAL.dealtWithYours(short) : DEAL.dealtWith(deal.contributions, short);
  } else {
    const mine = deal.values.includes(value);
    line.textContent = mine
      ? DEAL.inDeal(value)
      : DEAL.notInDeal;
    line.dataset.check = mine ? "ok" : "bad";
  }
}
