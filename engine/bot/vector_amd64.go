//go:build amd64 && !purego

package bot

import "golang.org/x/sys/cpu"

// haveVector reports whether the machine runs the AVX2 kernels (the
// operating system saving the registers too, which cpu checks).
var haveVector = cpu.X86.HasAVX2

// sweepRow8 fills a row of eight-lane cells as distance.sweep does, but
// for the rest kinds and ships (vector_amd64.s).
//
//go:noescape
func sweepRow8(p *rowPlan)

// groupTops8 fills a day's tops from a row of eight-lane cells as
// distance.tops does, and the spanning groups' copies by lane
// (vector_amd64.s).
//
//go:noescape
func groupTops8(p *topsPlan)
