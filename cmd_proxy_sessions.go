package main

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/mcpscope/mcpscope/ui"
)

// proxySessions records each client session to a file of its own and
// hands its records to whoever shows them: the TUI, or the line printer.
type proxySessions struct {
	cfg  mcp.Config
	pf   *proxyFlags
	errw io.Writer
	wg   sync.WaitGroup

	mu       sync.Mutex
	paths    []listedPath // the recordings of the listedPaths sessions that connected last, in that order
	recorded int          // recordings made in all
	// failed holds the listed recordings (and any not listed yet) a write
	// error made incomplete, and incomplete counts them all: the report
	// must not list them as recorded like the rest. unlisted holds the
	// recordings made and not listed yet, so a failure of one that has
	// dropped off the list (no longer named in the report) is only
	// counted, and failed stays as small as the list.
	failed map[string]string // path -> why
	// noted holds, as failed does, the caveats of listed recordings
	// whose records are whole (history.Caveat): the report says them
	// beside the path, where the TUI's notice of one was gone with it.
	noted      map[string]string // path -> the caveat
	incomplete int
	// unanswered counts the recordings whose close the disk did not
	// answer (history.Unanswered): they may be whole, or not.
	unanswered int
	unlisted   sync.Map // path -> struct{}; stored by recordStream, which runs without s.mu
	// unrecorded counts the sessions whose recording could not be
	// created; atomic, as it is counted with s.mu held or not.
	unrecorded    atomic.Int64
	unrecordedWhy atomic.Value   // the last one's error text
	lines         *lineOrder     // headless: where lines go, in the order of their times, once the banner is out
	clients       chan ui.Client // the TUI's feed
	feed          *clientFeed    // queues for clients, so no session waits on the TUI
	gone          chan struct{}  // closed once the TUI stopped reading
	feeds         []<-chan []mcp.Record
	// names redacts the label of each session the TUI shows, by its
	// client's id, as its records are (shownAs): a new name of it
	// (rename) may spell the key in its URL's query too.
	names      map[int]func(string) string
	own        []*mcp.Session           // the user's own sessions, opened from the TUI
	answers    *ui.Answerer             // answers what the server asks the user's own sessions; nil headless
	refusals   map[int]*refusals        // requests in no session refused, by status: 503 for want of room for a session
	refusedFor map[proxy.RefusedFor]int // of the refusals, how many were given for each reason (proxy.Refusal.Reason)
	early      earlyGets                // sessions held until they are worth a recording of their own
	// unanswered counts the requests that still waited as their sessions
	// ended (upstream never answered them: a client killed mid-call), and
	// names the first few, for the report in the TUI as in headless.
	unansweredN     int
	unansweredNames []string
	// create makes a session's recording; nil means history.CreateIn (a
	// test's waits, to show that no client waits for it).
	create func(dir string, started time.Time, host string, h history.Header, opts history.RecordOptions) (*history.Recorder, error)
	// stopping is closed as wait begins: from then on a recording still
	// being created is waited for at most createWait (createRecording).
	stopping chan struct{}
	stopOnce sync.Once
	// over is set, under mu, as wait begins: a session that starts later
	// (its handler outlived the proxy's close) would record into a run
	// whose recordings are closed and reported, so it is said, not
	// recorded (late).
	over bool
}

// newProxySessions decides where sessions go before the proxy serves, so
// a client that connects at once is neither lost nor printed before the
// banner: headless lines go to errw, otherwise sessions wait for the TUI.
func newProxySessions(cfg mcp.Config, pf *proxyFlags, errw io.Writer) *proxySessions {
	s := &proxySessions{cfg: cfg, pf: pf, errw: errw, gone: make(chan struct{}), stopping: make(chan struct{})}
	if pf.headless {
		s.lines = newLineOrder(errw)
	} else {
		s.clients = make(chan ui.Client, 64)
		s.feed = newClientFeed(s.clients, s.gone)
	}
	return s
}

// print lets the sessions' lines out, once the banner above them is.
func (s *proxySessions) print() { s.lines.start() }

// show is the channel the TUI reads sessions from.
func (s *proxySessions) show() <-chan ui.Client { return s.clients }

// unshow drains what the TUI no longer reads, so every recording still
// gets all of its records and closes.
func (s *proxySessions) unshow() {
	s.mu.Lock()
	close(s.gone)
	feeds := s.feeds
	s.feeds = nil
	s.mu.Unlock()
	for _, f := range feeds {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for range f {
			}
		}()
	}
}

// name is how a printed line calls a session (the TUI is given its parts,
// ui.Client.Name and Transport): its client's label, through the
// session's redactor (named; nil when it has none), and its transport. A
// client may name itself (clientInfo, User-Agent) with the key in its
// URL's query, which the recording redacts.
func name(c *proxy.Client, named func(string) string) string {
	if named == nil {
		return c.Label() + " · " + c.Transport
	}
	return named(c.Label()) + " · " + c.Transport
}

// start records a new client session and passes it on; one that began
// with a GET before any initialize, or that upstream has answered nothing
// of yet, waits to be worth a recording of its own (holdEarly).
func (s *proxySessions) start(c *proxy.Client) {
	if c.EarlyGet || c.RefusedStream || !c.UpstreamAnswered() {
		s.holdEarly(c)
		return
	}
	// Off the relay's path: start runs on the request that began the
	// session (an initialize after its client's probe), which waited for
	// the new file's create, lock and header. Its records wait in the
	// session's queue meanwhile, its lines and a new name of it as a held
	// session's do.
	release, ok := s.holdBack(c, func() {})
	if !ok {
		return
	}
	go func() {
		defer s.early.held.Done()
		s.startWith(c, c.Records(), heldLines{release: release})
	}()
}

// startWith records client session c, whose records come on in, and
// passes it on; held is what it kept while it was held back, if it was.
func (s *proxySessions) startWith(c *proxy.Client, in <-chan []mcp.Record, held heldLines) {
	s.mu.Lock()
	watched := s.clients != nil
	s.mu.Unlock()
	recs, path, log, named := s.record(c, in, watched)
	s.mu.Lock()
	out, clients, shown := s.lines, s.clients, !closed(s.gone)
	if path != "" {
		s.noteRecorded(path, c.Started, clientWho(c, named))
	}
	delete(s.early.unstarted, c.ID)
	if clients != nil && shown {
		// unshow drains what is listed here once the TUI stops. Queued,
		// never waited for (this runs on the relay's path, and the TUI
		// may be slow), under s.mu as rename queues a new name: the TUI
		// gets the session before any new name of it.
		recs = s.tracked(c, recs)
		s.feeds = append(s.feeds, recs)
		if s.names == nil {
			s.names = map[int]func(string) string{}
		}
		s.names[c.ID] = named
		s.feed.send(ui.Client{ID: c.ID, Name: named(c.Label()), Transport: c.Transport, Records: recs, RecordingPath: path, Log: log})
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	if out == nil {
		held.done()
	}
	switch {
	case clients != nil:
		if log != nil {
			log.Close()
		}
		// The TUI has quit and the proxy closes: the report, said
		// next, names the requests that still waited as in headless.
		s.drain(s.tracked(c, recs))
	case out != nil:
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer held.done()
			lp := &linePrinter{out: out, c: c, asked: map[int64]*inFlight{}, unanswered: s.noteUnanswered(c.ID), named: named}
			// Said with the first batch (started), which ends the hold.
			lp.started(path)
			for batch := range recs {
				for _, r := range batch {
					lp.record(r)
				}
				held.printed()
			}
			lp.ended()
		}()
	default:
		s.drain(recs)
	}
}

// tracked is the records of session c, shown in the TUI, passed on as
// they come, as a linePrinter with no lines follows them: the TUI's quit
// report says the requests that still waited at the session's end, as
// headless does.
func (s *proxySessions) tracked(c *proxy.Client, recs <-chan []mcp.Record) <-chan []mcp.Record {
	out := make(chan []mcp.Record)
	lp := &linePrinter{c: c, asked: map[int64]*inFlight{}, unanswered: s.noteUnanswered(c.ID)}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer close(out)
		for batch := range recs {
			for _, r := range batch {
				lp.record(r)
			}
			out <- batch
		}
		lp.ended()
		s.mu.Lock()
		delete(s.names, c.ID)
		s.mu.Unlock()
	}()
	return out
}

// noteUnanswered is what keeps, for the report, the requests of session
// id that still waited as it ended.
func (s *proxySessions) noteUnanswered(id int) func(names []string) {
	return func(names []string) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.unansweredN += len(names)
		for _, n := range names {
			if len(s.unansweredNames) < waitingNamed {
				s.unansweredNames = append(s.unansweredNames, fmt.Sprintf("#%d %s", id, n))
			}
		}
	}
}

// drain reads a session's records to their end, for its recording.
func (s *proxySessions) drain(recs <-chan []mcp.Record) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for range recs {
		}
	}()
}

// wait waits until every session's records ended and its recording
// closed, and (headless) its lines are out.
func (s *proxySessions) wait() {
	s.stopOnce.Do(func() {
		if s.stopping != nil {
			close(s.stopping)
		}
	})
	s.mu.Lock()
	s.over = true
	s.mu.Unlock()
	s.early.held.Wait()
	s.closeEarly()
	s.wg.Wait()
	if s.lines != nil {
		s.lines.close()
	}
}

// late says that session c, which started once wait had begun, is not
// recorded, and drains its records. Not counted in s.wg: the proxy's
// close has passed, so nothing may ever end the session, and wait must
// not wait for it.
func (s *proxySessions) late(c *proxy.Client) {
	// Named through the session's redactor, as every other line about a
	// session is, once it has seen the session's first record (the
	// request that began it, whose URL's query may hold the key the
	// client's label spells).
	recs, named := s.shownAs(c.Records(), c.Upstream, clientSecrets(c))
	go func() {
		_, more := <-recs
		s.notRecorded(fmt.Sprintf("client session %d (%s)", c.ID, name(c, named)), errors.New("it began as the proxy stopped, after the recordings were closed"))
		if more {
			for range recs {
			}
		}
	}()
}
