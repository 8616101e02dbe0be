package ui

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A command typed as the TUI starts, once the session is open but before
// the records saying so have reached the screen (a busy machine, or keys
// typed ahead), is sent. The screen still read detection as probing and
// refused it: "not sent, the transport is still being found", with the
// session open and nothing probing any more.
func TestLiveCommandTypedBeforeTheRecordsIsSent(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	s, answers := liveSession(t, mcp.Config{URL: srv.Endpoint()})
	recs := holdRecords(t, s.Records())
	recs.hold()
	m := New(Options{Records: recs.out, Backend: command.Runner{Session: s}, Styles: testStyles(), URL: srv.Endpoint(),
		Transport: mcp.TransportAuto, Answers: answers})
	m.clipboard = &bytes.Buffer{}
	l := runLive(t, m, s)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connecting: %v", err)
	}
	l.command("tools/list")
	if _, err := srv.WaitRequest(ctx, func(q mcptest.Request) bool { return q.Is("tools/list") }); err != nil {
		t.Errorf("tools/list typed before the records came was not sent: %v", err)
	}
	recs.release()
	l.quit()
	if text := l.seen.String(); strings.Contains(text, "still being found") {
		t.Errorf("the TUI refused a command the open session could send:\n%s", text[max(0, len(text)-2000):])
	}
}
