package ui

import (
	"bytes"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The user's own session in a proxy's TUI, on a legacy stream the server
// drops, says on the status line what mcpscope URL says: that it is
// reconnecting on its own, then that it gave up and r reconnects. It said
// nothing: the bar read "◌ reconnecting", then "● closed", and no line
// said why or what to do.
func TestOwnSessionSaysItsStreamBrokeAndReconnects(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	s := mcp.NewSession(mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond, RequestTimeout: 15 * time.Second})
	t.Cleanup(func() { s.Close() })
	m := New(Options{Styles: testStyles(), Clients: make(chan Client), NoSend: watchOnly, Now: func() time.Time { return fixedNow },
		OpenOwn: func() (Client, error) {
			go func() { _ = s.Connect(t.Context()) }()
			return Client{ID: -1, Name: "you (mcpscope)", Records: s.Records(), Backend: command.Runner{Session: s}}, nil
		}})
	l := runLive(t, m, s)
	l.tm.Type("o")
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("stopped reconnecting on its own after 5 attempts")
	l.waitFor("press r to reconnect")
	if seen := l.seen.Bytes()[l.from:]; !bytes.Contains(seen, []byte("reconnecting on its own")) {
		t.Errorf("the status line never said the own session was reconnecting on its own:\n%s", seen)
	}
	l.quit()
}
