package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server gone right after its initialize answer refuses the connection
// notifications/initialized would go on: the row read "✗ POST error", a
// POST the server got and failed on, where the export says the message
// was not sent, for want of a connection.
func TestLiveMessageRefusedAConnectionReadsNotSent(t *testing.T) {
	srv := mcptest.GoneAfterInitialize(t)
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitRowState("notifications/initialized", "✗ not sent")
	l.quit()
}
