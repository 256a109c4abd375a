//go:build amd64 && !purego

package bot

// The kernels that weigh a card against the tables of eight lanes
// (weigh_amd64.s): a region's least cost over every day, and a
// transport's on one day.

// leastVia8 is the least, over the n days whose bit of skip is not set,
// of the sums of one region's fwd cell's lane l and its bwd cell's lane
// 7-l, the cells of day s at stride*s bytes from fwd and bwd; 2^30-1
// where every day is skipped.
//
//go:noescape
func leastVia8(fwd, bwd *int32, stride, n int64, skip uint64) int32

// pairTops8 is the least pair (see pair) of top l of a and top 7-l of b,
// over the eight lanes: a group on one map, its tops by lane.
//
//go:noescape
func pairTops8(a, b *int32) int32

// pairTops16 is the least pair of top m of a and top 15-m of b over the
// sixteen masks: a group across maps, its tops by mask.
//
//go:noescape
func pairTops16(a, b *int32) int32

// restPairs8 is the least, over n pairs (three int32s each: the byte
// offsets of a cell in before and of one in after, and the byte offset in
// perms of the pair's maps' two permutations P1 and P2), of the least sum
// of lane l of the first cell and the lesser of lanes P1[l] and P2[l] of
// the second.
//
//go:noescape
func restPairs8(before, after *int32, pairs *restPair, n int64, perms *int32) int32

// viaDays8 is distance.via of one region on n days: out[s] the least sum
// of its fwd cell's lane l and its bwd cell's lane 7-l on day s, the
// cells of day s at stride*s bytes from fwd and bwd (weigh_amd64.s).
//
//go:noescape
func viaDays8(fwd, bwd *int32, stride int64, out *int32, n int64)
