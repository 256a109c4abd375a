package lint

import "github.com/tendays/tendays/diag"

// own is a registry of lint's own rules, for the tests of the rules that
// need none of the derive packages' (those are in the registry the
// pipeline assembles: registry_test.go).
var own = NewRegistry(CoreRules(), RegionRules(), RouteRules())

// check runs lint's own rules on a target.
func check(t *Target) []diag.Finding { return own.Check(t) }
