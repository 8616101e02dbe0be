package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// When the server closes the legacy stream, the session reconnects on its
// own and the server names a new session nobody initialized. At 80x24,
// where Negotiation (which says so) is a tab behind Pairs, the status line
// says it and what to press: the bar's "● session-replaced" was all the
// screen showed, and requests were refused until i. The bar names the
// state in words, in the warning style: "◌ new session".
func TestLiveAutoReconnectSaysPressI(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	l := startLiveReady(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true}, 80, 24, "● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.mark()
	srv.Conns()[0].Close()
	l.waitFor("◌ new session")
	l.waitFor("the stream reconnected, to a new session: press i to initialize it")
	if seen := l.seen.Bytes()[l.from:]; bytes.Contains(seen, []byte("session-replaced")) {
		t.Errorf("the screen showed the record's name session-replaced, not words:\n%s", seen)
	}
	// The keys row names i first once the status line's "press i" expires.
	if keys := keysRow(l.quit()); !strings.HasPrefix(keys, "i send initialize") {
		t.Errorf("the keys row with a new session = %q, want it to name i first", keys)
	}
}
