package ui

import (
	"bytes"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that cannot read a request answers an error with id null. Its
// row in Pairs says so, short enough for the column: it read "(answer to an id we never sent)", as if
// meant for another client, while it is why tools/list failed.
func TestLiveNullIDErrorRowSaysWhatItIs(t *testing.T) {
	srv := mcptest.UnreadableRequest(t, "tools/list", "request too large")
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 140, 24, "● initialized")
	l.mark()
	l.command("tools/list")
	l.waitRowState("(id null: request unreadable)", "✗ rpc error")
	if seen := l.seen.Bytes()[l.from:]; bytes.Contains(seen, []byte("answer to an id we never sent")) {
		t.Errorf("the error with id null was shown as an answer to an id we never sent:\n%s", seen)
	}
	l.quit()
}
