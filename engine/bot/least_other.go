//go:build !amd64 || purego

package bot

func leastVia8(*int32, *int32, int64, int64, uint64) int32 {
	panic("bot: no vector kernel on this machine")
}
