package ui

import (
	"io"
	"testing"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A reconnect of mcpscope's own and the new session it opened, read in one
// batch of records (a busy machine reads whatever is waiting together):
// the status line said the attempt ("reconnecting on its own, attempt 1
// of 5…") over what came of it, and never said to press i. It says what
// is so now.
func TestLiveAutoReconnectReadTogetherSaysPressI(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true})
	t.Cleanup(func() { s.Close() })
	recs := make(chan []mcp.Record)
	send := func(b []mcp.Record) bool {
		select {
		case recs <- b:
			return true
		case <-t.Context().Done(): // the program quit: nobody reads
			return false
		}
	}
	go func() {
		// Records pass one by one, but from the first attempt to reconnect
		// on they are held until the session was replaced, then go as one.
		defer close(recs)
		var held []mcp.Record
		for batch := range s.Records() {
			for _, r := range batch {
				st := r.State
				switch {
				case held == nil && r.Kind == mcp.KindState && st != nil && st.State == mcp.StateReconnecting:
					held = []mcp.Record{r}
				case held != nil:
					held = append(held, r)
					if r.Kind == mcp.KindState && st != nil && st.State == mcp.StateSessionReplaced {
						if !send(held) {
							return
						}
						held = nil
					}
				default:
					if !send([]mcp.Record{r}) {
						return
					}
				}
			}
		}
	}()
	m := New(Options{Records: recs, Backend: command.Runner{Session: s}, Styles: testStyles(), URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l := &live{t: t, sess: s, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 45))}
	l.out = io.TeeReader(l.tm.Output(), &l.seen)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	srv.Conns()[0].Close()
	l.waitFor("◌ new session")
	l.waitFor("the stream reconnected, to a new session: press i to initialize it")
	l.quit()
}
