// Runs a suite `tendays export --format conformance` wrote through the
// engine of a package `--format boardgameio` wrote: every journey's verdict
// and reason, every position's legal moves, must be the suite's.
//
// usage: node boardgameio-conformance.cjs PACKAGE_DIR SUITE.jsonl
// Prints one JSON line: {cases, passed, journeys, positions, failures: [first few]}.
"use strict";
const fs = require("fs");
const path = require("path");

const [dir, suite] = process.argv.slice(2);
const { engine } = require(path.resolve(dir));
const out = { cases: 0, passed: 0, journeys: 0, positions: 0, failures: [] };
for (const line of fs.readFileSync(suite, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  out.cases++;
  let got, want;
  if (c.kind === "legal-moves") {
    out.positions++;
    got = engine.legal(c.state, c.seat);
    want = c.moves;
  } else if (c.kind === undefined) {
    out.journeys++;
    const v = engine.check(c.cards, c.days);
    got = { valid: v.valid, reason: v.reason, fault: v.fault || "", day: v.day || 0, error: !!v.error };
    want = { valid: c.valid, reason: c.reason, fault: c.fault || "", day: c.day || 0, error: !!c.error };
  } else {
    got = "unknown kind";
    want = c.kind;
  }
  if (JSON.stringify(got) === JSON.stringify(want)) out.passed++;
  else if (out.failures.length < 5) out.failures.push({ rule: c.rule, cards: c.cards, want, got });
}
process.stdout.write(JSON.stringify(out) + "\n");
