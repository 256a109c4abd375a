// The whole of what a JavaScript user runs to check one document with Ajv
// (draft 2020-12, default options): compile the schema, parse the
// document, validate. scripts/bench/lint_ajv.sh times it as a process
// beside `tendays lint` on the same pack.
//
//   node ajv-one.cjs SCHEMA DOCUMENT     exit 0 valid, 1 not (errors on stdout)
"use strict";
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;

const [schemaFile, docFile] = process.argv.slice(2);
const validate = new Ajv2020({ allErrors: true }).compile(JSON.parse(fs.readFileSync(schemaFile, "utf8")));
if (!validate(JSON.parse(fs.readFileSync(docFile, "utf8")))) {
  process.stdout.write(JSON.stringify(validate.errors.slice(0, 10)) + "\n");
  process.exitCode = 1;
}
