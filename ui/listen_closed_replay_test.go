package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 session closed with its listen stream open: replayed to its
// end, Pairs drew the stream "● listening" and Negotiation "Listen open
// since…", of a session that had ended. The close ends the stream, and
// both say so.
func TestReplayedListenStreamClosedWithTheSession(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, RequestTimeout: 15 * time.Second})
	var recs []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			recs = append(recs, b...)
		}
	}()
	if err := s.Connect(t.Context()); err != nil {
		s.Close()
		t.Fatal(err)
	}
	s.AwaitListen(t.Context()) // acknowledged: the stream is open, not still being opened
	s.Close()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("the session's records did not end after Close")
	}
	p := history.NewPlayer(history.Header{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, recs)
	m := replayAtEnd(p, 160, 45)
	if !p.Done() {
		t.Fatal("the replay did not reach the recording's end")
	}
	pairs := ansi.Strip(strings.Join(m.pairs.view(false), "\n"))
	if !strings.Contains(pairs, "○ closed") || strings.Contains(pairs, "listening") {
		t.Errorf("Pairs does not draw the listen stream closed with the session:\n%s", pairs)
	}
	nego := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.nego.lines(), "\n"))), " ")
	if strings.Contains(nego, "open since") || !strings.Contains(nego, "Listen subscriptions/listen (id") {
		t.Errorf("Negotiation does not say the listen stream closed:\n%s", nego)
	}
}
