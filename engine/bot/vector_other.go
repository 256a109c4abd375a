//go:build !amd64 || purego

package bot

// haveVector is false: the loops of distance.go sweep every row.
const haveVector = false

func sweepRow8(*rowPlan)   { panic("bot: no vector kernel on this machine") }
func groupTops8(*topsPlan) { panic("bot: no vector kernel on this machine") }
