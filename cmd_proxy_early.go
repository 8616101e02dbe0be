package main

import (
	"sync"

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

// earlyGets is the one recording of the run's sessions that ended with no
// message from their client.
type earlyGets struct {
	held   sync.WaitGroup // sessions held, not yet recorded nor folded
	adding sync.Mutex     // one session's records go in whole, not mixed with another's
	in     chan []mcp.Record
	path   string
	folded int
	closed bool
	// unstarted are the sessions held and not handed on yet, by ID; s.mu
	// guards it (rename).
	unstarted map[int]bool
}

// earlyID is the number the folded sessions are shown under in the TUI:
// the proxy numbers its sessions from 1, the user's own from -1.
const earlyID = 0

// holdEarly holds session c's records until its client sends a message
// (then it is recorded as any session is) or it ends (then it is folded).
func (s *proxySessions) holdEarly(c *proxy.Client) {
	s.early.held.Add(1)
	s.mu.Lock()
	if s.early.unstarted == nil {
		s.early.unstarted = map[int]bool{}
	}
	s.early.unstarted[c.ID] = true
	s.mu.Unlock()
	go func() {
		defer s.early.held.Done()
		var kept [][]mcp.Record
		in := c.Records()
		for batch := range in {
			kept = append(kept, batch)
			if !clientSpoke(batch) {
				continue
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
			s.startWith(c, out)
			return
		}
		s.fold(c, kept)
	}()
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

// fold adds the records of session c, which ended with no message from
// its client, to the run's one recording of such sessions, made with the
// first, and prints its lines (headless) as any session's.
func (s *proxySessions) fold(c *proxy.Client, kept [][]mcp.Record) {
	s.mu.Lock()
	delete(s.early.unstarted, c.ID)
	if s.early.in == nil && !s.early.closed {
		s.openEarly(c)
	}
	in, path, out := s.early.in, s.early.path, s.lines
	s.early.folded++
	s.mu.Unlock()
	if in != nil {
		s.early.adding.Lock()
		for _, b := range kept {
			in <- b
		}
		s.early.adding.Unlock()
	}
	if out != nil {
		lp := &linePrinter{out: out, c: c, asked: map[int64]*inFlight{}}
		lp.started(path)
		for _, b := range kept {
			for _, r := range b {
				lp.record(r)
			}
		}
	}
}

// openEarly starts the run's recording of folded sessions, the first of
// which is c; s.mu is held.
func (s *proxySessions) openEarly(c *proxy.Client) {
	in := make(chan []mcp.Record, 16)
	s.early.in = in
	// It starts when its first session did: its records come first.
	recs, path, log := s.recordStream(in, earlyID, c.Upstream, mcp.TransportStreamable, c.Started, "proxy GETs before initialize", nil, s.clients != nil)
	s.early.path = path
	if path != "" {
		s.noteRecorded(path)
	}
	switch {
	case s.clients != nil && !closed(s.gone):
		s.feeds = append(s.feeds, recs)
		s.feed.send(ui.Client{ID: earlyID, Name: "GETs before initialize, never initialized", Records: recs, RecordingPath: path, Log: log})
	default:
		if log != nil {
			log.Close()
		}
		s.drain(recs)
	}
}

// closeEarly ends the run's recording of folded sessions, once no session
// is held any more.
func (s *proxySessions) closeEarly() {
	s.mu.Lock()
	in := s.early.in
	s.early.in, s.early.closed = nil, true
	s.mu.Unlock()
	if in != nil {
		close(in)
	}
}
