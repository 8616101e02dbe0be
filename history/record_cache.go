package history

import "github.com/mcpscope/mcpscope/mcp"

// recordCache keeps the records read back lately, up to a count and a byte
// budget: the rows and events on screen and what the detail pane shows. A
// record too large for the budget has a slot of its own, for the newest
// such record: the one a person is looking at, or the one playback just
// handed out, which the screen is about to show. Reading it again would
// cost its size twice over, for a while, each time. The slot also keeps
// the records that share the newest one's bytes (an event and the message
// it carried): the screen shows both, and dropping one for the other would
// read the event back into a second copy of the same bytes.
type recordCache struct {
	recs  map[int]*mcp.Record
	order []int // oldest first
	bytes int
	big   []bigEntry
}

// bigEntry is a large record in the cache's own slot.
type bigEntry struct {
	at  int
	rec *mcp.Record
}

const (
	cacheRecords = 2048
	cacheBytes   = 32 << 20
	bigRecord    = cacheBytes / 8
	// bigShared bounds the records kept for one large payload: a batch
	// answered in one event can share it among many messages.
	bigShared = 64
)

func newRecordCache() recordCache { return recordCache{recs: make(map[int]*mcp.Record)} }

func (c *recordCache) get(i int) *mcp.Record {
	for _, b := range c.big {
		if b.at == i {
			return b.rec
		}
	}
	return c.recs[i]
}

// offer keeps a record decoded for someone else (playback, loading) if it
// is a large one.
func (c *recordCache) offer(i int, r *mcp.Record) {
	if r.Weight() > bigRecord {
		c.keepBig(i, r)
	}
}

// keepBig puts r in the large slot: beside what is there if they share
// bytes, in place of it if not.
func (c *recordCache) keepBig(i int, r *mcp.Record) {
	shares := false
	for k, b := range c.big {
		if b.at == i {
			c.big[k].rec = r
			return
		}
		shares = shares || sharePayload(b.rec, r)
	}
	if !shares || len(c.big) >= bigShared {
		// What the slot held goes, not only out of view.
		clear(c.big)
		c.big = c.big[:0]
	}
	c.big = append(c.big, bigEntry{at: i, rec: r})
}

func (c *recordCache) put(i int, r *mcp.Record) {
	if r.Weight() > bigRecord {
		c.keepBig(i, r)
		return
	}
	c.recs[i] = r
	c.order = append(c.order, i)
	c.bytes += r.Weight()
	// The newest record stays even when it alone is over the budget.
	for len(c.order) > 1 && (len(c.order) > cacheRecords || c.bytes > cacheBytes) {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= c.recs[old].Weight()
		delete(c.recs, old)
	}
	if cap(c.order) > 4*cacheRecords {
		c.order = append([]int(nil), c.order...)
	}
}

// sharePayload reports whether a and b hold the same bytes in memory, not
// merely equal ones.
func sharePayload(a, b *mcp.Record) bool {
	for _, x := range a.Payloads() {
		for _, y := range b.Payloads() {
			if overlap(string(x), string(y)) {
				return true
			}
		}
	}
	return false
}
