package proxy

import (
	"bytes"
	"io"
	"net/http"
	"strings"
)

// clientGone is a write to the client that failed: the client left.
type clientGone struct{ err error }

func (e *clientGone) Error() string { return "the client went away: " + e.err.Error() }

// tee hands the bytes it reads from upstream to the framer and parser, and
// the same bytes to the client once they are parsed: all of a read before
// the next (the framer parses a read whole before it asks for more), or,
// while holding, block by block as each is parsed (release). Before each
// read it flushes what it wrote and waits for the log to have room: a
// stream faster than the recording is read at the recording's pace, not
// held in memory.
type tee struct {
	src     io.Reader
	wait    func()
	hear    func() // what the events parsed so far said is heard, before they go out
	w       io.Writer
	rc      *http.ResponseController
	holding bool   // blocks wait to be parsed and rewritten
	held    []byte // bytes read, not yet written: the last read's, or while holding the blocks not yet released
	// sent is how much of the first block in held went out already: a
	// block growing past holdLimit streams as it comes.
	sent int
	// unfinished is how many bytes at the end of what was read belong to
	// a block that has not ended (the framer says, mcp.FrameWatcher); -1
	// until it has said so for the latest read.
	unfinished int
	// end is the line ending that ends the last block released, held
	// back until the next read (or the stream's end): a client
	// dispatches an event on it, and by then the block is logged. The
	// rest of a block may reach the client at once (past net/http's few
	// kilobytes of buffers a write goes straight out), its end may not.
	end   [2]byte
	endN  int
	dirty bool  // written since the last flush
	werr  error // writing to the client failed: the next read says so
	rerr  error // how reading from upstream ended
	// tail is the last bytes read (tailN of them), enough to tell whether
	// the stream ends at a block's end (endsBlock) once the framer has
	// stopped reading it.
	tail  [4]byte
	tailN int
}

func (t *tee) Read(p []byte) (int, error) {
	// Everything parsed so far has gone out: the client has it before the
	// proxy waits on the log or upstream. It goes out only now, after its
	// events were logged: a client that answers a server's request the
	// moment it has it cannot have its answer logged before the request.
	t.hear()
	t.write(nil) // the end of the last block released, logged by now
	if !t.holding {
		t.write(t.held)
		t.held = t.held[:0]
	}
	t.flush()
	if t.werr != nil {
		return 0, t.werr
	}
	t.wait()
	n, err := t.src.Read(p)
	if err != nil {
		t.rerr = err
	}
	if n > 0 {
		t.held = append(t.held, p[:n]...)
		t.unfinished = -1
		t.keepTail(p[:n])
	}
	return n, err
}

// keepTail keeps the last bytes of what was read, b the latest.
func (t *tee) keepTail(b []byte) {
	if len(b) >= len(t.tail) {
		t.tailN = copy(t.tail[:], b[len(b)-len(t.tail):])
		return
	}
	keep := min(t.tailN, len(t.tail)-len(b))
	copy(t.tail[:], t.tail[t.tailN-keep:t.tailN])
	t.tailN = keep + copy(t.tail[keep:], b)
}

// endsBlock reports whether what was read ends a block: its last line
// ending follows another (a blank line), as "\n\n", "\r\r" or "\r\n\r\n".
// A stream that ends otherwise cut its last block off, which an
// EventSource drops.
func (t *tee) endsBlock() bool {
	b, ok := cutLineEnd(t.tail[:t.tailN])
	if !ok {
		return false
	}
	_, ok = cutLineEnd(b)
	return ok
}

// cutLineEnd is b less the line ending it ends with, if it ends with one.
func cutLineEnd(b []byte) ([]byte, bool) {
	switch {
	case bytes.HasSuffix(b, []byte("\r\n")):
		return b[:len(b)-2], true
	case bytes.HasSuffix(b, []byte("\n")), bytes.HasSuffix(b, []byte("\r")):
		return b[:len(b)-1], true
	}
	return b, false
}

// Unfinished is the framer saying that the last n bytes read belong to a
// block that has not ended yet.
func (t *tee) Unfinished(n int) {
	t.unfinished = n
	t.stream()
}

// stream writes the block that is still growing, once it has grown past
// holdLimit, when it is all that is held: the blocks before it went out
// first, as they were parsed.
func (t *tee) stream() {
	if !t.holding || t.unfinished <= holdLimit || t.sent+len(t.held) != t.unfinished || len(t.held) == 0 {
		return
	}
	t.write(t.held)
	t.sent += len(t.held)
	t.held = t.held[:0]
}

// write sends the end of the block released last, if it waits, and then
// b to the client; flush pushes it out.
func (t *tee) write(b []byte) {
	if t.endN > 0 {
		end := t.end[:t.endN]
		t.endN = 0
		t.put(end)
	}
	t.put(b)
}

// put writes b to the client.
func (t *tee) put(b []byte) {
	if t.werr != nil || len(b) == 0 {
		return
	}
	if _, err := t.w.Write(b); err != nil {
		t.werr = err
		return
	}
	t.dirty = true
	if !t.holding {
		// Not held for a rewriter: the client gets each read at once,
		// as soon as it is parsed (see Read).
		t.flush()
	}
}

// flush pushes what was written to the client.
func (t *tee) flush() {
	if !t.dirty || t.werr != nil {
		return
	}
	t.dirty = false
	if err := t.rc.Flush(); err != nil {
		t.werr = err
	}
}

// release writes a parsed block (raw upstream, out for the client), less
// what of it went out already, and drops it from what is held.
func (t *tee) release(raw, out string) {
	if t.sent > 0 && !strings.HasPrefix(out, raw[:min(t.sent, len(raw))]) {
		// The rewriter must keep what the client has; it always does.
		out = raw
	}
	// The block is logged once release returns (the framer hands it
	// here first): its end waits for that.
	b := []byte(out[min(t.sent, len(out)):])
	body, _ := cutLineEnd(b)
	t.write(body)
	t.endN = copy(t.end[:], b[len(body):])
	rest := raw[min(t.sent, len(raw)):]
	t.sent = 0
	// Compared in place: string(t.held) would copy all that is held
	// behind the block, for every block, and a legacy stream is held
	// block by block for as long as it lasts.
	if len(t.held) >= len(rest) && string(t.held[:len(rest)]) == rest {
		t.held = t.held[len(rest):]
	}
	t.stream()
}

// flushHeld writes what is still held: holding stopped, or the stream
// ended while holding.
func (t *tee) flushHeld() {
	t.write(t.held)
	t.held = nil
	t.sent = 0
	t.flush()
}
