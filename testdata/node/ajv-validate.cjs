// Validates documents against the tendays JSON Schemas with Ajv (draft
// 2020-12), as a JavaScript user would: Ajv's default options (strict
// schema, strict types logged), every error reported, and the patterns
// compiled as ECMA-262 regular expressions with the u flag (Ajv's default).
// Ajv's warnings are collected, not printed, so the test can require there
// are none.
//
//   node ajv-validate.cjs PACK_SCHEMA EDITION_SCHEMA LIST.json
//
// LIST.json is [{"schema": "pack"|"edition", "file": PATH}, ...]; the
// output, on stdout, is {"ajv": VERSION, "warnings": [...], "results":
// [{"file", "valid", "errors"}]}. Exit 0 when every document is valid.
"use strict";
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const [packSchema, editionSchema, listFile] = process.argv.slice(2);
const warnings = [];
const note = (...args) => warnings.push(args.map(String).join(" "));
const ajv = new Ajv2020({
  allErrors: true,
  logger: { log: note, warn: note, error: note },
});
addFormats(ajv);
const schemas = {};
for (const [name, file] of [["pack", packSchema], ["edition", editionSchema]]) {
  schemas[name] = ajv.compile(JSON.parse(fs.readFileSync(file, "utf8")));
}
const results = [];
let ok = true;
for (const { schema, file } of JSON.parse(fs.readFileSync(listFile, "utf8"))) {
  const validate = schemas[schema];
  const valid = validate(JSON.parse(fs.readFileSync(file, "utf8")));
  ok = ok && valid;
  results.push({ file, schema, valid, errors: valid ? [] : validate.errors.slice(0, 10) });
}
process.stdout.write(JSON.stringify({ ajv: require("ajv/package.json").version, warnings, results }) + "\n");
process.exitCode = ok ? 0 : 1;
