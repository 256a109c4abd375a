package adjacency

// radixSort sorts keys ascending, carrying vals along, with a least
// significant digit radix sort of 8-bit digits. Passes in which every key
// has the same digit are skipped, so small keys cost few passes. It is
// several times faster than a comparison sort on the million-key inputs
// adjacency sees, and stable.
func radixSort(keys []uint64, vals []uint32) {
	n := len(keys)
	if n < 2 {
		return
	}
	if n < 64 {
		insertionSort(keys, vals)
		return
	}
	var counts [8][256]int
	for _, k := range keys {
		for d := range 8 {
			counts[d][byte(k>>(8*d))]++
		}
	}
	tk := make([]uint64, n)
	tv := make([]uint32, n)
	srcK, srcV, dstK, dstV := keys, vals, tk, tv
	for d := range 8 {
		c := &counts[d]
		if c[byte(keys[0]>>(8*d))] == n {
			continue // every key has this digit
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		shift := uint(8 * d)
		for i, k := range srcK {
			b := byte(k >> shift)
			j := c[b]
			c[b]++
			dstK[j] = k
			dstV[j] = srcV[i]
		}
		srcK, srcV, dstK, dstV = dstK, dstV, srcK, srcV
	}
	if &srcK[0] != &keys[0] {
		copy(keys, srcK)
		copy(vals, srcV)
	}
}

func insertionSort(keys []uint64, vals []uint32) {
	for i := 1; i < len(keys); i++ {
		k, v := keys[i], vals[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], vals[j] = keys[j-1], vals[j-1]
		}
		keys[j], vals[j] = k, v
	}
}

// radixSortHigh32 sorts values by their high 32 bits (the low 32 bits ride
// along as payload), in four 8-bit passes.
func radixSortHigh32(a []uint64) {
	n := len(a)
	if n < 2 {
		return
	}
	var counts [4][256]int
	for _, k := range a {
		counts[0][byte(k>>32)]++
		counts[1][byte(k>>40)]++
		counts[2][byte(k>>48)]++
		counts[3][byte(k>>56)]++
	}
	tmp := make([]uint64, n)
	src, dst := a, tmp
	for d := range 4 {
		c := &counts[d]
		shift := uint(32 + 8*d)
		if c[byte(a[0]>>shift)] == n {
			continue
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for _, k := range src {
			b := byte(k >> shift)
			dst[c[b]] = k
			c[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &a[0] {
		copy(a, src)
	}
}
