// Package history turns the record stream of a session into what the screens
// show and what is kept on disk: the in-memory index (Log), the JSON Lines
// recorder and reader, timed playback, exports and the comparison of runs.
//
// The Log is pure: the same records give the same Log, which is why a replayed
// session looks exactly like the live one did.
package history

import (
	"net/url"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Log is the index over a record sequence; pure: same records -> same Log.
// Not safe for concurrent use (the UI owns it).
//
// A million records fit: the Log keeps a few bytes per record (which records
// are events, the rows of the pairs pane, the one map pairing needs) and the
// records themselves stay in a store: the recording file, read back when a
// record is asked for (a replay, and a live session being recorded: see
// Recorder.NewLog), or memory (a live session not recorded).
type Log struct {
	st     store
	events []int32             // entries that are SSE events
	runs   map[int32]*EventRun // entries standing for a run of keep-alives
	// runMu guards runs and what they hold, which an EventView reads
	// off the update loop (the events filter matches what a run's row
	// shows); only fold writes them.
	runMu sync.RWMutex
	ping  *mcp.SSEEvent // the last entry, when it is a keep-alive
	rows  chunked[row]
	rowOf map[int64]int32 // Seq of a record that opened a row -> the row
	views pairViews
	names map[string]string // method and tool names, stored once each
	// progressOf finds a pending request's row (its key) by the
	// progressToken it named, else its id (the token mcpscope sends), as
	// exec finds its own; rounds counts the later rounds of each multi
	// round-trip chain, and lastRound is the row of its newest.
	progressOf ProgressOwners
	// progressWatch checks every notifications/progress against its
	// token's last, as exec does: a pending request's, or one whose
	// notification opens a row of its own.
	progressWatch ProgressWatch
	// reconnected are the records that opened a connection after the
	// first (the export's reconnects), kept as they come: found by
	// reading every record back, an export read a recording twice.
	reconnected []int32
	everOpen    bool // a connection of the log's opened: a later one reconnects
	rounds      map[int64]int
	lastRound   map[int64]int32
	// listenRow is the row of the session's newest listen stream, -1 for
	// none.
	listenRow int32
	// eventOf is the request whose stream carried the newest SSE event
	// (its ReqSeq; 0 for none): the message logged right after an event
	// is what it carried.
	eventOf int64
	// openAtClose are the rows the session's close ends if still
	// pending: listen streams that may still be open (the session's and
	// those typed by hand), and requests whose POST mcpscope stopped
	// waiting for or the server took and has not answered yet.
	openAtClose []int32

	stats Stats
	// own follows the legacy transport's reopening of a broken stream on
	// its own: a connection's "closed" is then one failed attempt, and the
	// session is still reconnecting.
	own ownReconnects
	// listenReopens follows the listen stream's reopenings of its own,
	// which count as no request of the user's (listen_reopen.go).
	listenReopens listenReopens
	// ownReconnectEnds are where each run of those reconnects ended, in
	// record order (reconnect_own.go).
	ownReconnectEnds []ownReconnectEnd
	// ownReconnectRows are the rows the break failed saying those
	// reconnects are under way, whose Pairs change once they end.
	ownReconnectRows []int32
	failed           int // rows of ours in a failed state
	strayErrors      int // error records not tied to a row
	// lastError is the message of the newest error record: one that
	// wraps it whole is the same failure said again (onError).
	lastError   string
	connectedAt time.Time
	lastTime    time.Time

	neg     negotiationIndex
	tools   ToolListing
	surface surfaceIndex
	cur     int32 // entry + 1 of the record being indexed
	// outNotes are the outputSchema notes of tools/call answers that
	// their sender read (NoteOutput).
	outNotes outputNotes
}

// EventRun is what a row of the events pane stands for besides its event:
// itself alone (N 1, no Newest or NewestID), or a run of keep-alives (blocks
// an EventSource would not dispatch, one after another on one stream,
// whatever their text: `: ping 1`, `: ping 2`, ...) kept as its first
// event: a server that pings every second for a day, or floods, costs one
// entry, while the recording still has every byte.
type EventRun struct {
	N    int       // events in the run, the first included
	Last time.Time // the newest one's time
	// Newest is the newest block when its text is not the first's (nil
	// when it is): a person reads where the run ended, `: ping - 12:00`,
	// as well as where it began.
	Newest *mcp.SSEEvent
	// NewestID is the newest block of an id when it is not the first: its
	// id is the Last-Event-ID a reconnect sends, whatever keep-alives
	// followed.
	NewestID *mcp.SSEEvent
	// Bytes are the run's blocks' bytes, counted as they came (the Size
	// column and Detail say them, as the status bar's total does).
	Bytes int64
}

// NewLog returns an empty Log that keeps its records in memory.
func NewLog() *Log { return newLog(&memStore{}) }

func newLog(st store) *Log {
	return &Log{st: st, rowOf: make(map[int64]int32), runs: make(map[int32]*EventRun), names: make(map[string]string),
		rounds: map[int64]int{}, lastRound: map[int64]int32{}, listenRow: -1}
}

// Close releases the recording a Log made by LoadLog reads from; other Logs
// have nothing to release.
func (l *Log) Close() error { return l.st.Close() }

// Append indexes records in the order given. Each record costs O(1)
// amortized; records are copied, so the caller may reuse its slice.
func (l *Log) Append(rs ...mcp.Record) {
	for i := range rs {
		in := &rs[i]
		l.stats.Records++
		if in.Kind == mcp.KindSent || in.Kind == mcp.KindReceived {
			l.stats.Messages++
		}
		l.lastTime = in.Time
		if l.fold(in) {
			continue
		}
		idx := int32(l.st.len())
		r := l.st.put(in)
		l.ping = nil
		l.index(r, idx)
	}
}

// fold adds a keep-alive to the run the last entry stands for, if it is
// one (foldsInto), and reports whether it did.
func (l *Log) fold(r *mcp.Record) bool {
	if r.Kind != mcp.KindEvent || r.Event == nil || l.ping == nil || !foldsInto(l.ping, r.Event) {
		return false
	}
	e := l.events[len(l.events)-1]
	l.runMu.Lock()
	ru := l.runs[e]
	if ru == nil {
		ru = &EventRun{N: 1, Bytes: int64(len(l.ping.Raw))}
		l.runs[e] = ru
	}
	ru.Newest = nil
	if !l.ping.Same(r.Event) {
		ru.Newest = r.Event
	}
	if r.Event.HasID {
		ru.NewestID = r.Event
	}
	ru.N++
	ru.Last = r.Time
	size := int64(len(r.Event.Raw))
	if through, ok := l.st.runBytes(int(e), ru.N); ok {
		// A replay hands out the blocks between a run's first and newest
		// as the first (its index keeps no more of them): the recording's
		// own count of the run's bytes keeps the total what live said.
		size = max(through-ru.Bytes, 0)
	}
	ru.Bytes += size
	l.runMu.Unlock()
	l.stats.Events++
	l.stats.Bytes += size
	l.st.folded(r)
	return true
}

// runnable reports whether ev is a block a run of keep-alives can hold,
// nothing an EventSource would dispatch as an event, which a server can
// flood: comments, but also a retry field or a line it ignores ("x"),
// three bytes a block (2 million of them grew the TUI by 170 MB, where as
// many identical comments cost one row); or an id and no data (`id: 7`),
// which sets the Last-Event-ID a reconnect sends, so a run keeps the
// newest of them (EventRun.NewestID), whatever came after it.
func runnable(ev *mcp.SSEEvent) bool {
	return !ev.Dispatched() || ev.HasID && ev.Name == "" && ev.Data == ""
}

// foldsInto is the one rule by which a block joins the run before it, in
// the live index, the recorder and a replay's index alike: both are blocks
// a run can hold on the same stream, whatever their text. Folding only
// identical ones let a server that numbers or timestamps its pings
// (sse-starlette's `: ping - <time>`) grow the TUI by an entry a ping; and
// keeping comments and ids alone apart, a server alternating `: ping` and
// `id: N` grew it by an entry a block. Nothing is hidden by folding them:
// the run keeps its newest id, the Last-Event-ID a reconnect sends.
func foldsInto(prev, ev *mcp.SSEEvent) bool {
	return runnable(ev) && runnable(prev) && prev.SameStream(ev)
}

// Len is the number of entries: the records, with each run of
// keep-alives counted once (Stats().Records counts every record).
func (l *Log) Len() int { return l.st.len() }

// At returns the i-th entry (0-based), or nil when i is out of range. A
// replay reads it back from the recording; it must not be changed.
func (l *Log) At(i int) *mcp.Record {
	if i < 0 || i >= l.st.len() {
		return nil
	}
	return l.st.get(i)
}

// LastTime is the time of the newest record appended.
func (l *Log) LastTime() time.Time { return l.lastTime }

// EventCount is the number of rows of the events pane: SSE events, each
// run of keep-alives counted once.
func (l *Log) EventCount() int { return len(l.events) }

// Event returns the record of the i-th row of the events pane, or nil when
// out of range. For a run of keep-alives it is the first of them.
func (l *Log) Event(i int) *mcp.Record {
	if i < 0 || i >= len(l.events) {
		return nil
	}
	return l.st.get(int(l.events[i]))
}

// EventRun is what the i-th row of the events pane stands for besides its
// event (Event): the run of keep-alives it keeps, or the event alone; the
// zero EventRun when out of range.
func (l *Log) EventRun(i int) EventRun {
	if i < 0 || i >= len(l.events) {
		return EventRun{}
	}
	return l.runOf(l.events[i], l.st.get)
}

// EventAndRun is Event and EventRun of the i-th row at once: the row of
// an event alone reads its record once, where the two read it twice, per
// row per frame.
func (l *Log) EventAndRun(i int) (*mcp.Record, EventRun) {
	if i < 0 || i >= len(l.events) {
		return nil, EventRun{}
	}
	r := l.st.get(int(l.events[i]))
	return r, l.runOf(l.events[i], func(int) *mcp.Record { return r })
}

// runOf is EventRun of entry e, whose record get reads when it is an event
// alone.
func (l *Log) runOf(e int32, get func(int) *mcp.Record) EventRun {
	l.runMu.RLock()
	ru := l.runs[e]
	var out EventRun
	if ru != nil {
		out = *ru
	}
	l.runMu.RUnlock()
	if ru != nil {
		return out
	}
	r := get(int(e))
	return EventRun{N: 1, Last: r.Time, Bytes: int64(len(r.Event.Raw))}
}

// PairCount is the number of rows in the pairs pane.
func (l *Log) PairCount() int { return l.rows.n }

// Pair returns the i-th row, in the order their first record arrived, or nil
// when out of range. The pointer stays valid, and while anyone holds it the
// Log updates it in place as answers arrive.
func (l *Log) Pair(i int) *Pair {
	if i < 0 || i >= l.rows.n {
		return nil
	}
	return l.views.get(l, int32(i))
}

// ConnectedAt is the time of the first state record; events show time since
// this. It is zero until a state record arrives.
func (l *Log) ConnectedAt() time.Time { return l.connectedAt }

// Stats holds the counts for the status bar.
type Stats struct {
	Records, Events, Requests, Pending, Errors, Foreign, Notifications int
	// Messages counts the JSON-RPC messages sent and received, as a
	// replay counts them to come: a request and its answer are two.
	Messages int
	// Bytes received from the server: SSE event bytes and the bodies of
	// HTTP answers other than the stream itself (whose bytes are the events).
	Bytes                 int64
	State, URL, Transport string
	// SessionID is the id of the session in use: none once connecting
	// failed, whatever id the server gave before.
	SessionID string
	// Protocol is the protocol version the server chose.
	Protocol string
	// Detected is set once detection said which transport the URL serves
	// (or that none worked); until then Transport is the one being tried.
	// A detection started again after one that found nothing clears it.
	Detected bool
	// Probe is the step detection took last, "POST server/discover",
	// "POST initialize" or "GET /sse", and ProbeSince when it began: while
	// Detected is false, what the session is waiting on.
	Probe      string
	ProbeSince time.Time
}

// Stats returns the counts for the status bar. Errors counts our rows that
// failed (JSON-RPC error, tool error, timeout, refused POST) plus error
// records that ended no request.
func (l *Log) Stats() Stats {
	s := l.stats
	s.Errors = l.failed + l.strayErrors
	// A session that failed to connect (a refused protocol version, say,
	// after the initialize answer named its Mcp-Session-Id) has no
	// session in use; the Negotiation pane still tells the id it was given.
	if s.State != mcp.StateFailed {
		s.SessionID = l.neg.check.SessionID()
	}
	if s.URL == "" && l.neg.stream != nil {
		s.URL = l.neg.stream.HTTP.URL
	}
	return s
}

// index files one kept record, entry idx of the store.
func (l *Log) index(r *mcp.Record, idx int32) {
	l.cur = idx + 1
	if len(l.neg.check.Look(r)) > 0 {
		l.neg.dirty = true
	}
	l.neg.noteSession(l.neg.check.SessionID())
	switch r.Kind {
	case mcp.KindEvent:
		if r.Event == nil {
			return
		}
		l.events = append(l.events, idx)
		l.eventOf = r.Event.ReqSeq
		l.stats.Events++
		l.stats.Bytes += int64(len(r.Event.Raw))
		if runnable(r.Event) {
			l.ping = r.Event
		}
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
			// A detection that found nothing leaves no transport: the one
			// tried last is not the session's.
			l.stats.Transport = r.Detect.Transport
			l.stats.Detected = true
			l.stats.Probe, l.stats.ProbeSince = "", time.Time{}
		}
	}
}

// PairOf is the row the record with Seq seq opened (a request's pair, for
// the Seq of its sent record), or nil.
func (l *Log) PairOf(seq int64) *Pair {
	i, ok := l.rowOf[seq]
	if !ok {
		return nil
	}
	return l.Pair(int(i))
}

// row returns the row opened by the record with this Seq, and its index.
func (l *Log) row(seq int64) (int32, *row) {
	i, ok := l.rowOf[seq]
	if !ok {
		return 0, nil
	}
	return i, l.rows.at(int(i))
}

// open adds a row and remembers it under the Seq of the record that opened
// it, so answers, POSTs and failures can find it.
func (l *Log) open(o opening, seq int64, register bool) *row {
	o.method, o.tool = l.name(o.method), l.name(o.tool)
	i := int32(l.rows.n)
	rw := l.rows.add(o.row())
	if register {
		l.rowOf[seq] = i
	}
	l.setState(rw, o.state)
	return rw
}

// name returns one shared copy of a method or tool name: a flood of the
// same notification keeps one string, not one each. A session naming too
// many methods to be honest stops being shared past maxNames.
func (l *Log) name(s string) string {
	if n, ok := l.names[s]; ok {
		return n
	}
	if len(l.names) < maxNames {
		l.names[s] = s
	}
	return s
}

const maxNames = 4096

// counts reports a row whose failure is one of ours: not an answer that
// pairs with no request, or repeats an answer already paired.
// A listen stream mcpscope reopened on its own failing again is not.
func (p *row) counts() bool {
	return p.kind() != KindForeign && p.kind() != KindDuplicate && (p.more == nil || !p.more.ownReopen)
}

// setState moves a row to a state and keeps the pending and failure counts
// current, so Stats costs nothing per frame.
func (l *Log) setState(p *row, s PairState) {
	if p.waits() {
		l.stats.Pending--
	}
	if p.counts() && p.state().Failed() {
		l.failed--
	}
	p.stateNo = codeIn(pairStates, s)
	if p.waits() {
		l.stats.Pending++
	}
	if p.counts() && s.Failed() {
		l.failed++
	}
}

// probing notes a step of detection that began at t. The first step after
// a detection that found nothing (the user pressed r) starts detection
// again; after one that found a transport, it is that transport's own
// (a new session, an initialize sent by hand) and no probe.
func (l *Log) probing(what string, t time.Time) {
	if d := l.neg.detect; l.stats.Detected && d != nil && d.Transport == "" && !d.Forced {
		l.stats.Detected = false
	}
	if !l.stats.Detected {
		l.stats.Probe, l.stats.ProbeSince = what, t
	}
}

// urlPath is the path a probe went to ("/sse"), the whole URL when it
// does not parse, "/" when it has none.
func urlPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	if u.Path == "" {
		return "/"
	}
	return u.Path
}
