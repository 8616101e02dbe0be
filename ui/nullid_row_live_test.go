package ui

import (
	"bytes"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that cannot read a request answers an error with id null. Its
// row in Pairs says so, short enough for the column: it read "(answer to an id we never sent)", as if
// meant for another client, while it is why tools/list failed. The
// failure is advised as that, from the table of advice: it read the
// advice for an answer that never came ("a server bug; send it again"),
// which sends the same unreadable request again.
func TestLiveNullIDErrorRowSaysWhatItIs(t *testing.T) {
	srv := mcptest.UnreadableRequest(t, "tools/list", "request too large")
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 140, 24, "● initialized")
	l.mark()
	l.command("tools/list")
	l.waitRowState("(id null: request unreadable)", "✗ rpc error")
	l.waitFor("could not read the request")
	if seen := l.seen.Bytes()[l.from:]; bytes.Contains(seen, []byte("answer to an id we never sent")) {
		t.Errorf("the error with id null was shown as an answer to an id we never sent:\n%s", seen)
	}
	if seen := l.seen.Bytes()[l.from:]; bytes.Contains(seen, []byte("a server bug; send it again")) {
		t.Errorf("the request the server could not read was advised as one whose answer never came:\n%s", seen)
	}
	l.quit()
}
