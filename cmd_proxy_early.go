package main

import (
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/mcpscope/mcpscope/ui"
)

// A streamable client may GET its stream before it initializes (Vercel's
// @ai-sdk/mcp does); upstream refuses it, and the proxy files the GET in a
// session of its own that the client's initialize goes on with. Most
// clients initialize at once and the session is like any other. One that
// never does leaves a session of a refused GET alone, and a client
// retrying that GET (or a thousand clients) would leave a recording file
// per GET. So such a session is held in memory until its client sends a
// message, and recorded then from its first record; one that ends without
// sending any is folded into one recording for the whole run, with every
// other such session (its records kept whole, one file however many).
//
// A client retrying its initialize against an upstream that is down
// would leave a recording per attempt too (720 an hour at one retry in
// 5 s). So any other session is held until upstream answered anything of
// it, or for answerWait; one that ends before either is folded into a
// recording of its own kind for the run.
//
// A legacy client whose stream upstream refused (a gateway that is down)
// ends its session with the refusal, and retries it: those are folded
// into a third kind, as no message of theirs can follow.

// earlyGets holds the sessions held back from a recording of their own,
// and the run's folds of those that ended before they were worth one.
type earlyGets struct {
	held sync.WaitGroup // sessions held, not yet recorded nor folded
	// unstarted are the sessions held and not handed on yet, by ID; s.mu
	// guards it (rename).
	unstarted map[int]bool
	// lastUnanswered is decided (closed) once the newest session held for
	// an answer upstream is folded or let out; s.mu guards it. A session
	// folded waits for those held before it: the fold is shown under the
	// number of its first session, and the session that began first must
	// be the one to open it, however the ends of the two came in (the
	// second's end could be taken before the first's).
	lastUnanswered <-chan struct{}
	gets           sessionFold // sessions of a GET before initialize that went no further
	unanswered     sessionFold // sessions upstream answered nothing of
	refused        sessionFold // sessions of a legacy stream upstream refused
}

// sessionFold is the one recording of the run's sessions of a kind that
// ended before they were worth one of their own.
type sessionFold struct {
	adding sync.Mutex // one session's records go in whole, not mixed with another's
	in     chan []mcp.Record
	made   chan struct{} // closed once path is known: the recording is made, or failed
	path   string
	folded int
	closed bool
}

// foldKind is what a fold's recording is named and shown as.
type foldKind struct {
	what   string // names its file, after the upstream's host
	folded string // its kind, as its header says it (history.Header.Folded)
	name   string // its entry in the TUI
	// id is the number it is shown under in the TUI; byFirst shows it
	// under the number of its first session, which no other entry has.
	id      int
	byFirst bool
	// one and many are what the stop's report says of one session folded
	// and of many (many has a %d for how many), before the path.
	one, many string
}

// foldOf is one of the run's folds and its kind.
type foldOf struct {
	f    *sessionFold
	kind foldKind
}

// folds are the run's folds, each with its kind, in the order the report
// says them.
func (e *earlyGets) folds() []foldOf {
	return []foldOf{{&e.gets, getsFold}, {&e.unanswered, unansweredFold}, {&e.refused, refusedFold}}
}

var (
	// getsFold is shown as 0: the proxy numbers its sessions from 1, the
	// user's own from -1. The names are in parentheses since the tab puts
	// the number first: "2 sessions upstream never answered" read as a
	// count of two where it held 3,000.
	getsFold = foldKind{what: "proxy GETs before initialize", folded: history.FoldGets,
		name: "(" + history.FoldName(history.FoldGets) + ")", id: 0,
		one:  "1 session was only a GET before initialize, refused, and its client said nothing more: it is recorded in",
		many: "%d sessions were only a GET before initialize, refused, and their client said nothing more: they are recorded together in"}
	unansweredFold = foldKind{what: "proxy sessions upstream never answered", folded: history.FoldUnanswered,
		name: "(" + history.FoldName(history.FoldUnanswered) + ")", byFirst: true,
		one:  "1 session ended with nothing answered by upstream (down, or not reached): it is recorded in",
		many: "%d sessions ended with nothing answered by upstream (down, or not reached; a client retrying its initialize): they are recorded together in"}
	refusedFold = foldKind{what: "proxy legacy streams refused", folded: history.FoldRefused,
		name: "(" + history.FoldName(history.FoldRefused) + ")", byFirst: true,
		one:  "1 legacy stream was refused (by upstream, or by the proxy for an encoding it cannot read), which ended its session: it is recorded in",
		many: "%d legacy streams were refused (by upstream, or by the proxy for an encoding it cannot read), each ending its session (a client retrying): they are recorded together in"}
)

// answerWait is how long a session upstream has answered nothing of is
// held: past it, it is a session of its own whatever comes of it.
const answerWait = time.Second

// holdEarly holds session c's records until it is worth a recording of
// its own (then it is recorded as any session is) or it ends (then it is
// folded): a session of a GET before initialize once its client sends a
// message, any other once upstream answered anything of it or answerWait
// passed.
func (s *proxySessions) holdEarly(c *proxy.Client) {
	var before <-chan struct{}
	decided := make(chan struct{})
	// A session of neither a GET before initialize nor a refused legacy
	// stream is held for upstream's answer.
	forAnswer := !c.EarlyGet && !c.RefusedStream
	release, ok := s.holdBack(c, func() {
		if forAnswer {
			before, s.early.lastUnanswered = s.early.lastUnanswered, decided
		}
	})
	if !ok {
		return
	}
	go func() {
		defer s.early.held.Done()
		defer close(decided)
		worth, f, kind := clientSpoke, &s.early.gets, getsFold
		if c.RefusedStream {
			// It ended with the refusal: nothing it holds is worth a
			// recording of its own (clientSpoke never is).
			f, kind = &s.early.refused, refusedFold
		}
		var waited <-chan time.Time
		if forAnswer {
			worth, f, kind = func([]mcp.Record) bool { return c.UpstreamAnswered() }, &s.early.unanswered, unansweredFold
			timer := time.NewTimer(answerWait)
			defer timer.Stop()
			waited = timer.C
		}
		var kept [][]mcp.Record
		in := c.Records()
		for {
			select {
			case batch, ok := <-in:
				if !ok && forAnswer && c.ClientLeftFirst() {
					// Its client hung up before upstream answered: an
					// upstream slow, not down, which the fold's
					// recording and the report would say it was. A
					// session of its own says the client left (a
					// client retrying so waits its timeout each time,
					// not a recording a refused connect).
					break
				}
				if !ok {
					if before != nil {
						// Bounded: a session held for an answer is
						// decided by answerWait at the latest.
						<-before
					}
					s.fold(c, kept, f, kind)
					release()
					return
				}
				kept = append(kept, batch)
				if !worth(batch) {
					continue
				}
			case <-waited:
			}
			out := make(chan []mcp.Record, len(kept))
			for _, b := range kept {
				out <- b
			}
			go func() {
				defer close(out)
				for b := range in {
					out <- b
				}
			}()
			s.startWith(c, out, heldLines{batches: len(kept), release: release})
			return
		}
	}()
}

// holdBack counts session c among the held (s.early.held, which wait
// waits for) until the caller hands it on (startWith) or folds it, and
// until then a new name of it waits (rename) and the lines of other
// sessions stamped after it began wait for its own (lineOrder.hold):
// release ends that wait. locked runs under s.mu with it. A session that
// starts once wait began is not held but said (late): ok is false.
func (s *proxySessions) holdBack(c *proxy.Client, locked func()) (release func(), ok bool) {
	s.mu.Lock()
	if s.over {
		s.mu.Unlock()
		s.late(c)
		return nil, false
	}
	// Under s.mu, as wait sets over: no session is counted in after
	// wait began waiting for them.
	s.early.held.Add(1)
	if s.early.unstarted == nil {
		s.early.unstarted = map[int]bool{}
	}
	s.early.unstarted[c.ID] = true
	out := s.lines
	locked()
	s.mu.Unlock()
	if out == nil {
		return func() {}, true
	}
	return out.hold(c.Started), true
}

// heldLines is what a session held back (holdEarly) kept before it was
// let out: once its printer has printed that many batches, release lets
// the lines of other sessions that wait for them go.
type heldLines struct {
	batches int
	release func()
}

// printed says a batch of the session is printed.
func (h *heldLines) printed() {
	if h.batches--; h.batches <= 0 {
		h.done()
	}
}

// done ends the hold, if there is one: the session's lines are out, or
// will never be.
func (h *heldLines) done() {
	if h.release != nil {
		h.release()
	}
}

// clientSpoke reports a batch holding a message the client sent.
func clientSpoke(batch []mcp.Record) bool {
	for _, r := range batch {
		if r.Kind == mcp.KindSent {
			return true
		}
	}
	return false
}

// fold adds the records of session c, which ended before it was worth a
// recording of its own, to the run's one recording of its kind (fold f),
// made with the first, and prints its lines (headless) as any session's.
func (s *proxySessions) fold(c *proxy.Client, kept [][]mcp.Record, f *sessionFold, kind foldKind) {
	s.mu.Lock()
	delete(s.early.unstarted, c.ID)
	opens := f.in == nil && !f.closed
	if opens {
		f.in, f.made = make(chan []mcp.Record, 16), make(chan struct{})
	}
	in, made, out, watched := f.in, f.made, s.lines, s.clients != nil
	f.folded++
	s.mu.Unlock()
	if opens {
		s.openFold(c, in, f, kind, watched)
	}
	path := ""
	if in != nil {
		// Made by the session that opened it, which may still be at it:
		// this waits off the relay's path, as that does.
		<-made
		s.mu.Lock()
		path = f.path
		s.mu.Unlock()
		f.adding.Lock()
		for _, b := range kept {
			in <- b
		}
		f.adding.Unlock()
	}
	if out != nil {
		// Printed as the fold's recording holds them, as any session's
		// lines are: a key in the upstream's query was in clear.
		recs := make(chan []mcp.Record, len(kept))
		for _, b := range kept {
			recs <- b
		}
		close(recs)
		shown, named := s.shownAs(recs, c.Upstream, clientSecrets(c))
		lp := &linePrinter{out: out, c: c, asked: map[int64]*inFlight{}, named: named}
		lp.started(path)
		for b := range shown {
			for _, r := range b {
				lp.record(r)
			}
		}
	}
}

// openFold starts the run's recording of fold f, whose records come on
// in, the first session of which is c. Not under s.mu: a disk slow to
// create the file held up every new session's start (holdBack) and every
// refusal's line, on the relay's path, until it answered.
func (s *proxySessions) openFold(c *proxy.Client, in chan []mcp.Record, f *sessionFold, kind foldKind, watched bool) {
	id := kind.id
	if kind.byFirst {
		id = c.ID
	}
	// It starts when its first session did: its records come first.
	recs, path, log, _ := s.recordStream(in, id, c.Upstream, c.Transport, c.Started, kind.what, kind.folded, nil, watched)
	s.mu.Lock()
	defer s.mu.Unlock()
	defer close(f.made)
	f.path = path
	if path != "" {
		s.noteRecorded(path, c.Started, func() string { return kind.name })
	}
	switch {
	case s.clients != nil && !closed(s.gone):
		s.feeds = append(s.feeds, recs)
		s.feed.send(ui.Client{ID: id, Name: kind.name, Records: recs, RecordingPath: path, Log: log, Fold: true})
	default:
		if log != nil {
			log.Close()
		}
		s.drain(recs)
	}
}

// closeEarly ends the run's recordings of folded sessions, once no
// session is held any more.
func (s *proxySessions) closeEarly() {
	s.mu.Lock()
	var ins []chan []mcp.Record
	for _, fo := range s.early.folds() {
		f := fo.f
		if f.in != nil {
			ins = append(ins, f.in)
		}
		f.in, f.closed = nil, true
	}
	s.mu.Unlock()
	for _, in := range ins {
		close(in)
	}
}
