package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// replayClosed records a 2026-07-28 session against srv, closed once
// opened returned, and replays it to its end: it returns Pairs,
// Negotiation, the status bar and the Detail of the row of method as drawn
// there.
func replayClosed(t *testing.T, srv *mcptest.StatelessServer, method string, opened func(ctx context.Context, s *mcp.Session)) (pairs, nego, bar, detail string) {
	t.Helper()
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, RequestTimeout: 15 * time.Second})
	recs := sessionRecords(t, s, func(ctx context.Context) {
		if err := s.Connect(ctx); err != nil {
			t.Error(err)
			return
		}
		opened(ctx, s)
	})
	if t.Failed() {
		t.FailNow()
	}
	p := history.NewPlayer(history.Header{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, recs)
	m := replayAtEnd(t, p, 160, 45)
	if !p.Done() {
		t.Fatal("the replay did not reach the recording's end")
	}
	pairs = ansi.Strip(strings.Join(m.pairs.view(false), "\n"))
	nego = strings.Join(strings.Fields(ansi.Strip(strings.Join(m.nego.lines(), "\n"))), " ")
	bar = ansi.Strip(m.status.view())
	log := m.com.log
	for i := 0; i < log.PairCount(); i++ {
		if log.Pair(i).Method == method {
			detail = strings.Join(strings.Fields(ansi.Strip(strings.Join(detailOf(m, log, i), "\n"))), " ")
		}
	}
	return pairs, nego, bar, detail
}

// A 2026-07-28 session closed with its listen stream open: replayed to its
// end, Pairs drew the stream "● listening" and Negotiation "Listen open
// since…", of a session that had ended. The close ends the stream, and
// both say so.
func TestReplayedListenStreamClosedWithTheSession(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	pairs, nego, _, detail := replayClosed(t, srv, history.ListenMethod, func(ctx context.Context, s *mcp.Session) {
		s.AwaitListen(ctx) // acknowledged: the stream is open, not still being opened
	})
	if !strings.Contains(pairs, "○ closed") || strings.Contains(pairs, "listening") {
		t.Errorf("Pairs does not draw the listen stream closed with the session:\n%s", pairs)
	}
	if strings.Contains(nego, "open since") || !strings.Contains(nego, "Listen subscriptions/listen (id") {
		t.Errorf("Negotiation does not say the listen stream closed:\n%s", nego)
	}
	if !strings.Contains(detail, "open until the session closed") {
		t.Errorf("Detail does not say the listen stream was open until the session closed:\n%s", detail)
	}
}

// The same session closed before the server acknowledged the stream (it
// held the listen POST unanswered): the POST mcpscope stopped waiting for
// drew "✗ POST error" in Pairs and Negotiation, a failure of the server's
// that never was. The close ends that stream too.
func TestReplayedUnacknowledgedListenClosedWithTheSession(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HoldMethod(history.ListenMethod, arrived)})
	pairs, nego, _, detail := replayClosed(t, srv, history.ListenMethod, func(ctx context.Context, s *mcp.Session) {
		select {
		case <-arrived:
		case <-ctx.Done():
			t.Fatal("the listen POST never reached the server")
		}
	})
	if !strings.Contains(pairs, "○ closed") || strings.Contains(pairs, "POST error") {
		t.Errorf("Pairs does not draw the unacknowledged listen stream closed with the session:\n%s", pairs)
	}
	if !strings.Contains(nego, "Listen subscriptions/listen (id") || strings.Contains(nego, "POST error") {
		t.Errorf("Negotiation does not say the unacknowledged listen stream closed:\n%s", nego)
	}
	if !strings.Contains(detail, "still being opened when the session closed") || strings.Contains(detail, "open until") {
		t.Errorf("Detail does not say the listen stream was still being opened when the session closed:\n%s", detail)
	}
}
