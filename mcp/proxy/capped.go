package proxy

import "strings"

// capped keeps what is written to it up to limit bytes, and notes when
// there was more. It gathers blocks (doubling from 4 KiB to 1 MiB, so a
// small answer stays cheap) and joins them once, so a large body costs its
// size about twice, where a growing buffer would allocate several times
// its size on the way.
type capped struct {
	blocks [][]byte
	n      int64
	limit  int64
	over   bool
}

// The sizes of capped's blocks.
const (
	firstBlock = 4 << 10
	maxBlock   = 1 << 20
)

func (c *capped) Write(p []byte) (int, error) {
	if int64(len(p)) > c.limit-c.n {
		c.over = true
	}
	for rest := p[:min(int64(len(p)), max(c.limit-c.n, 0))]; len(rest) > 0; {
		if len(c.blocks) == 0 || len(c.blocks[len(c.blocks)-1]) == cap(c.blocks[len(c.blocks)-1]) {
			size := int64(firstBlock)
			if len(c.blocks) > 0 {
				size = min(2*int64(cap(c.blocks[len(c.blocks)-1])), maxBlock)
			}
			c.blocks = append(c.blocks, make([]byte, 0, min(size, c.limit-c.n)))
		}
		last := &c.blocks[len(c.blocks)-1]
		k := min(len(rest), cap(*last)-len(*last))
		*last = append(*last, rest[:k]...)
		rest = rest[k:]
		c.n += int64(k)
	}
	return len(p), nil
}

// String joins what was kept, once.
func (c *capped) String() string {
	var b strings.Builder
	b.Grow(int(c.n))
	for _, blk := range c.blocks {
		b.Write(blk)
	}
	c.blocks = nil
	return b.String()
}
