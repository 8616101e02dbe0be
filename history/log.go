// Package history turns the record stream of a session into what the screens
// show and what is kept on disk: the in-memory index (Log), the JSON Lines
// recorder and reader, timed playback, exports and the comparison of runs.
//
// The Log is pure: the same records give the same Log, which is why a replayed
// session looks exactly like the live one did.
package history

import (
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

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

// Log is the in-memory index over a record sequence; pure: same records ->
// same Log. Not safe for concurrent use (the UI owns it).
//
// A million records fit: records are kept by value in blocks, events are an
// index slice, and the only map is the one pairing needs (Seq of a record
// that opened a row -> that row).
type Log struct {
	recs   chunked[mcp.Record]
	events []int32
	pairs  chunked[Pair]
	rowOf  map[int64]int32
	// progressOf finds a pending request's row by its id, which is the
	// progressToken mcpscope sends; rounds counts the later rounds of each
	// multi round-trip chain.
	progressOf map[string]int32
	rounds     map[int64]int
	// listenRow is the row of the newest listen stream, -1 for none.
	listenRow int32

	stats       Stats
	failed      int // rows of ours in a failed state
	strayErrors int // error records not tied to a row
	connectedAt time.Time

	neg   negotiationIndex
	tools toolIndex
}

// NewLog returns an empty Log.
func NewLog() *Log {
	return &Log{rowOf: make(map[int64]int32), progressOf: map[string]int32{}, rounds: map[int64]int{}, listenRow: -1}
}

// Append indexes records in the order given. Each record costs O(1)
// amortized; records are copied, so the caller may reuse its slice.
func (l *Log) Append(rs ...mcp.Record) {
	for i := range rs {
		idx := int32(l.recs.n)
		r := l.recs.add(rs[i])
		l.index(r, idx)
	}
}

// Len is the number of records.
func (l *Log) Len() int { return l.recs.n }

// At returns the i-th record (0-based), or nil when i is out of range.
func (l *Log) At(i int) *mcp.Record {
	if i < 0 || i >= l.recs.n {
		return nil
	}
	return l.recs.at(i)
}

// EventCount is the number of SSE event records.
func (l *Log) EventCount() int { return len(l.events) }

// Event returns the i-th record of KindEvent, or nil when out of range.
func (l *Log) Event(i int) *mcp.Record {
	if i < 0 || i >= len(l.events) {
		return nil
	}
	return l.recs.at(int(l.events[i]))
}

// PairCount is the number of rows in the pairs pane.
func (l *Log) PairCount() int { return l.pairs.n }

// Pair returns the i-th row, in the order their first record arrived, or nil
// when out of range. The pointer stays valid and is updated in place as
// answers arrive.
func (l *Log) Pair(i int) *Pair {
	if i < 0 || i >= l.pairs.n {
		return nil
	}
	return l.pairs.at(i)
}

// ConnectedAt is the time of the first state record; events show time since
// this. It is zero until a state record arrives.
func (l *Log) ConnectedAt() time.Time { return l.connectedAt }

// Stats holds the counts for the status bar.
type Stats struct {
	Records, Events, Requests, Pending, Errors, Foreign, Notifications int
	// Bytes received from the server: SSE event bytes and the bodies of
	// HTTP answers other than the stream itself (whose bytes are the events).
	Bytes                            int64
	State, SessionID, URL, Transport string
	// Protocol is the protocol version the server chose.
	Protocol string
}

// Stats returns the counts for the status bar. Errors counts our rows that
// failed (JSON-RPC error, tool error, timeout, refused POST) plus error
// records that ended no request.
func (l *Log) Stats() Stats {
	s := l.stats
	s.Records = l.recs.n
	s.Events = len(l.events)
	s.Errors = l.failed + l.strayErrors
	s.SessionID = l.neg.sessionID
	if s.URL == "" && l.neg.stream != nil {
		s.URL = l.neg.stream.HTTP.URL
	}
	return s
}

func (l *Log) index(r *mcp.Record, idx int32) {
	switch r.Kind {
	case mcp.KindEvent:
		if r.Event == nil {
			return
		}
		l.events = append(l.events, idx)
		l.stats.Bytes += int64(len(r.Event.Raw))
		l.neg.onEvent(r)
	case mcp.KindHTTP:
		if r.HTTP != nil {
			l.onHTTP(r)
		}
	case mcp.KindEndpoint:
		if r.Endpoint != nil {
			l.neg.onEndpoint(r)
		}
	case mcp.KindSent, mcp.KindReceived:
		if r.RPC != nil {
			l.onRPC(r)
		}
	case mcp.KindState:
		if r.State != nil {
			l.onState(r)
		}
	case mcp.KindError:
		if r.Error != nil {
			l.onError(r)
		}
	case mcp.KindDetect:
		if r.Detect != nil {
			l.neg.onDetect(r)
			if r.Detect.Transport != "" {
				l.stats.Transport = r.Detect.Transport
			}
		}
	}
}

func (l *Log) onState(r *mcp.Record) {
	if l.connectedAt.IsZero() {
		l.connectedAt = r.Time
	}
	st := r.State
	switch st.State {
	case mcp.StateGetStream, mcp.StateListen, mcp.StateResuming, mcp.StateResumed:
		// Facts about one stream, shown in the negotiation pane: the
		// session's own state has not changed.
	default:
		l.stats.State = st.State
	}
	if st.URL != "" {
		l.stats.URL = st.URL
	}
	if st.Transport != "" {
		l.stats.Transport = st.Transport
	}
	if st.Protocol != "" {
		l.stats.Protocol = st.Protocol
	}
	l.neg.onState(r)
}

func (l *Log) onError(r *mcp.Record) {
	e := r.Error
	// Errors that end one request are that row's story; failed POSTs and
	// replies carry advice about the session, so they are problems too.
	if (e.ReqSeq == 0 || e.Op == mcp.OpPost || e.Op == mcp.OpReply) && e.Op != mcp.OpProbe {
		l.neg.addSource(r)
	}
	var p *Pair
	if e.ReqSeq != 0 {
		p = l.row(e.ReqSeq)
	}
	if p == nil {
		l.strayErrors++
		return
	}
	if p.Failure == nil {
		p.Failure = r
	}
	switch {
	case p.State == StatePending || p.State == StateSent && e.Op == mcp.OpPost:
		l.setState(p, failureState(e.Op))
	case (p.State.Failed() || p.State == StateProbe) && (e.Op == mcp.OpPost || e.Op == mcp.OpProbe):
		// Already counted: the POST's status failed the row first.
	default:
		// The row was answered, so this error is a story of its own.
		l.strayErrors++
	}
}

// failureState is where an error leaves the request it ended.
func failureState(op string) PairState {
	switch op {
	case mcp.OpTimeout:
		return StateTimedOut
	case mcp.OpPost:
		return StatePostFailed
	case mcp.OpCancelled:
		return StateCancelled
	case mcp.OpProbe:
		return StateProbe
	}
	return StateFailed
}

func (l *Log) onHTTP(r *mcp.Record) {
	h := r.HTTP
	if len(h.Redirects) > 0 {
		l.neg.onRedirects(h)
	}
	if h.Purpose == mcp.PurposeStream {
		l.neg.streamGET(r)
		return
	}
	l.stats.Bytes += h.BodySize
	l.neg.post(r)
	if h.ReqSeq == 0 {
		return
	}
	p := l.row(h.ReqSeq)
	if p == nil {
		return
	}
	if h.Purpose == mcp.PurposeResume {
		l.resumed(p, r)
		return
	}
	p.Post = r
	p.PostLatency = h.Duration
	// A POST that was not accepted will never be answered on the stream;
	// an answer that already arrived wins over what the POST said.
	if !accepted(h) && (p.State == StatePending || p.State == StateSent) {
		st := StatePostFailed
		if h.Purpose == mcp.PurposeProbe {
			st = StateProbe
		}
		l.setState(p, st)
	}
}

// accepted reports whether the server took a POST: 202 on legacy SSE, 200
// with the answer on streamable HTTP.
func accepted(h *mcp.HTTPExchange) bool { return h.Status >= 200 && h.Status < 300 }

// row returns the row opened by the record with this Seq, if any.
// PairOf is the row the record with Seq seq opened (a request's pair, for
// the Seq of its sent record), or nil.
func (l *Log) PairOf(seq int64) *Pair { return l.row(seq) }

func (l *Log) row(seq int64) *Pair {
	i, ok := l.rowOf[seq]
	if !ok {
		return nil
	}
	return l.pairs.at(int(i))
}

// open adds a row and remembers it under the Seq of the record that opened
// it, so answers, POSTs and failures can find it.
func (l *Log) open(p Pair, seq int64, register bool) *Pair {
	st := p.State
	p.State = ""
	i := int32(l.pairs.n)
	row := l.pairs.add(p)
	if register {
		l.rowOf[seq] = i
	}
	l.setState(row, st)
	return row
}

// setState moves a row to a state and keeps the pending and failure counts
// current, so Stats costs nothing per frame.
func (l *Log) setState(p *Pair, s PairState) {
	if p.waits() {
		l.stats.Pending--
	}
	if p.Kind != KindForeign && p.State.Failed() {
		l.failed--
	}
	p.State = s
	if p.waits() {
		l.stats.Pending++
	}
	if p.Kind != KindForeign && s.Failed() {
		l.failed++
	}
}
