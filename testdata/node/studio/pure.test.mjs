// Unit tests of the studio page's modules that need no page (node --test):
// the journey bar's tokens, the board's view geometry, a game's URL. Run
// by .ci/run; locally: node --test testdata/node/studio/
import { test } from "node:test";
import assert from "node:assert/strict";

import { splitCards, joinCards } from "../../../studio/web/cards.js";
import { fitRect, zoomAbout, nearestToward } from "../../../studio/web/viewbox.js";
import { gameURL } from "../../../studio/web/play.js";

test("the journey bar's text splits at commas, spaces and empty cards dropped", () => {
  assert.deepEqual(splitCards(" OR, car ,AZ,, plane:tan ,"), ["OR", "car", "AZ", "plane:tan"]);
  assert.deepEqual(splitCards(""), []);
  assert.deepEqual(splitCards("New York, ship:atlantic"), ["New York", "ship:atlantic"]);
  assert.equal(joinCards(["OR", "car", "AZ"]), "OR, car, AZ");
  assert.deepEqual(splitCards(joinCards(["New York", "NJ"])), ["New York", "NJ"]);
});

test("a rectangle fitted to a wider box keeps its height and is centred across", () => {
  const v = fitRect(10, 20, 100, 100, 400, 200);
  assert.deepEqual(v, { x: -40, y: 20, w: 200, h: 100 });
  const tall = fitRect(0, 0, 100, 50, 100, 100);
  assert.deepEqual(tall, { x: 0, y: -25, w: 100, h: 100 });
});

test("zooming about a point keeps that point where it is on screen", () => {
  const vb = { x: 0, y: 0, w: 200, h: 100 };
  const z = zoomAbout(vb, 2, 50, 50, 1, 1);
  assert.deepEqual(z, { x: 25, y: 25, w: 100, h: 50 });
  // The point's place in the view, as a share of its width, is unchanged.
  assert.equal((50 - vb.x) / vb.w, (50 - z.x) / z.w);
  // About the centre when no point is given.
  assert.deepEqual(zoomAbout(vb, 2, undefined, undefined, 1, 1), { x: 50, y: 25, w: 100, h: 50 });
});

test("the zoom stays between half the fitted scale and sixty times it", () => {
  const vb = { x: 0, y: 0, w: 100, h: 100 };
  const out = zoomAbout(vb, 0.01, undefined, undefined, 1, 1);
  assert.equal(out.w, 200, "no further out than half the fitted scale");
  const inside = zoomAbout(vb, 1000, undefined, undefined, 1, 1);
  assert.equal(inside.w, 100 / 60, "no further in than 60 times the fitted scale");
});

test("the arrow keys go to the nearest region the way they point", () => {
  const pos = new Map([
    ["A", [0, 0]],
    ["E", [10, 0]],
    ["FarE", [30, 1]],
    ["NE", [7, -7]],
    ["W", [-10, 0]],
  ]);
  const ids = [...pos.keys()];
  assert.equal(nearestToward(pos.get("A"), 1, 0, ids, pos, "A"), "E");
  assert.equal(nearestToward(pos.get("A"), -1, 0, ids, pos, "A"), "W");
  assert.equal(nearestToward(pos.get("A"), 0, 1, ids, pos, "A"), null, "nothing below");
  // Off the arrow counts as farther: E (straight, 10) beats NE (10, 45 degrees off).
  assert.equal(nearestToward(pos.get("A"), 1, 0, ["NE", "E"], pos, "A"), "E");
});

test("a game's URL holds its options and moves, and leaves out the defaults", () => {
  assert.equal(gameURL({ bots: 2, seed: "9516605731998057287", openHands: true, turnCap: 0, swap: "" }, "p0t1"),
    "?play&bots=2&seed=9516605731998057287&open=1&moves=p0t1");
  assert.equal(gameURL({ bots: 1, turnCap: 150, days: 5 }, ""), "?play&bots=1&cap=150&days=5");
  assert.equal(gameURL({ bot: "strong & co" }), "?play&bot=strong%20%26%20co");
});

import { candidates, chooseLabels, cutWords, shortID, wraps } from "../../../studio/web/labels.js";

// Each letter 7 px wide, a space too: a card 50 px wide holds 7 letters a line.
const width7 = (s) => s.length * 7;

test("a name wraps on two lines at spaces; a word wider than the card does not fit", () => {
  assert.equal(wraps("South Dakota", 50, 2, width7), true);
  assert.equal(wraps("South Dakota", 50, 1, width7), false);
  assert.equal(wraps("Massachusetts", 50, 2, width7), false);
  assert.equal(wraps("New Hampshire", 50, 2, width7), false);
  assert.equal(wraps("light-blue", 50, 2, width7), true);
  assert.equal(wraps("light-blue", 50, 1, width7), false);
});

test("a shortened name cuts long words and drops small ones; an id is its last part", () => {
  assert.equal(cutWords("Democratic Republic of the Congo"), "Democ. Repub. Congo");
  assert.equal(cutWords("South Carolina"), "South Carol.");
  assert.equal(shortID("africa.CAF"), "CAF");
  assert.equal(shortID("europe:TUR"), "TUR");
  assert.deepEqual(candidates({ name: "Central African Republic", token: "africa.CAF" }, ["CAF", "Central African Rep.", "africa:CAF"]),
    ["Central African Republic", "Central African Rep.", "Central African Repub.", "CAF", "africa.CAF"]);
});

test("labels fit on two lines and stay unique: South Dakota and South Carolina apart, Mississippi and Missouri too", () => {
  const cards = [
    { name: "South Dakota", token: "SD" }, { name: "South Carolina", token: "SC" },
    { name: "Mississippi", token: "MS" }, { name: "Missouri", token: "MO" }, { name: "Massachusetts", token: "MA" },
  ].map((c) => ({ token: c.token, candidates: candidates(c, []) }));
  const labels = chooseLabels(cards, (label) => wraps(label, 50, 2, width7));
  assert.deepEqual(labels, ["South Dakota", "South Carol.", "Missi.", "Misso.", "Massa."]);
  assert.equal(new Set(labels).size, labels.length);
  // Two copies of one card show one label.
  const twice = chooseLabels([cards[2], cards[2]], (label) => wraps(label, 50, 2, width7));
  assert.deepEqual(twice, ["Missi.", "Missi."]);
  // Nothing fits: the shortest label no other card shows.
  assert.deepEqual(chooseLabels(cards.slice(0, 2), () => false), ["SD", "SC"]);
  const planes = [{ name: "plane:green", token: "plane:green" }, { name: "plane:red", token: "plane:red" }].map((c) => ({ token: c.token, candidates: candidates(c, []) }));
  assert.deepEqual(chooseLabels(planes, (label) => wraps(label, 38, 2, width7)), ["green", "red"]);
});

import { freshLines } from "../../../studio/web/play.js";

test("a long game's log is told to its end: lines are counted from the game's first, past the 200 the server keeps", () => {
  const log = (from, n) => Array.from({ length: n }, (_, i) => `line ${from + i}`);
  // 150 lines said; the server now keeps lines 10 to 209.
  let r = freshLines(150, 10, log(10, 200));
  assert.deepEqual(r.fresh, log(150, 60));
  assert.equal(r.seen, 210);
  // Full for long: lines 300 to 499 kept, the last ones new.
  r = freshLines(497, 300, log(300, 200));
  assert.deepEqual(r.fresh, ["line 497", "line 498", "line 499"]);
  // A new game: its log starts again.
  r = freshLines(0, 0, log(0, 2));
  assert.deepEqual(r.fresh, ["line 0", "line 1"]);
});
