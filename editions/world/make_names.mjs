// Writes names.json: each country's name in other languages, by ISO 3166-1
// alpha-3 code (the iso_a3 of countries.topojson), the short form where
// the package has one (Duitsland, not Bondsrepubliek Duitsland), from the npm package
// i18n-iso-countries (MIT). `tendays init --borders world` fills an
// edition's regions.translations from it.
//
//   npm install i18n-iso-countries@7.14.0 && node make_names.mjs OUT.json
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";

const require = createRequire(import.meta.url);
const countries = require("i18n-iso-countries");
// The languages the series was published in and the most spoken others,
// with every script the printing covers (Arabic, Hebrew, Devanagari, CJK).
const langs = ["ar", "de", "el", "es", "fr", "he", "hi", "it", "ja", "ko", "nl", "pl", "pt", "ru", "sv", "th", "tr", "uk", "zh"];
for (const l of langs) countries.registerLocale(require(`i18n-iso-countries/langs/${l}.json`));
const out = {};
for (const a3 of Object.keys(countries.getAlpha3Codes()).sort()) {
  const names = {};
  for (const l of langs) {
    let n = countries.getName(a3, l, { select: "alias" });
    if (Array.isArray(n)) n = n[0];
    if (n) names[l] = n;
  }
  out[a3] = names;
}
writeFileSync(process.argv[2], JSON.stringify(out, null, 0) + "\n");
