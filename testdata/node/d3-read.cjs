// Reads GeoJSON and TopoJSON exports as a d3 web map does: each TopoJSON
// object is turned into features by topojson-client, and every feature is
// measured by d3-geo (geoArea, in steradians: the sphere is 4π, so a
// polygon wound the wrong way measures more than 2π) and drawn by geoPath
// in a projection fitted to its layer.
//
//   node d3-read.cjs FILE...
//
// Prints one JSON object on stdout: for each file, its layers (a TopoJSON
// object, or a GeoJSON's features grouped by their "layer" property), each
// a list of features {id, type, area, drawn, properties}, where drawn is the
// length of the SVG path d3 draws (0 for nothing); a TopoJSON file adds
// {"arcs": N, "quantized": bool} under "(topology)".
"use strict";
const fs = require("fs");
const d3 = require("d3-geo");
const topojson = require("topojson-client");

function measure(features) {
  const drawable = { type: "FeatureCollection", features: features.filter((f) => f.geometry) };
  const path = d3.geoPath(d3.geoEqualEarth().fitSize([960, 600], drawable));
  return features.map((f) => {
    const g = f.geometry;
    const polygon = g && (g.type === "Polygon" || g.type === "MultiPolygon");
    return {
      id: f.id === undefined ? null : f.id,
      type: g ? g.type : null,
      area: polygon ? d3.geoArea(f) : 0,
      drawn: g ? (path(f) || "").length : 0,
      properties: f.properties || {},
    };
  });
}

const result = {};
for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(fs.readFileSync(file, "utf8"));
  const layers = {};
  if (doc.type === "Topology") {
    for (const [name, object] of Object.entries(doc.objects)) {
      layers[name] = measure(topojson.feature(doc, object).features);
    }
    layers["(topology)"] = { arcs: doc.arcs.length, quantized: !!doc.transform };
  } else {
    const by = {};
    for (const f of doc.features) {
      const l = (f.properties || {}).layer || "";
      (by[l] = by[l] || []).push(f);
    }
    for (const [name, features] of Object.entries(by)) layers[name] = measure(features);
  }
  result[file] = layers;
}
process.stdout.write(JSON.stringify(result) + "\n");
