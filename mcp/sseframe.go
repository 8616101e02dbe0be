package mcp

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"
	"unsafe"
)

// sseTap sits between the HTTP body and go-sse's parser. go-sse parses the
// events (name, data, last id) but drops what a debugger must show: comment
// lines such as keep-alives, retry fields, and the exact bytes of each event
// (a CRLF-terminated endpoint event looks the same as an LF one once parsed).
// The tap sees every byte first and frames it into blocks with the same rules
// go-sse uses (lines end in CRLF, LF or CR; a blank line ends an event), so
// each parsed event can be joined with the block it came from.
//
// Blocks that go-sse will never yield (comments or retry alone) are handed
// straight to onBlock when nothing is queued before them, so a keep-alive
// shows up when it arrives rather than with the next event.
//
// The tap hands go-sse whole blocks only. go-sse's scanner looks for the end
// of an event from the start of its buffer after every read, so a 10 MB event
// arriving in 32 KiB reads would be rescanned hundreds of times; given whole
// blocks, its buffer fills on every read and grows by doubling instead.
type sseTap struct {
	r       io.Reader
	onBlock func(*SSEEvent) // blocks go-sse does not dispatch
	conn    int
	max     int // the largest block accepted; 0 means no limit
	// holding brackets the processing of each read (false before waiting on
	// the network, true after), so the records of one read go out together.
	holding func(bool)

	now     func() time.Time
	arrived time.Time // when the last read returned: the time of what it framed

	buf   []byte // network reads land here
	ready []byte // framed bytes go-sse has not read yet
	off   int    // how much of ready go-sse has read
	err   error  // the network's error, returned once ready is drained

	cur        []byte // bytes of the unfinished block carried over from earlier reads
	lineStart  int    // where the unfinished line starts in cur
	hasContent bool   // the block holds a non-blank line
	dispatch   bool   // the block holds a field that makes go-sse dispatch it
	extra      bool   // the block holds a comment, id or retry line: fields go-sse hides
	pendingCR  bool   // the last byte ended a line with CR; a LF may follow
	started    bool   // past a possible byte order mark
	queue      []tapBlock
}

// tapBlock is a framed block waiting for go-sse to yield its event.
type tapBlock struct {
	ev       *SSEEvent
	dispatch bool
}

func (t *sseTap) Read(p []byte) (int, error) {
	for t.off == len(t.ready) {
		if t.err != nil {
			return 0, t.err
		}
		t.ready, t.off = t.ready[:0], 0
		t.fill()
	}
	n := copy(p, t.ready[t.off:])
	t.off += n
	return n, nil
}

// fill reads once from the network and frames what came.
func (t *sseTap) fill() {
	if t.buf == nil {
		t.buf = make([]byte, 32<<10)
	}
	if t.holding != nil {
		t.holding(false)
		defer t.holding(true)
	}
	n, err := t.r.Read(t.buf)
	if t.now != nil {
		// Everything in one read arrived at once; one clock reading for it
		// all is both true and cheaper than one per record.
		t.arrived = t.now().Round(0)
	}
	t.feed(t.buf[:n])
	if t.max > 0 && len(t.cur) > t.max && err == nil {
		err = fmt.Errorf("an event grew past %d bytes without ending (raise --max-event-size if that is normal for this server)", t.max)
	}
	if err == nil {
		return
	}
	t.err = err
	if err != io.EOF {
		// The bytes of a cut-off event are kept as a block of their own but
		// kept from the parser, which would report them instead of err.
		if len(t.cur) > 0 {
			t.dispatch = false
			t.finishBlock(t.takeCur())
		}
		return
	}
	// A last line without a terminator still belongs to the last block.
	if len(t.cur) > t.lineStart {
		t.endLine(t.cur[t.lineStart:])
	}
	raw := t.takeCur()
	if t.hasContent {
		t.finishBlock(raw)
	}
	// The parser sees every byte, and says itself that an event was cut.
	t.ready = append(t.ready, raw...)
}

// feed frames p. A block that starts and ends inside p is cut out of it with
// a single copy; only a block that spans reads is gathered in cur.
func (t *sseTap) feed(p []byte) {
	bs, ls, i := 0, 0, 0 // block start and line start in p (while cur is empty), scan position
	if t.pendingCR && len(p) > 0 {
		t.pendingCR = false
		if p[0] == '\n' {
			// The LF of a CRLF split across reads. Mid-block it joins its
			// line; after a finished block it leads the next one.
			i, ls = 1, 1
			if len(t.cur) > 0 {
				t.cur = append(t.cur, '\n')
				t.lineStart, bs = len(t.cur), 1
			}
		}
	}
	for {
		k := lineEnd(p[i:])
		if k < 0 {
			break
		}
		e := i + k
		next := e + 1
		if p[e] == '\r' {
			// Take the LF of a CRLF now, so a CRLF-terminated event keeps
			// its whole terminator in its own raw bytes.
			if next < len(p) {
				if p[next] == '\n' {
					next++
				}
			} else {
				t.pendingCR = true
			}
		}
		var line []byte
		if len(t.cur) > 0 {
			t.cur = append(t.cur, p[bs:next]...)
			line = t.cur[t.lineStart : len(t.cur)-(next-e)]
			bs = next
		} else {
			line = p[ls:e]
		}
		if t.endLine(line) {
			var raw string
			if len(t.cur) > 0 {
				raw = t.takeCur()
			} else {
				raw = string(p[bs:next])
			}
			t.finishBlock(raw)
			t.ready = append(t.ready, raw...)
			bs = next
		}
		ls, i = next, next
		t.lineStart = len(t.cur)
	}
	if bs < len(p) {
		if len(t.cur) == 0 {
			t.lineStart = ls - bs
		}
		t.cur = append(t.cur, p[bs:]...)
	}
}

// takeCur hands over cur's bytes without copying them again; cur starts
// afresh, so the string never sees a later write.
func (t *sseTap) takeCur() string {
	if len(t.cur) == 0 {
		return ""
	}
	raw := unsafe.String(&t.cur[0], len(t.cur))
	t.cur, t.lineStart = nil, 0
	return raw
}

// endLine classifies one line (without its terminator) of the current block
// and reports whether it was the blank line that ends the block.
func (t *sseTap) endLine(line []byte) bool {
	if !t.started {
		t.started = true
		line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	}
	if len(line) == 0 {
		return t.hasContent
	}
	t.hasContent = true
	if line[0] == ':' {
		t.extra = true
		return false
	}
	name := line
	if c := bytes.IndexByte(line, ':'); c >= 0 {
		name = line[:c]
	}
	switch string(name) {
	case "data", "event":
		t.dispatch = true
	case "id":
		t.extra = true
		if bytes.IndexByte(line, 0) < 0 {
			t.dispatch = true
		}
	case "retry":
		t.extra = true
	}
	return false
}

// finishBlock turns a framed block into an SSEEvent holding everything
// go-sse does not report: comments, retry and this block's own id.
func (t *sseTap) finishBlock(raw string) {
	ev := &SSEEvent{Conn: t.conn, Raw: Raw(raw)}
	if t.extra {
		scanFields(raw, ev)
	}
	dispatch := t.dispatch
	t.hasContent, t.dispatch, t.extra = false, false, false
	if !dispatch && len(t.queue) == 0 {
		t.onBlock(ev)
		return
	}
	t.queue = append(t.queue, tapBlock{ev: ev, dispatch: dispatch})
}

// match joins the event go-sse just yielded with the block it was parsed
// from, and returns it with the undispatched blocks that followed it, in
// order. go-sse never yields an event the tap has not framed, because the
// tap sees every byte before the parser does; and the queue always starts
// with a dispatched block, because undispatched ones are only queued behind
// one and leave with it.
func (t *sseTap) match(name, data string) (ev *SSEEvent, after []*SSEEvent) {
	if len(t.queue) == 0 {
		// Defensive: frame and parser disagreed; keep the parsed event.
		ev = &SSEEvent{Conn: t.conn}
	} else {
		ev = t.queue[0].ev
		t.queue = t.queue[1:]
	}
	ev.Name, ev.Data = name, Raw(data)
	for len(t.queue) > 0 && !t.queue[0].dispatch {
		after = append(after, t.queue[0].ev)
		t.queue = t.queue[1:]
	}
	if len(t.queue) == 0 {
		t.queue = nil
	}
	return ev, after
}

// drain returns blocks still queued when the stream ends.
func (t *sseTap) drain() []*SSEEvent {
	var out []*SSEEvent
	for _, b := range t.queue {
		out = append(out, b.ev)
	}
	t.queue = nil
	return out
}

// scanFields fills the fields the parser drops. Only lines that are comments,
// ids or retries are looked at; data stays go-sse's job.
func scanFields(raw string, ev *SSEEvent) {
	for len(raw) > 0 {
		k := strings.IndexAny(raw, "\r\n")
		line := raw
		if k >= 0 {
			line, raw = raw[:k], raw[k+1:]
		} else {
			raw = ""
		}
		line = strings.TrimPrefix(line, "\ufeff")
		switch {
		case strings.HasPrefix(line, ":"):
			ev.Comments = append(ev.Comments, strings.TrimPrefix(line[1:], " "))
		case line == "id" || strings.HasPrefix(line, "id:"):
			if v := fieldValue(line); strings.IndexByte(v, 0) < 0 {
				ev.ID, ev.HasID = v, true
			}
		case line == "retry" || strings.HasPrefix(line, "retry:"):
			ev.Retry = fieldValue(line)
		}
	}
}

func fieldValue(line string) string {
	c := strings.IndexByte(line, ':')
	if c < 0 {
		return ""
	}
	return strings.TrimPrefix(line[c+1:], " ")
}

// lineEnd finds the first CR or LF. Two IndexByte scans, the second bounded
// by the first, beat IndexAny's byte-at-a-time loop on long data lines.
func lineEnd(p []byte) int {
	lf := bytes.IndexByte(p, '\n')
	if lf < 0 {
		return bytes.IndexByte(p, '\r')
	}
	if cr := bytes.IndexByte(p[:lf], '\r'); cr >= 0 {
		return cr
	}
	return lf
}
