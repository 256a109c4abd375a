package pipeline

import (
	"sync"

	"github.com/tendays/tendays/derive"
)

// Cache is what rebuilds of one edition keep (build --watch, the studio,
// the doctor's measured proposals): parsed borders files, found by content
// hash so that an edited file is parsed afresh, and the builds of a combined
// edition's bundled members, which never change (a member in a folder is
// rebuilt each time, its borders taken from the cache). It may be shared by
// builds running at once; what it holds is read, never changed.
type Cache struct {
	borders *derive.BordersCache
	mu      sync.Mutex
	members map[memberKey]memberBuild
}

type memberKey struct {
	dir      string
	maxInput int64
}

// NewCache makes an empty cache. It holds the borders files of an edition
// and more (a combined edition's members have one each: four for
// around-the-world), so that switching back and forth between files parses
// none of them again.
func NewCache() *Cache {
	return &Cache{borders: derive.NewBordersCache(8), members: map[memberKey]memberBuild{}}
}

// Members says how many bundled members' builds the cache keeps.
func (c *Cache) Members() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.members)
}

func (c *Cache) bordersCache() *derive.BordersCache {
	if c == nil {
		return nil
	}
	return c.borders
}

func (c *Cache) member(dir string, maxInput int64) (memberBuild, bool) {
	if c == nil {
		return memberBuild{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	mb, ok := c.members[memberKey{dir, maxInput}]
	return mb, ok
}

func (c *Cache) keep(dir string, maxInput int64, mb memberBuild) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.members[memberKey{dir, maxInput}] = mb
}
