package history

import (
	"bytes"
	"slices"
	"strconv"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A stream that floods keep-alive comments makes one event record per
// comment, each the same as the last but for its seq and time. Encoding
// each afresh (the redactor's walk, encoding/json's reflection) cost most
// of a core; the line of the last keep-alive is kept instead, and a record
// of the same event is written as its seq and time before that line's
// rest. Every record still gets its own line, as it did.
//
// A keep-alive that differs from the one before (`: ping 1`, `: ping 2`)
// is encoded afresh, but it still folds into the run (foldsInto) the Logs
// reading the recording back keep as one entry: the Recorder does not
// index its line for them (follows).
//
// Reading a recording back, the same rule spots those runs among its
// lines (repeats), so that a replay's index, like the live one, keeps a run
// of them as its first line and a count (source_runs.go).

// keepAliveLine is the last keep-alive recorded, when the record before is
// one: its event, and its line after `{"seq":N,"time":"T"`.
type keepAliveLine struct {
	ev   *mcp.SSEEvent
	tail []byte // nil when its line does not start as lineHead says
	buf  []byte // the last repeated line: Write copies it out before the next
	may  []bool // by token, whether the line may hold it, kept for the next
}

// follows reports whether rec joins the run of keep-alives the last record
// ended (foldsInto), which the Logs keep as one entry.
func (k *keepAliveLine) follows(rec *mcp.Record) bool {
	return k.ev != nil && bareKeepAlive(rec) && foldsInto(k.ev, rec.Event)
}

// bareKeepAlive reports a record that is only an event a run can hold
// (runnable: a keep-alive, or an id alone): nothing but its seq and time,
// and its text, tell it from the one before.
func bareKeepAlive(rec *mcp.Record) bool {
	return rec.Kind == mcp.KindEvent && rec.Event != nil && runnable(rec.Event) &&
		rec.HTTP == nil && rec.Endpoint == nil && rec.RPC == nil && rec.State == nil && rec.Error == nil && rec.Detect == nil
}

// lineHead appends to b how a record's line starts: its seq and its time,
// as encoding/json writes them (time.Time's MarshalJSON is its AppendText
// quoted); false for a time JSON cannot hold.
func lineHead(b []byte, rec *mcp.Record) ([]byte, bool) {
	b = strconv.AppendInt(append(b, `{"seq":`...), rec.Seq, 10)
	b, err := rec.Time.AppendText(append(b, `,"time":"`...))
	if err != nil {
		return nil, false
	}
	return append(b, '"'), true
}

// repeated is rec's line when it is a bare keep-alive of the same event as
// the last one remembered and no token the redactor looks for may be in
// it; false means encoding it as any other.
func (k *keepAliveLine) repeated(rec *mcp.Record, red *redactor) (encodedLine, bool) {
	if k.tail == nil || !k.follows(rec) || !k.ev.Same(rec.Event) {
		return encodedLine{}, false
	}
	head, ok := lineHead(k.buf[:0], rec)
	if !ok {
		return encodedLine{}, false
	}
	k.buf = append(head, k.tail...)
	line := encodedLine{text: [][]byte{k.buf}}
	if !red.off {
		k.may = line.mayContain(red.tokens, k.may)
		if slices.Contains(k.may, true) {
			return encodedLine{}, false
		}
	}
	return line, true
}

// repeats reports whether line, read back as the record with this seq and
// time, is the last keep-alive remembered written again: its head, then
// the same rest, as repeated writes it.
func (k *keepAliveLine) repeats(line []byte, seq int64, t time.Time) bool {
	if k.tail == nil || len(line) <= len(k.tail) {
		return false
	}
	head, ok := lineHead(k.buf[:0], &mcp.Record{Seq: seq, Time: t})
	if !ok {
		return false
	}
	k.buf = head
	return len(line) == len(head)+len(k.tail) && bytes.HasPrefix(line, head) && bytes.Equal(line[len(head):], k.tail)
}

// forget drops the keep-alive remembered: the record after it is another.
func (k *keepAliveLine) forget() { k.ev, k.tail = nil, nil }

// remember keeps rec when it is a bare keep-alive, and the line just
// encoded for it when that starts as lineHead says; anything else forgets.
func (k *keepAliveLine) remember(rec *mcp.Record, line encodedLine) {
	k.forget()
	if !bareKeepAlive(rec) {
		return
	}
	ev := *rec.Event
	k.ev = &ev
	if len(line.text) != 1 {
		return
	}
	if head, ok := lineHead(nil, rec); ok && bytes.HasPrefix(line.text[0], head) {
		k.tail = bytes.Clone(line.text[0][len(head):])
	}
}
