package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// What the status line says when a stream is given up for a server that
// went (the legacy stream's reconnects spent, the streamable GET
// stream's tries) named the session's own URL again, on the bar and in
// Negotiation already: at 80 columns the legacy words took four rows, a
// last one of "initialize)". They say the GET, not its URL, in three.
func TestLiveStreamGoneWordsFitThreeRowsAt80(t *testing.T) {
	for _, era := range []struct{ path, transport, said string }{
		{"/sse", mcp.TransportSSE, "stopped reconnecting on its own after 5 attempts"},
		{"/mcp", mcp.TransportStreamable, "the server's stream is gone"},
	} {
		gw := demotest.Start(t, demo.Options{})
		url := gw.URL + era.path
		l := startLiveReady(t, mcp.Config{URL: url, Transport: era.transport, Reconnect: true, ReconnectDelay: 10 * time.Millisecond}, 80, 24, "● ")
		if era.transport == mcp.TransportSSE {
			l.waitFor("● open")
			l.tm.Type("i")
		}
		l.waitFor("● initialized")
		l.mark()
		if err := gw.Close(); err != nil {
			t.Fatalf("closing the demo gateway: %v", err)
		}
		l.waitFor(era.said)
		m := l.quit()
		sl := m.status.msg
		if sl == nil {
			t.Fatalf("%s: no status line once the stream is given up", era.path)
		}
		if rows := wrapWords(sl.text, 80); len(rows) > 3 {
			t.Errorf("%s: the stream given up takes %d rows at 80 columns, want 3 at most: %q", era.path, len(rows), sl.text)
		}
	}
}

// waitWords waits until the screen has read what since the last mark,
// however its words are styled or wrapped over the rows of a message.
func (l *live) waitWords(what string) {
	l.t.Helper()
	l.waitUntil(func(seen []byte) bool {
		return strings.Contains(strings.Join(strings.Fields(ansi.Strip(string(seen))), " "), what)
	})
}
