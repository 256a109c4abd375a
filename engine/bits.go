package engine

// bitMatrix is a square relation over region indexes, one bit a pair, rows
// of w 64-bit words.
type bitMatrix struct {
	w    int
	bits []uint64
}

func newBitMatrix(n int) bitMatrix {
	w := (n + 63) / 64
	return bitMatrix{w: w, bits: make([]uint64, n*w)}
}

func (m bitMatrix) has(a, b int) bool {
	return m.bits[a*m.w+b>>6]>>(uint(b)&63)&1 != 0
}

func (m bitMatrix) set(a, b int) {
	m.bits[a*m.w+b>>6] |= 1 << (uint(b) & 63)
}

// setBoth sets a–b both ways.
func (m bitMatrix) setBoth(a, b int) {
	m.set(a, b)
	m.set(b, a)
}

// row returns the neighbours of a, in increasing order.
func (m bitMatrix) row(a, n int) []int {
	var out []int
	for b := range n {
		if m.has(a, b) {
			out = append(out, b)
		}
	}
	return out
}
