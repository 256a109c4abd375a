//go:build !amd64 || purego

package bot

func leastVia8(*int32, *int32, int64, int64, uint64) int32 { panic(noKernel) }
func pairTops8(*int32, *int32) int32                       { panic(noKernel) }
func pairTops16(*int32, *int32) int32                      { panic(noKernel) }
func restPairs8(*int32, *int32, *restPair, int64, *int32) int32 {
	panic(noKernel)
}

func viaDays8(*int32, *int32, int64, *int32, int64) { panic(noKernel) }

const noKernel = "bot: no vector kernel on this machine"
