// Reads GeoJSON and TopoJSON files with mapshaper (through its applyCommands
// API, as its command line does), one layer a GeoJSON file or a TopoJSON
// object, and has it measure every feature: this.area (square metres on
// the sphere for longitude/latitude data; mapshaper winds outer rings
// clockwise and counts a ring wound the other way as a hole, so a polygon
// wound wrongly measures 0 or less) and this.partCount.
//
//   node mapshaper-read.cjs FILE...
//
// Prints one JSON object on stdout: {"mapshaper": VERSION, "messages":
// [what mapshaper printed: warnings and notes], "files": {FILE: {LAYER:
// [{area, parts, properties}]}}}.
"use strict";
const fs = require("fs");
const path = require("path");
const mapshaper = require("mapshaper");

const messages = [];
for (const k of ["log", "warn", "error", "info"]) {
  console[k] = (...args) => messages.push(args.map(String).join(" "));
}

(async () => {
  const files = {};
  for (const file of process.argv.slice(2)) {
    const name = "in" + path.extname(file);
    const out = await mapshaper.applyCommands(
      `-i ${name} -each "_area=this.area, _parts=this.partCount" target=* -o format=json target=*`,
      { [name]: fs.readFileSync(file, "utf8") },
    );
    const layers = {};
    for (const [k, v] of Object.entries(out)) {
      layers[k.replace(/\.json$/, "")] = JSON.parse(v).map((row) => {
        const { _area, _parts, ...properties } = row;
        return { area: _area, parts: _parts, properties };
      });
    }
    files[file] = layers;
  }
  process.stdout.write(JSON.stringify({ mapshaper: require("mapshaper/package.json").version, messages, files }) + "\n");
})().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + "\n");
  process.exit(1);
});
