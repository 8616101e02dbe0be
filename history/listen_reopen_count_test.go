package history

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// statelessUntilListenGivenUp records a stateless session whose server
// goes away once it opened: its listen stream is reopened on its own
// until mcpscope gives up on it. It returns every record.
func statelessUntilListenGivenUp(t *testing.T) []mcp.Record {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	s := mcp.NewSession(mcp.Config{URL: srv.StatelessURL(), Transport: mcp.TransportStateless, ReconnectDelay: time.Millisecond})
	var recs []mcp.Record
	over, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		said := false
		for b := range s.Records() {
			for _, r := range b {
				recs = append(recs, r)
				if !said && r.Kind == mcp.KindState && r.State.State == mcp.StateListen && r.State.Over {
					said = true
					close(over)
				}
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if late := s.AwaitListen(ctx); late != "" {
		t.Fatal(late)
	}
	srv.Close()
	select {
	case <-over:
	case <-ctx.Done():
		t.Fatal("the listen stream was never given up")
	}
	s.Close()
	<-finished
	return recs
}

// A stateless session whose server went away reopened its listen stream
// on its own, five times, each a request that failed: the status bar read
// "7 req · 6 err" with the user doing nothing after the handshake, and
// mcpscope sessions listed the same. The reopenings are not the user's
// requests, and their failures one outage with the stream's break, which
// counts once; Negotiation and Pairs still show each.
func TestListenReopeningsOnItsOwnAreNotTheUsersRequests(t *testing.T) {
	recs := statelessUntilListenGivenUp(t)
	sent, reopenings := 0, 0
	for _, r := range recs {
		switch {
		case r.Kind == mcp.KindSent && r.RPC.Class == mcp.ClassRequest:
			sent++
		case r.Kind == mcp.KindState && r.State.State == mcp.StateListen && r.State.Auto:
			reopenings++
		}
	}
	if reopenings < 2 {
		t.Fatalf("the listen stream was reopened on its own %d times, want it tried again and again", reopenings)
	}
	l := NewLog()
	l.Append(recs...)
	if st := l.Stats(); st.Requests != sent-reopenings || st.Errors != 1 {
		t.Errorf("the bar counts %d requests and %d errors after %d reopenings of its own of %d requests sent, want %d and the break's 1",
			st.Requests, st.Errors, reopenings, sent, sent-reopenings)
	}
	if n := l.PairCount(); n < sent {
		t.Errorf("Pairs holds %d rows, want every one of the %d requests sent, the reopenings too", n, sent)
	}
	if info := describe(record(t, recs, RecordOptions{})); info.Requests != sent-reopenings || info.Errors != 1 {
		t.Errorf("sessions lists %d requests and %d errors, want %d and 1 as on the bar", info.Requests, info.Errors, sent-reopenings)
	}
}
