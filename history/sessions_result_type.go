package history

import (
	"bytes"

	"github.com/mcpscope/mcpscope/mcp"
)

// resultTypeSkim finds, for the sessions listing, the 2026 answers whose
// resultType fails their row, as Pairs fails it (unknownResultType, the
// one reading): no error record says so, and the listing counted no
// error where the bar and the export said the row failed. The listing
// reads skeletons; only an answer that may say another resultType than
// "complete" is read whole.
type resultTypeSkim struct {
	protocol string           // the session's, as its states say it
	asked    map[int64]string // a 2026 session's requests not answered yet -> their methods
	// event is the newest event's line, kept while it may hold such an
	// answer (its bytes, which a received record's raw_of points into).
	event []byte
}

// mayFail is whether line, a record's line as written, may hold a
// resultType other than "complete": most 2026 answers say that one.
func mayFail(line []byte) bool {
	return bytes.Contains(line, []byte(`resultType`)) && !bytes.Contains(line, []byte(`\"resultType\":\"complete\"`))
}

// reset forgets the session before: a recording of many begins another.
func (k *resultTypeSkim) reset() {
	k.protocol, k.event = "", nil
	clear(k.asked)
}

// resultTypeLineMost bounds the line of a 2026 answer (or of the event
// holding its bytes) read whole to check its resultType: a line longer
// than the listing's read buffer comes as a skeleton, and an answer of a
// resultType no revision knows counted no error in it. Past the bound
// (the default --max-event-size, which no answer is read past) the cost
// of holding it, for one count, is the listing's no longer.
const resultTypeLineMost = 64 << 20

// see takes in the record s, line giving its line as written, up to a
// bound (nil past it), and reports whether it is an answer whose
// resultType failed its row. line is asked only of the records of a 2026
// session that may be such an answer.
func (k *resultTypeSkim) see(s *recordSummary, line func(most int64) []byte) bool {
	switch {
	case s.Kind == mcp.KindState:
		if s.State.State == mcp.StateConnecting || s.State.State == mcp.StateReconnecting {
			k.protocol = "" // a new connection negotiates its own, as the Log reads it
		}
		if s.State.Protocol != "" {
			k.protocol = s.State.Protocol
		}
	case s.Kind == mcp.KindEvent:
		k.event = nil
		if !mcp.IsModern(k.protocol) {
			break
		}
		if whole := line(resultTypeLineMost); whole != nil && mayFail(whole) {
			k.event = bytes.Clone(whole)
		}
	case s.RPC == nil:
	case s.Kind == mcp.KindSent && s.RPC.Class == mcp.ClassRequest && mcp.IsModern(k.protocol):
		if k.asked == nil {
			k.asked = map[int64]string{}
		}
		k.asked[s.Seq] = s.RPC.Method
	case s.Kind == mcp.KindReceived && (s.RPC.Class == mcp.ClassResponse || s.RPC.Class == mcp.ClassLate):
		method, ok := k.asked[s.RPC.ReqSeq]
		delete(k.asked, s.RPC.ReqSeq)
		if !ok || s.RPC.Class != mcp.ClassResponse || s.RPC.RPCError || !mcp.IsModern(k.protocol) {
			return false
		}
		whole := line(resultTypeLineMost)
		if whole == nil {
			return false
		}
		if !mayFail(whole) && (k.event == nil || !bytes.Contains(whole, []byte(`"raw_of"`))) {
			return false
		}
		d := decoder{noFacts: true}
		if k.event != nil {
			_, _ = d.decode(k.event) // what raw_of points into
		}
		rec, err := d.decode(whole)
		return err == nil && rec.RPC != nil && unknownResultType(method, rec.RPC.Raw) != ""
	}
	return false
}
