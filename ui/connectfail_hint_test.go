package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// After a connection that failed, the line under the panes names r
// (reconnect) first, not c, and c's tools/call line says to reconnect
// rather than to send tools/list, which only answers "not connected", and
// fits 80 columns. A
// reconnect that gets going takes the usual hint back.
func TestFailedConnectionHintsReconnect(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	failed := []mcp.Record{
		{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Transport: mcp.TransportAuto, URL: "http://127.0.0.1:9/mcp"}},
		{Seq: 2, Time: at, Kind: mcp.KindDetect, Detect: &mcp.Detection{Reason: "no transport worked: POST server/discover http://127.0.0.1:9/mcp: answered 500"}},
		{Seq: 3, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
		{Seq: 4, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpConnect, Message: "POST http://127.0.0.1:9/mcp answered 500", Cause: mcp.CauseNoTransport}},
	}
	m := newTestModel(t, 80, 24, newFakeBackend(), failed)
	v := ansi.Strip(m.View())
	if l := row(v, ": command line"); !strings.HasPrefix(l, "r reconnect") || strings.Contains(l, "c call a tool") {
		t.Errorf("the keys line after a failed connection = %q, want r reconnect first and no c:\n%s", l, v)
	}
	press(m, "c")
	v = ansi.Strip(m.View())
	if row(v, "not connected: r (outside the command line) connects again") == "" || strings.Contains(v, "send tools/list first") {
		t.Errorf("tools/call after a failed connection does not say to reconnect:\n%s", v)
	}
	press(m, "esc")

	m.Update(recordsMsg([]mcp.Record{{Seq: 5, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Transport: mcp.TransportAuto, URL: "http://127.0.0.1:9/mcp"}}}))
	if l := row(ansi.Strip(m.View()), ": command line"); !strings.Contains(l, "c call a tool") || strings.Contains(l, "reconnect") {
		t.Errorf("the keys line while connecting again = %q, want c call a tool", l)
	}
}
