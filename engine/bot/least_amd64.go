//go:build amd64 && !purego

package bot

// leastVia8 is the least, over the n days whose bit of skip is not set,
// of the sums of one region's fwd cell's lane l and its bwd cell's lane
// 7-l, the cells of day s at stride*s bytes from fwd and bwd
// (least_amd64.s); 2^30-1 where every day is skipped.
//
//go:noescape
func leastVia8(fwd, bwd *int32, stride, n int64, skip uint64) int32
