package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Detail kept a listen row's lines from before its acknowledgement: the
// row read "● listening" while Detail, showing it, went on saying "being
// opened" until a change of another kind drew it again. The
// acknowledgement changes nothing else Detail keys its lines on.
func TestDetailListenAcknowledgedIsRedrawn(t *testing.T) {
	arrived, ack := make(chan struct{}, 1), make(chan struct{})
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.AckListenAfter(arrived, ack)})
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless})
	recs := sessionRecords(t, s, func(ctx context.Context) {
		if err := s.Connect(ctx); err != nil {
			t.Fatal(err)
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			t.Fatal("the listen POST never reached the server")
		}
		close(ack)
		s.AwaitListen(ctx)
	})
	at := -1
	for i, r := range recs {
		if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == mcp.AckMethod {
			at = i
		}
	}
	if at < 0 {
		t.Fatal("no acknowledgement was recorded")
	}
	m := newTestModel(t, 160, 45, newFakeBackend(), recs[:at])
	lp := m.com.log.ListenPair()
	if lp == nil {
		t.Fatal("no listen row before the acknowledgement")
	}
	detail := func() string {
		m.detail.scroll.height = 1000
		return strings.Join(strings.Fields(ansi.Strip(strings.Join(m.detail.lines(), "\n"))), " ")
	}
	m.detail.showPair(lp)
	if got := detail(); !strings.Contains(got, "being opened") {
		t.Fatalf("before the acknowledgement Detail does not say the stream is being opened:\n%s", got)
	}
	m.Update(recordsMsg(recs[at : at+1]))
	if got := detail(); !strings.Contains(got, "open: the session's live stream") || strings.Contains(got, "being opened") {
		t.Errorf("after the acknowledgement Detail does not say the stream is open:\n%s", got)
	}
	if lp := m.com.log.ListenPair(); lp == nil || lp.ListenWord() != "listening" {
		t.Errorf("the listen row %+v, want it listening", lp)
	}
}
