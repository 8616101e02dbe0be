package history

// chunkBits sizes the blocks records and pairs are stored in. Blocks never
// move once allocated, so a *mcp.Record or *Pair handed to the UI stays valid
// and sees later updates, and growing the log never copies what it holds.
const chunkBits = 10

// chunked is an append-only sequence stored in fixed-size blocks.
type chunked[T any] struct {
	blocks [][]T
	n      int
}

func (c *chunked[T]) add(v T) *T {
	if c.n>>chunkBits == len(c.blocks) {
		c.blocks = append(c.blocks, make([]T, 0, 1<<chunkBits))
	}
	b := &c.blocks[len(c.blocks)-1]
	*b = append(*b, v)
	c.n++
	return &(*b)[len(*b)-1]
}

func (c *chunked[T]) at(i int) *T {
	return &c.blocks[i>>chunkBits][i&(1<<chunkBits-1)]
}
