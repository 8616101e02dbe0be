package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestStatusSaysDetectingWhileProbing: while detection tries one transport
// after another (each probe's state names it), the status bar says
// detecting, not "streamable" and then "sse" as if each had been chosen;
// once detection decides, it names the one chosen.
func TestStatusSaysDetectingWhileProbing(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	const url = "http://127.0.0.1:9/mcp"
	m := New(Options{Styles: testStyles(), URL: url, Transport: mcp.TransportAuto, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	seq := int64(0)
	feed := func(r mcp.Record) {
		seq++
		r.Seq, r.Time = seq, at
		m.Update(recordsMsg([]mcp.Record{r}))
	}
	for _, tr := range []string{mcp.TransportStreamable, mcp.TransportSSE} {
		feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Transport: tr, URL: url}})
		if bar := lastLine(m.View()); !strings.HasPrefix(strings.TrimSpace(bar), "detecting") || strings.Contains(bar, tr) {
			t.Errorf("probing %s: status bar = %q, want detecting", tr, bar)
		}
	}
	feed(mcp.Record{Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportSSE, URL: url, Reason: "GET answered an endpoint event"}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Transport: mcp.TransportSSE, URL: url}})
	if bar := lastLine(m.View()); !strings.HasPrefix(strings.TrimSpace(bar), "sse") {
		t.Errorf("detected sse: status bar = %q, want it to start with sse", bar)
	}
}
