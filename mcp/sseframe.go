package mcp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unsafe"
)

// sseTap sits between the HTTP body and go-sse's parser. go-sse parses the
// events (name, data, id) but drops what a debugger must show: comment
// lines such as keep-alives, retry fields, and the exact bytes of each event
// (a CRLF-terminated endpoint event looks the same as an LF one once parsed).
// The tap sees every byte first and frames it into blocks with the same rules
// go-sse uses (lines end in CRLF, LF or CR; a blank line ends an event), so
// each parsed event can be joined with the block it came from. Framing only
// tells lines apart by their field name: the values of events come from
// go-sse, and the tap keeps just what go-sse does not report (comments and
// retry). One parser of SSE fields serves every stream.
//
// Blocks go to deliver in stream order; a block waiting on go-sse holds back
// the ones behind it. The tap hands go-sse whole blocks only. go-sse's
// scanner looks for the end of an event from the start of its buffer after
// every read, so a 10 MB event arriving in 64 KiB reads would be rescanned
// hundreds of times; given whole blocks, its buffer fills on every read and
// grows by doubling instead.
type sseTap struct {
	r       io.Reader
	deliver func(ev *SSEEvent, dispatched bool) // every block, in stream order
	max     int                                 // the largest block accepted; 0 means no limit
	// holding brackets the processing of each read (false before waiting on
	// the network, true after), so the records of one read go out together.
	holding func(bool)

	now     func() time.Time
	arrived time.Time // when the last read returned: the time of what it framed

	buf   []byte   // network reads land here
	ready []string // framed blocks go-sse has not read yet, shared, not copied
	off   int      // how much of ready[0] go-sse has read
	err   error    // the network's error, returned once ready is drained

	cur        []byte // bytes of the unfinished block carried over from earlier reads
	lineStart  int    // where the unfinished line starts in cur
	hasContent bool   // the block holds a non-blank line
	fields     bool   // the block holds a line that is not a comment
	dispatch   bool   // the block holds a field that makes go-sse dispatch it
	// runBefore is how many bytes of comment runs were framed (endRun)
	// since a block last ended otherwise: the start of the server's block
	// that cur goes on with.
	runBefore int
	pendingCR bool // the last byte ended a line with CR; a LF may follow
	started   bool // past the first non-blank line, where a byte order mark can be
	// parsing says go-sse has been handed a block. It strips a byte order
	// mark from the first block it sees, so that must be the stream's first.
	parsing bool

	// What go-sse does not report, as spans of the block's bytes, taken
	// as each line is framed.
	retry           span
	hasID, hasRetry bool
	comments        []span
	// data is the value of the block's data line when it has exactly one
	// (dataLines counts them): the one shape nearly every server sends.
	data      span
	dataLines int

	events     slab[SSEEvent]
	oneComment slab[[1]string] // the comments of blocks that have one
	queue      []tapBlock      // framed blocks not yet delivered
	head       int             // the first undelivered block in queue

	// go-sse keeps copies of the largest event it has read for as long as
	// its Read goes on: its scanner's buffer, grown by doubling to the
	// event's size, and the event's text. On a stream that stays open (the
	// legacy stream, a GET or listen stream) one 60 MB answer would hold
	// them for the rest of the session. So a block larger than
	// parserBuffer is parsed by a Read of its own, bounded to the block's
	// size, which ends as soon as that block is parsed; the blocks around it
	// are parsed by Reads bounded to parserBuffer.
	limit   int    // the largest event go-sse may parse: max, or the default
	bound   int    // the MaxEventSize of the Read parsing now
	next    int    // the MaxEventSize of the Read to start after this one
	restart bool   // Read ended go-sse's Read to start another with next
	handed  bool   // go-sse has been handed a block of this stream
	prime   string // bytes a new Read is handed before the stream's next
}

// span is where a value lies in its block: raw[from:to].
type span struct{ from, to int }

// tapBlock is a framed block on its way to deliver.
type tapBlock struct {
	ev       *SSEEvent
	dispatch bool // an event, not only comments or retry
	waiting  bool // go-sse has yet to parse it
	hasID    bool // it sets the event id, which go-sse reports
	// oneData says data is where the block's only data line has its value.
	oneData bool
	data    span
}

// readSize is how much one network read can bring. A busy stream fills it;
// each read costs a handoff of its records to the consumer, so larger reads
// cost less per event, and a read returns whatever has arrived without
// waiting for more.
const readSize = 64 << 10

func (t *sseTap) Read(p []byte) (int, error) {
	if t.prime != "" {
		n := copy(p, t.prime)
		t.prime = t.prime[n:]
		return n, nil
	}
	for len(t.ready) == 0 {
		if t.err != nil {
			return 0, t.err
		}
		if t.bound > parserBuffer {
			// The large block this Read was started for is parsed: end
			// the Read, and with it go-sse's copies of the block, before
			// waiting on the network.
			return t.startAnother(parserBuffer)
		}
		t.fill()
	}
	if t.off == 0 {
		if b := t.boundFor(len(t.ready[0])); b != t.bound {
			return t.startAnother(b)
		}
	}
	t.handed = true
	n := copy(p, t.ready[0][t.off:])
	t.off += n
	if t.off == len(t.ready[0]) {
		t.ready[0] = ""
		t.ready, t.off = t.ready[1:], 0
	}
	return n, nil
}

// fill reads once from the network and frames what came.
func (t *sseTap) fill() {
	if t.buf == nil {
		t.buf = make([]byte, readSize)
	}
	if t.holding != nil {
		t.holding(false)
	}
	n, err := t.r.Read(t.buf)
	if t.holding != nil {
		t.holding(true)
	}
	if t.now != nil {
		// Everything in one read arrived at once; one clock reading for it
		// all is both true and cheaper than one per record.
		t.arrived = t.now().Round(0)
	}
	t.feed(t.buf[:n])
	if f, ok := t.r.(FrameWatcher); ok {
		f.Unfinished(len(t.cur))
	}
	switch {
	case t.err != nil: // feed met a block larger than max
		err = t.err
	case t.max > 0 && len(t.cur) > t.max && err == nil:
		err = &tooLargeError{size: len(t.cur), max: t.max, growing: true}
	}
	if err == nil {
		return
	}
	t.err = err
	// What is left is a block the stream cut off: no event, as go-sse
	// discards an event that no blank line ended. Its bytes are kept, even
	// blank lines: every byte is logged.
	if raw := t.takeCur(); raw != "" {
		t.finishBlock(raw, endCut)
	}
}

// FrameWatcher is a reader of an event stream (the one handed to
// Observer.ServerEvents) that is told, after each of its reads is framed,
// how many bytes at the end of all it has read so far belong to a block
// that has not ended yet. The proxy holds the blocks of a legacy stream
// until they are parsed, to rewrite every endpoint event, and streams a
// block as it comes only once it is too large to be one: it needs to know
// where the framer is, and there is one framer.
type FrameWatcher interface {
	Unfinished(n int)
}

// tooLargeError is an event past the size limit (--max-event-size).
type tooLargeError struct {
	size, max int
	growing   bool // it had not ended yet
}

func (e *tooLargeError) Error() string {
	if e.growing {
		return fmt.Sprintf("an event grew past the %d-byte limit without ending", e.max)
	}
	return fmt.Sprintf("an event of %d bytes is larger than the %d-byte limit", e.size, e.max)
}

// isTooLarge reports an event past --max-event-size, by the tap's or go-sse's words.
func isTooLarge(err error) bool {
	var tl *tooLargeError
	return errors.As(err, &tl) || strings.Contains(err.Error(), "token too long")
}

// blockEnd says how a block ended.
type blockEnd int

const (
	endBlank blockEnd = iota // a blank line ended it: a whole event
	endCut                   // the stream ended or broke inside it, or it was too large: bytes only
	// endRun is a run of comment lines framed with no blank line after
	// it (commentRunEnds, runPasses): the server's block has not ended,
	// and the next block goes on with it (runBefore).
	endRun
)

// feed frames p. A block that starts and ends inside p is cut out of it with
// a single copy; only a block that spans reads is gathered in cur.
func (t *sseTap) feed(p []byte) {
	bs, ls, i := 0, 0, 0 // block start and line start in p (while cur is empty), scan position
	// The blocks that start in p are copied out of it together, with the
	// first of them: one string per read rather than one per block.
	var text string
	textAt := 0 // where text starts in p
	cut := func(from, to int) string {
		if text == "" || to-textAt > len(text) {
			// The copy stops after the last LF, where nearly every
			// block ends, so the unfinished line after it (which
			// goes to cur) is not kept twice. A block ending in CR
			// past that takes the rest of p.
			end := bytes.LastIndexByte(p, '\n') + 1
			if end < to {
				end = len(p)
			}
			text, textAt = string(p[from:end]), from
		}
		return text[from-textAt : to-textAt]
	}
	if t.pendingCR && len(p) > 0 {
		t.pendingCR = false
		if p[0] == '\n' {
			// The LF of a CRLF split across reads. Mid-block it joins its
			// line; after a finished block it leads the next one.
			i, ls = 1, 1
			if len(t.cur) > 0 {
				t.cur = grow(t.cur, []byte{'\n'})
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
		cr := p[e] == '\r'
		if cr {
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
		if len(t.cur) > 0 && t.runPasses(t.lineStart, len(t.cur)+next-bs) {
			t.frameRun()
		} else if len(t.cur) == 0 && t.runPasses(ls-bs, next-bs) {
			t.finishBlock(cut(bs, ls), endRun)
			bs = ls
		}
		var line []byte
		var off int // where the line starts in its block
		if len(t.cur) > 0 {
			off = t.lineStart
			t.cur = grow(t.cur, p[bs:next])
			line = t.cur[t.lineStart : len(t.cur)-(next-e)]
			bs = next
		} else {
			off = ls - bs
			line = p[ls:e]
		}
		size := next - bs // the block so far, this line's terminator in it
		if len(t.cur) > 0 {
			size = len(t.cur)
		}
		if ended := t.endLine(line, off); ended || t.commentRunEnds(size) {
			end := endBlank
			if !ended {
				end = endRun
			}
			var raw string
			if len(t.cur) > 0 {
				raw = t.takeCur()
			} else {
				raw = cut(bs, next)
			}
			bs = next
			if t.max > 0 && len(raw) > t.max {
				// The stream ends here, as go-sse would end it; the bytes
				// that came with this read are kept as one last block.
				t.err = &tooLargeError{size: len(raw), max: t.max}
				t.finishBlock(raw, endCut)
				t.cur = grow(t.cur, p[bs:])
				t.lineStart = 0
				return
			}
			t.finishBlock(raw, end)
		}
		ls, i = next, next
		t.lineStart = len(t.cur)
	}
	if bs < len(p) {
		if len(t.cur) == 0 {
			t.lineStart = ls - bs
		}
		t.cur = grow(t.cur, p[bs:])
		if t.runPasses(t.lineStart, len(t.cur)) {
			t.frameRun()
		}
	}
}

// grow appends p to b, doubling its capacity when it must grow: append
// grows a large slice by a quarter, so a 20 MB event arriving in 64 KiB
// reads would be copied dozens of times over.
func grow(b, p []byte) []byte {
	if len(b)+len(p) > cap(b) {
		c := make([]byte, len(b), max(2*cap(b), len(b)+len(p), 4096))
		copy(c, b)
		b = c
	}
	return append(b, p...)
}

// takeCur hands over cur's bytes without copying them again; cur starts
// afresh, so the string never sees a later write. grow doubles, so up to
// half of cur can be room nothing was read into (a 20 MB event in a 32 MiB
// buffer); a block that wastes much of it is copied once to its own size,
// since the session keeps the block as long as it keeps the event.
func (t *sseTap) takeCur() string {
	if len(t.cur) == 0 {
		return ""
	}
	var raw string
	if waste := cap(t.cur) - len(t.cur); waste > len(t.cur)/8 && waste > parserBuffer {
		raw = string(t.cur)
	} else {
		raw = unsafe.String(&t.cur[0], len(t.cur))
	}
	t.cur, t.lineStart = nil, 0
	return raw
}

// endLine classifies one line (without its terminator) of the current block,
// which starts off bytes into the block, and reports whether it was the
// blank line that ends the block. cr says the line did not end in a lone LF.
func (t *sseTap) endLine(line []byte, off int) bool {
	if len(line) == 0 {
		return t.hasContent
	}
	t.hasContent = true
	if !t.started {
		// go-sse takes a byte order mark off the first line that is not
		// blank; the tap classifies lines the same way.
		t.started = true
		if bytes.HasPrefix(line, []byte("\xef\xbb\xbf")) {
			line, off = line[3:], off+3
			if len(line) == 0 {
				return false
			}
		}
	}
	name, value := line, len(line)
	if c := bytes.IndexByte(line, ':'); c >= 0 {
		name, value = line[:c], c+1
		if value < len(line) && line[value] == ' ' {
			value++
		}
	}
	v := span{off + value, off + len(line)}
	t.fields = t.fields || len(name) > 0
	switch string(name) {
	case "": // a comment: the line starts with a colon
		t.comments = append(t.comments, v)
	case "data":
		t.dispatch = true
		t.data = v
		t.dataLines++
	case "event":
		t.dispatch = true
	case "id":
		// An id holding NUL is ignored, as EventSource ignores it.
		if bytes.IndexByte(line, 0) < 0 {
			t.hasID, t.dispatch = true, true
		}
	case "retry":
		t.retry, t.hasRetry = v, true
	}
	return false
}

// finishBlock turns a framed block into an SSEEvent holding everything
// go-sse does not report (comments and retry), queues it for delivery, and
// hands it to go-sse when it is an event. The stream's first block always
// goes to go-sse too: go-sse strips a byte order mark from the first block
// it sees, so that must be the stream's real first.
func (t *sseTap) finishBlock(raw string, end blockEnd) {
	if end == endRun {
		t.runBefore += len(raw)
		end = endBlank
	} else {
		t.runBefore = 0
	}
	ev := t.events.newFor(len(raw))
	ev.Raw = Raw(raw)
	// A block the stream cut off, or one past the size limit, is never
	// handed to go-sse.
	ev.Cut = end == endCut
	if len(t.comments) == 1 {
		// A keep-alive: its one comment from a slab, as its event is.
		one := t.oneComment.newFor(len(raw))
		one[0] = raw[t.comments[0].from:t.comments[0].to]
		ev.Comments = one[:]
	} else {
		for _, c := range t.comments {
			ev.Comments = append(ev.Comments, raw[c.from:c.to])
		}
	}
	if t.hasRetry {
		ev.Retry = raw[t.retry.from:t.retry.to]
	}
	waiting := t.dispatch && end == endBlank
	if end == endBlank && (waiting || !t.parsing) {
		t.parsing = true
		t.ready = append(t.ready, raw)
	}
	t.queue = append(t.queue, tapBlock{ev: ev, dispatch: waiting, waiting: waiting, hasID: t.hasID, oneData: t.dataLines == 1, data: t.data})
	t.hasContent, t.fields, t.dispatch, t.hasID, t.hasRetry = false, false, false, false, false
	t.dataLines = 0
	t.comments = t.comments[:0]
	t.flush()
}

// flush delivers the queued blocks that need nothing more from go-sse, up
// to the first that does.
func (t *sseTap) flush() {
	for t.head < len(t.queue) && !t.queue[t.head].waiting {
		b := t.queue[t.head]
		t.queue[t.head] = tapBlock{}
		t.head++
		t.deliver(b.ev, b.dispatch)
	}
	if t.head == len(t.queue) {
		t.queue, t.head = t.queue[:0], 0
	}
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
