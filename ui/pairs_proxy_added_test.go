package ui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// relayedToolsList is a proxied client's tools/list as the proxy records
// it: upstream's POST answered in 4ms, the client's leg (a node client's)
// 250µs longer.
func relayedToolsList() *script {
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable, URL: "http://127.0.0.1:8811/mcp", Forced: true,
		Reason: "proxied: the client initialized a streamable HTTP session"}})
	req := s.request("1", "tools/list", "", "{}")
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: "http://127.0.0.1:8811/mcp",
		Status: 200, Duration: 4 * time.Millisecond, ReqSeq: req, Opened: "sse"}})
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "POST", URL: "http://127.0.0.1:8812/mcp",
		Status: 200, Duration: 4*time.Millisecond + 250*time.Microsecond, ReqSeq: req,
		RequestHeaders: map[string][]string{"User-Agent": {"node"}}}})
	s.answer(req, "1", "tools/list", "", `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`, false, false)
	return s
}

// checkProxyAdded fails unless the Pairs pane of m's screen has the
// +PROXY column and the tools/list row says the proxy added 250µs.
func checkProxyAdded(t *testing.T, m *Model, what string) {
	t.Helper()
	view := ansi.Strip(m.View())
	if !strings.Contains(row(view, "KIND", "METHOD"), "+PROXY") {
		t.Errorf("%s: the Pairs pane has no +PROXY column:\n%s", what, view)
	}
	if got := row(view, "→ request", "tools/list"); !strings.Contains(got, "+250µs") {
		t.Errorf("%s: the tools/list row = %q, want the 250µs the proxy added\n%s", what, got, view)
	}
}

// The Pairs pane of a proxied session shows, per request, the time the
// proxy added beside upstream's, which only Detail said, one request at a
// time: live in the proxy's TUI at 80 and 160 columns, where the method
// still reads whole, and in a replay of its recording.
func TestPairsShowTheTimeTheProxyAdded(t *testing.T) {
	s := relayedToolsList()
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "inspector", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, s.recs})
	for _, w := range []int{160, 80} {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		checkProxyAdded(t, m, "live at "+strconv.Itoa(w))
	}

	p := history.NewPlayer(history.Header{URL: "http://127.0.0.1:8811/mcp", Transport: "streamable"}, s.recs)
	checkProxyAdded(t, replayAtEnd(t, p, 80, 24), "replayed")
}

// A session the proxy did not relay keeps its columns: no +PROXY.
func TestPairsOfOwnSessionHaveNoProxyColumn(t *testing.T) {
	s := newScript()
	req := s.request("1", "tools/list", "", "{}")
	s.answer(req, "1", "tools/list", "", `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`, false, false)
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, s.recs)
	if view := ansi.Strip(replayAtEnd(t, p, 160, 24).View()); strings.Contains(view, "+PROXY") {
		t.Errorf("a session no proxy relayed has a +PROXY column:\n%s", view)
	}
}

// A request the proxy could not send upstream (connection refused, a 502
// of its own to the client) has no upstream time to add to: its row said
// "+0" and Detail "proxy added 0s", as if relaying cost nothing, where
// the client's whole wait was the proxy's. Neither says a time.
func TestPairsSayNoProxyTimeWithoutUpstreamsAnswer(t *testing.T) {
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable, URL: "http://127.0.0.1:8811/mcp", Forced: true,
		Reason: "proxied: the client initialized a streamable HTTP session"}})
	req := s.request("1", "tools/list", "", "{}")
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "connection refused", ReqSeq: req}})
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeRelay, Method: "POST", URL: "http://127.0.0.1:8812/mcp",
		Status: 502, Duration: 4 * time.Millisecond, ReqSeq: req}})
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "inspector", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, s.recs})
	press(m, "enter")
	view := ansi.Strip(m.View())
	if got := row(view, "→ request", "tools/list"); strings.Contains(got, "+0") {
		t.Errorf("the tools/list row = %q, want no time the proxy added\n%s", got, view)
	}
	if strings.Contains(view, "proxy added") {
		t.Errorf("Detail says a time the proxy added to an answer upstream never gave:\n%s", view)
	}
}
