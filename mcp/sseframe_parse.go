package mcp

import (
	"io"
	"runtime"
	"runtime/metrics"
	"strings"

	sse "github.com/tmaxmax/go-sse"
)

// How the tap has go-sse parse the blocks it framed: one Read for the
// small blocks of a stream, a Read of its own for each large one, so go-sse's
// copies of a large event go as soon as it is parsed.

// parserBuffer bounds go-sse's buffer for the blocks that do not get a
// Read of their own: the size of bufio.Scanner's default limit.
const parserBuffer = 64 << 10

// primer is a comment block handed to every Read after the first: go-sse
// takes a byte order mark off the first block a Read sees, and after the
// primer it has seen one, so a later block that starts with a byte order
// mark is read as the one long-running Read would read it. A comment is no
// event, so nothing is yielded for it.
const primer = ":\n\n"

// boundFor is the MaxEventSize of the Read that parses a block of n bytes:
// parserBuffer for a small one; for a larger one its size and a little room
// (the primer, and a byte to look past a final CR), so go-sse's buffer grows
// to the block's size and not to the next power of two. It never exceeds
// limit, where go-sse refuses the block as before.
func (t *sseTap) boundFor(n int) int {
	if n+len(primer) < parserBuffer {
		return min(parserBuffer, t.limit)
	}
	return min(n+len(primer)+16, t.limit)
}

// startAnother ends go-sse's Read at a block boundary (go-sse ends a Read
// at the end of its input without an error) and has run start another
// bounded to bound.
func (t *sseTap) startAnother(bound int) (int, error) {
	t.restart, t.next = true, bound
	return 0, io.EOF
}

// run has go-sse parse what the tap frames until the stream ends, delivers
// every block, and returns why the stream ended (nil at its end).
func (t *sseTap) run() error {
	t.limit = t.max
	if t.limit <= 0 {
		t.limit = DefaultMaxEventSize
	}
	t.bound = min(parserBuffer, t.limit)
	for {
		var err error
		for ev, e := range sse.Read(t, &sse.ReadConfig{MaxEventSize: t.bound}) {
			if e != nil {
				err = e
				break
			}
			t.parsed(ev)
		}
		t.collect()
		if err != nil || !t.restart {
			t.drain()
			return err
		}
		t.restart, t.bound = false, t.next
		t.collect()
		if t.handed {
			t.prime = primer
		}
	}
}

// collectAbove is the block size from which a Read of its own is bracketed
// by garbage collections.
const collectAbove = 8 << 20

// collect runs the garbage collector around a Read of its own for a large
// block (bound is that Read's): before it, for the buffers framing the
// block outgrew, and after it, for go-sse's copies of the block. Left to
// the pacer, a heap that has just doubled is let grow to twice its size
// again before it is collected: a 60 MB answer took 355 MiB where what is
// live at once takes 260. Only a block that is large beside the live heap
// is worth it: marking costs what the heap holds, so the cost stays in
// proportion to the bytes read, and a larger heap already leaves the pacer
// room for the block's copies.
func (t *sseTap) collect() {
	if t.bound < collectAbove {
		return
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	if live[0].Value.Kind() == metrics.KindUint64 && live[0].Value.Uint64() > 4*uint64(t.bound) {
		return
	}
	runtime.GC()
}

// parsed joins the event go-sse just yielded with the block it was parsed
// from and delivers it with the blocks behind it that were waiting on it.
// go-sse never yields an event the tap has not framed, because the tap
// sees every byte before the parser does, and it is handed only blocks
// that dispatch (and the first), so the first undelivered block is the one
// it parsed.
func (t *sseTap) parsed(e sse.Event) {
	if t.head == len(t.queue) {
		// Defensive: frame and parser disagreed; keep the parsed event.
		t.deliver(&SSEEvent{Name: e.Type, Data: Raw(e.Data), ID: e.LastEventID}, true)
		return
	}
	b := &t.queue[t.head]
	b.ev.Name, b.ev.Data, b.waiting = ownName(e.Type), Raw(e.Data), false
	if raw := string(b.ev.Raw); b.oneData && raw[b.data.from:b.data.to] == e.Data {
		// The data is also in the raw bytes the event keeps: point into
		// them and let go-sse's copy go, so a large answer is held once.
		// go-sse stays the judge of what the data is; the span only says
		// where the same bytes already are.
		b.ev.Data = Raw(raw[b.data.from:b.data.to])
		b.ev.dataAt, b.ev.hasDataAt = b.data, true
	}
	if b.hasID {
		b.ev.ID, b.ev.HasID = strings.Clone(e.LastEventID), true
	}
	t.flush()
}

// ownName returns an event name that shares no memory with go-sse's. go-sse
// hands out field values as parts of its copy of the whole event's text,
// so keeping the name it reports ("message", 7 bytes) would keep that copy,
// as large as the event, for as long as the event is kept. The names nearly
// every event has cost nothing; others are copied.
func ownName(name string) string {
	switch name {
	case "":
		return ""
	case "message":
		return "message"
	case "endpoint":
		return "endpoint"
	}
	return strings.Clone(name)
}

// drain delivers the blocks still queued when the stream ends: go-sse
// refused them, so they are kept as bytes, not events.
func (t *sseTap) drain() {
	for _, b := range t.queue[t.head:] {
		// go-sse stopped before this block: what the tap read of it is not
		// an event either.
		b.ev.Name, b.ev.Data, b.ev.Cut = "", "", true
		t.deliver(b.ev, false)
	}
	t.queue, t.head = nil, 0
}
