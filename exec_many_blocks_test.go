package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A result of a great many tiny blocks is printed a block at a time, each
// found in the answer's bytes: decoded all at once, each 26-byte block
// held a struct six times its size, and a hostile server's 26 MB answer
// of a million of them took exec past 600 MB.
func TestExecPrintsManyBlocksWithoutHoldingThem(t *testing.T) {
	const blocks = 50_000
	var b strings.Builder
	b.WriteString(`{"content":[`)
	for i := range blocks {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"text","text":"x"}`)
	}
	b.WriteString(`]}`)
	result := []byte(b.String())
	// What is held while printing is read halfway through, after a
	// collection: garbage does not count, only what the print keeps.
	w := &heldWhilePrinting{at: blocks}
	w.out.Grow(2 * blocks)
	p := &printer{w: w}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	p.toolResult("echo", &mcp.Response{Result: result})
	if w.out.String() != strings.Repeat("x\n", blocks) {
		t.Fatalf("printed %d bytes, want %d lines of x", w.out.Len(), blocks)
	}
	if held := int64(w.held) - int64(before.HeapAlloc); held > 3*int64(len(result)) {
		t.Errorf("printing %d blocks of a %.1f MiB answer held %.1f MiB, want under %.1f", blocks, float64(len(result))/(1<<20), float64(held)/(1<<20), float64(3*len(result))/(1<<20))
	}
}

// heldWhilePrinting is a writer that reads the heap in use after its
// at-th write, once collected.
type heldWhilePrinting struct {
	out    bytes.Buffer
	writes int
	at     int
	held   uint64
}

func (h *heldWhilePrinting) Write(p []byte) (int, error) {
	if h.writes++; h.writes == h.at {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		h.held = m.HeapAlloc
	}
	return h.out.Write(p)
}
