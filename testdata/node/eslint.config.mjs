// ESLint for the studio's page (studio/web, plain ES modules in a browser)
// and the Node.js scripts the tests run (testdata/node). .ci/run runs it
// from the module root:
//   testdata/node/node_modules/.bin/eslint -c testdata/node/eslint.config.mjs
// so that the patterns below are relative to the module root.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["testdata/node/node_modules/**"] },
  js.configs.recommended,
  {
    files: ["studio/web/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["testdata/node/**/*.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.node },
  },
  {
    files: ["testdata/node/**/*.cjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "commonjs", globals: globals.node },
  },
  {
    // An error caught to be turned into the page's message needs no name.
    rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
];
