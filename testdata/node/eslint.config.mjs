// ESLint for the studio's page (studio/web, plain ES modules in a browser),
// the JavaScript the engine's exports carry (jsengine/*/js) and the Node.js
// scripts the tests run (testdata/node). .ci/run runs it
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
    // The JavaScript the boardgameio and site exports carry
    // (jsengine/*/js): the package's modules for Node (CommonJS and ESM)
    // and for a page, and the site's classic script.
    files: ["jsengine/boardgameio/js/**/*.cjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "commonjs", globals: globals.node },
  },
  {
    files: ["jsengine/boardgameio/js/index.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.node },
  },
  {
    files: ["jsengine/boardgameio/js/browser.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["jsengine/site/js/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "script", globals: globals.browser },
  },
  {
    // An error caught to be turned into the page's message needs no name;
    // a field taken out of an object to leave the rest (a view without
    // the secret) is not a value to use.
    rules: { "no-unused-vars": ["error", { caughtErrors: "none", ignoreRestSiblings: true }] },
  },
];
