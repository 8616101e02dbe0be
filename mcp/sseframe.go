package mcp

import (
	"bytes"
	"io"
	"strings"
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
type sseTap struct {
	r       io.Reader
	onBlock func(*SSEEvent) // blocks go-sse does not dispatch
	conn    int

	cur        []byte // the block being framed, terminators included
	lineStart  int    // where the current line starts in cur
	hasContent bool   // cur holds a non-blank line
	dispatch   bool   // cur holds a field that makes go-sse dispatch it
	extra      bool   // cur holds a comment, id or retry line: fields go-sse hides
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
	n, err := t.r.Read(p)
	t.feed(p[:n])
	if err == io.EOF {
		// A last line without a terminator still belongs to the last block.
		if len(t.cur) > t.lineStart {
			t.endLine(t.cur[t.lineStart:])
			t.lineStart = len(t.cur)
		}
		if t.hasContent {
			t.finishBlock()
		}
	}
	return n, err
}

func (t *sseTap) feed(p []byte) {
	for len(p) > 0 {
		if t.pendingCR {
			t.pendingCR = false
			if p[0] == '\n' {
				t.cur = append(t.cur, '\n')
				t.lineStart = len(t.cur)
				p = p[1:]
				continue
			}
		}
		k := bytes.IndexAny(p, "\r\n")
		if k < 0 {
			t.cur = append(t.cur, p...)
			return
		}
		t.cur = append(t.cur, p[:k+1]...)
		term := p[k]
		p = p[k+1:]
		lineEnd := len(t.cur) - 1
		if term == '\r' {
			// Take the LF of a CRLF now, so a CRLF-terminated event keeps
			// its whole terminator in its own raw bytes.
			if len(p) > 0 && p[0] == '\n' {
				t.cur = append(t.cur, '\n')
				p = p[1:]
			} else if len(p) == 0 {
				t.pendingCR = true
			}
		}
		t.endLine(t.cur[t.lineStart:lineEnd])
		t.lineStart = len(t.cur)
	}
}

// endLine classifies one line (without its terminator) of the current block.
func (t *sseTap) endLine(line []byte) {
	if !t.started {
		t.started = true
		line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	}
	if len(line) == 0 {
		if t.hasContent {
			t.finishBlock()
		}
		return
	}
	t.hasContent = true
	if line[0] == ':' {
		t.extra = true
		return
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
}

// finishBlock turns the framed bytes into an SSEEvent holding everything
// go-sse does not report: comments, retry and this block's own id.
func (t *sseTap) finishBlock() {
	raw := string(t.cur)
	ev := &SSEEvent{Conn: t.conn, Raw: Raw(raw)}
	if t.extra {
		scanFields(raw, ev)
	}
	dispatch := t.dispatch
	t.cur = t.cur[:0]
	t.lineStart, t.hasContent, t.dispatch, t.extra = 0, false, false, false
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
