// Package layers holds the test that keeps the module's layering: the
// "may import" table of DESIGN.md's packages, checked against what every
// package of the module imports (go list). It has no code of its own.
package layers
