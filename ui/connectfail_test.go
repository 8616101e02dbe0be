package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A detection that found nothing says so in the status bar, instead of
// naming the transport tried last or looking as if it were still starting.
func TestFailedDetectionStatus(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	recs := []mcp.Record{
		{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Transport: mcp.TransportSSE, URL: "http://127.0.0.1:9/mcp"}},
		{Seq: 2, Time: at, Kind: mcp.KindDetect, Detect: &mcp.Detection{Reason: "no transport worked: GET http://127.0.0.1:9/mcp: no connection"}},
		{Seq: 3, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
		{Seq: 4, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpConnect, Message: "GET http://127.0.0.1:9/mcp: no connection", Cause: mcp.CauseUnreachable}},
	}
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: mcp.TransportAuto, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	m.Update(recordsMsg(recs))
	bar := lastLine(m.View())
	if !strings.Contains(bar, "no transport") || !strings.Contains(bar, "failed") || strings.Contains(bar, " sse ") {
		t.Errorf("status bar = %q, want no transport and failed", bar)
	}
	// Why, whatever pane is in view: a small terminal shows one at a
	// time. Under the panes: on the bar, or wrapped above it to be read
	// whole.
	rows := strings.Split(m.View(), "\n")
	if below := strings.Join(rows[len(rows)-4:], "\n"); !strings.Contains(below, "could not connect: GET http://127.0.0.1:9/mcp: no connection") {
		t.Errorf("under the panes:\n%s\nwant it to say why the connection failed", below)
	}
}

// When detection failed, the Negotiation pane says why once (the problem
// and the Detect line read the same), and a probe that got no answer says
// so in its own error, not again in its verdict.
func TestFailedDetectionSaysWhyOnce(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	why := "no transport worked: POST initialize http://127.0.0.1:9/mcp: no answer in time; GET http://127.0.0.1:9/sse: answered 404: not legacy HTTP+SSE here"
	recs := []mcp.Record{
		{Seq: 1, Time: at, Kind: mcp.KindDetect, Detect: &mcp.Detection{Reason: why, Attempts: []mcp.Attempt{
			{Transport: mcp.TransportStreamable, Method: "POST", URL: "http://127.0.0.1:9/mcp", Err: "no answer to initialize within 1s", Verdict: "no answer in time"},
			{Transport: mcp.TransportSSE, Method: "GET", URL: "http://127.0.0.1:9/sse", Status: 404, Verdict: "answered 404: not legacy HTTP+SSE here"},
			{Transport: mcp.TransportSSE, Method: "GET", URL: "http://127.0.0.1:9/other", Status: 500, Verdict: "answered 500"},
		}}},
		{Seq: 2, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
		{Seq: 3, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpConnect, Message: why, Cause: mcp.CauseNoTransport}},
	}
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: mcp.TransportAuto, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 260, Height: 45})
	m.Update(recordsMsg(recs))
	v := m.View()
	if n := strings.Count(v, "no transport worked"); n != 2 { // the pane once, the status bar once
		t.Errorf("the reason shows %d times, want once in the pane and once in the status bar:\n%s", n, v)
	}
	if !strings.Contains(v, "POST initialize http://127.0.0.1:9/mcp → failed: no answer to initialize within 1s") || strings.Contains(v, "within 1s · no answer in time") {
		t.Errorf("the unanswered probe should read as its error alone:\n%s", v)
	}
	if !strings.Contains(v, "404 · answered 404: not legacy HTTP+SSE here") {
		t.Errorf("the answered probe lost its verdict:\n%s", v)
	}
	if !strings.Contains(v, "GET http://127.0.0.1:9/other → 500") || strings.Contains(v, "· answered 500") {
		t.Errorf("a probe whose verdict is its status alone should say the status once:\n%s", v)
	}
}

// A connection that fails brings the Negotiation pane forward in the tab
// slot, which shows one pane at a time: on a narrow terminal, and beside
// Detail on a medium one whatever pane has the keys.
func TestFailedConnectionShowsNegotiation(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	recs := []mcp.Record{
		{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
		{Seq: 2, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpConnect, Message: "POST http://127.0.0.1:9/mcp failed: connection refused", Cause: mcp.CauseUnreachable}},
	}
	for _, tc := range []struct {
		w, h  int
		focus pane
	}{{80, 24, panePairs}, {100, 30, panePairs}, {100, 30, paneDetail}} {
		m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: mcp.TransportAuto, Now: func() time.Time { return fixedNow }})
		m.Update(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
		m.setFocus(tc.focus)
		m.Update(recordsMsg(recs))
		if v := m.View(); m.slot != paneNegotiation || !strings.Contains(v, "Negotiation · failed") {
			t.Errorf("%dx%d, focus %v: the slot shows %v, want the Negotiation pane:\n%s", tc.w, tc.h, tc.focus, m.slot, v)
		}
	}
}

// After a failed connection the empty Pairs pane points at the key that
// helps (reconnect), not at initialize, which can only say "not connected".
func TestFailedConnectionPairsHint(t *testing.T) {
	at := fixedNow.Add(-time.Minute)
	recs := []mcp.Record{
		{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
		{Seq: 2, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpConnect, Message: "POST http://127.0.0.1:9/mcp failed: connection refused", Cause: mcp.CauseUnreachable}},
	}
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: mcp.TransportAuto, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 240, Height: 45})
	v := m.View()
	if !strings.Contains(v, "press i to initialize") {
		t.Fatalf("before anything happened the hint should offer initialize:\n%s", v)
	}
	m.Update(recordsMsg(recs))
	v = m.View()
	if strings.Contains(v, "press i to initialize") || !strings.Contains(v, "not connected: press r to try again") {
		t.Errorf("after a failed connection the hint should offer r:\n%s", v)
	}
}
