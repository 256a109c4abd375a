// Package unionfind keeps a partition of the integers 0..n-1 into disjoint
// sets (a union-find, or disjoint-set forest): join two sets, ask which set
// an element is in. The toolkit's groups of linked regions, connected
// stations, same-colour groups and islands joined by ferries all use it.
//
// A set is named by its smallest member, whatever order the unions came
// in, so code that walks sets by their names is deterministic. It holds
// nothing but the partition: no weights, no graph, no labels of its own.
package unionfind

// Sets is a partition of 0..n-1. The zero value is an empty partition; New
// makes one of n singletons.
type Sets struct {
	parent []int
}

// New returns n sets, each of one element.
func New(n int) *Sets {
	s := &Sets{parent: make([]int, n)}
	s.Reset()
	return s
}

// Len is the number of elements (not of sets).
func (s *Sets) Len() int { return len(s.parent) }

// Reset puts every element back in a set of its own.
func (s *Sets) Reset() {
	for i := range s.parent {
		s.parent[i] = i
	}
}

// Find returns the smallest member of x's set. It shortens the path it
// walks (path halving), so a run of finds is nearly linear.
func (s *Sets) Find(x int) int {
	p := s.parent
	for p[x] != x {
		p[x] = p[p[x]]
		x = p[x]
	}
	return x
}

// Union joins the sets of a and b and says whether they were apart. The
// joined set is named by the smaller of the two names.
func (s *Sets) Union(a, b int) bool {
	ra, rb := s.Find(a), s.Find(b)
	if ra == rb {
		return false
	}
	s.parent[max(ra, rb)] = min(ra, rb)
	return true
}

// Same says whether a and b are in one set.
func (s *Sets) Same(a, b int) bool { return s.Find(a) == s.Find(b) }

// Labels numbers the sets 0, 1, 2 ... in the order of their smallest
// members and returns each element's set number and how many sets there
// are.
func (s *Sets) Labels() (label []int, sets int) {
	label = make([]int, len(s.parent))
	for i := range label {
		r := s.Find(i)
		if r == i {
			label[i] = sets
			sets++
			continue
		}
		label[i] = label[r] // r < i: numbered already
	}
	return label, sets
}
