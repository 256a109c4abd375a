package lint

// Update is -update, for the tests of package lint_test (the registry's,
// which need the pipeline's rules).
var Update = update
