package ui

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The listing a list_changed caused said "listing the tools again" on the
// status line for seconds after its answer came, read as still on its
// way. Once answered it says so. The list_changed comes on the GET stream
// with nothing else on its way: one on a call's stream raced the call's
// own "ok", which took the status line first as often as not.
func TestLiveListChangedSaysTheListingIsDone(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.waitFor("GET          open")
	l.mark()
	srv.AddTool(mcptest.Tool{Name: "dice", InputSchema: json.RawMessage(`{"type":"object"}`)})
	l.waitFor("the server's tool list changed: listed the tools again")
	l.quit()
}
