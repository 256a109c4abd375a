package derive

import (
	"sync"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
)

// BordersCache keeps borders files already parsed, so that a rebuild after
// an edit to edition.yaml alone (build --watch, the studio) does not parse
// the geometry again. An entry is found by the file's content hash, the name
// its findings carry and the options it was read with: a file edited, renamed
// or read another way is parsed afresh. It keeps the few most recent entries.
//
// A cache may be shared by builds running at once. What it holds is read,
// never changed, by Build.
type BordersCache struct {
	mu      sync.Mutex
	max     int
	entries []cacheEntry // most recently used last
	hits    int
}

type cacheKey struct {
	sha256, display   string // of every file the borders read (load.Set.Key)
	idProperty, obj   string
	layer, dissolveBy string
	dissolve          bool
}

type cacheEntry struct {
	key      cacheKey
	layer    *borders.Layer
	findings []diag.Finding
}

// NewBordersCache makes a cache holding up to n parsed files (at least one).
func NewBordersCache(n int) *BordersCache {
	return &BordersCache{max: max(1, n)}
}

// Hits says how many reads the cache has answered, for tests and benchmarks.
func (c *BordersCache) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

func (c *BordersCache) get(k cacheKey) (*borders.Layer, []diag.Finding, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.key == k {
			c.entries = append(append(c.entries[:i:i], c.entries[i+1:]...), e)
			c.hits++
			return e.layer, e.findings, true
		}
	}
	return nil, nil, false
}

func (c *BordersCache) put(k cacheKey, layer *borders.Layer, findings []diag.Finding) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.key == k {
			c.entries = append(c.entries[:i:i], c.entries[i+1:]...)
			break
		}
	}
	if len(c.entries) >= c.max {
		c.entries = c.entries[len(c.entries)-c.max+1:]
	}
	c.entries = append(c.entries, cacheEntry{key: k, layer: layer, findings: findings})
}
