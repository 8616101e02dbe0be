package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// c on the user's own session in a proxy's TUI lists the tools; that
// session ends before the listing's records come, and o opens another.
// c there said "waiting for the listing of the tools already asked for",
// for a listing of a session gone, for ever. It lists them again.
func TestListingOfASessionNoLongerShownIsNotWaitedFor(t *testing.T) {
	m, opened := ownListingTools(t, 160)
	if !m.listingPending(toolsListing.Method) {
		t.Fatalf("c on the own session did not wait for its tools/list")
	}
	press(m, "esc")
	m.Update(clientEndedMsg{-1})
	pressOwn(t, m)
	if *opened != 2 {
		t.Fatalf("o after the own session ended opened %d sessions, want 2", *opened)
	}
	m.Update(clientRecordsMsg{-2, initializedRecords()})
	press(m, "c")
	if view := m.View(); !strings.Contains(view, "listing the tools for completion") {
		t.Errorf("c on the new own session does not list the tools:\n%s", view)
	}
}

// ownListingTools is a proxy's TUI width columns wide with one proxied
// client, and the user's own session opened, initialized, and c pressed on
// it: its tools/list answered, the answer's records never coming. opened
// counts the own sessions opened.
func ownListingTools(t *testing.T, width int) (m *Model, opened *int) {
	t.Helper()
	b := newFakeBackend()
	b.resp = &mcp.Response{Seq: 1000}
	opened = new(int)
	m = proxyWithOwn(func() (Client, error) {
		*opened++
		return Client{ID: -*opened, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: b}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: width, Height: 45})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	pressOwn(t, m)
	m.Update(clientRecordsMsg{-1, initializedRecords()})
	m.Update(runCmd(t, press(m, "c"), func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok }))
	return m, opened
}

// initializedRecords is a session initialized that listed nothing yet.
func initializedRecords() []mcp.Record {
	s := newScript()
	s.negotiate("/sse?sessionid=OWN")
	init := s.request("1", "initialize", "", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpscope","version":"dev"}}`)
	s.post(init, 202, "")
	s.answer(init, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"demo-gateway","version":"1.2.3"}}}`, false, false)
	s.state(mcp.StateInitialized)
	return s.recs
}

// A tools/call typed before the tools were listed waits for the listing;
// the session it was typed for ends, and another is shown. The call is
// not sent there, and the status says so rather than dropping it unsaid.
func TestCallHeldForASessionNoLongerShownIsSaid(t *testing.T) {
	m, _ := ownListingTools(t, 200)
	press(m, "greet")
	m.Update(runCmd(t, press(m, "enter"), func(msg tea.Msg) bool { _, ok := msg.(SubmitMsg); return ok }))
	if view := m.View(); !strings.Contains(view, "goes once tools/list is answered") {
		t.Fatalf("the call typed before the listing was not held for it:\n%s", view)
	}
	m.Update(clientEndedMsg{-1})
	pressOwn(t, m)
	if view := m.View(); !strings.Contains(view, "1 tools/call typed before the tools were listed not sent") {
		t.Errorf("the held call was dropped unsaid:\n%s", view)
	}
}

// c on the user's own session lists the tools; that session ends before
// the listing's answer comes back, and on the own session o opens next c
// lists them again and a call is typed while it waits. The first
// session's answer, late, is not the new session's listing: its record
// number is one the new session's log holds too, and it let the held
// call go before the new session's tools were listed.
func TestLateListingOfASessionNoLongerShownDoesNotEndTheWait(t *testing.T) {
	b := newFakeBackend()
	// A Seq both sessions' logs hold: initializedRecords' third record.
	b.resp = &mcp.Response{Seq: 3}
	opened := 0
	m := proxyWithOwn(func() (Client, error) {
		opened++
		return Client{ID: -opened, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: b}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 45})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	pressOwn(t, m)
	m.Update(clientRecordsMsg{-1, initializedRecords()})
	isSent := func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok }
	late := runCmd(t, press(m, "c"), isSent)
	press(m, "esc")
	m.Update(clientEndedMsg{-1})
	pressOwn(t, m)
	m.Update(clientRecordsMsg{-2, initializedRecords()})
	runCmd(t, press(m, "c"), isSent) // the new session's answer, still on its way
	press(m, "greet")
	m.Update(runCmd(t, press(m, "enter"), func(msg tea.Msg) bool { _, ok := msg.(SubmitMsg); return ok }))
	if view := m.View(); !strings.Contains(view, "goes once tools/list is answered") {
		t.Fatalf("the call typed before the listing was not held for it:\n%s", view)
	}
	m.Update(late)
	press(m, "esc")
	press(m, "c")
	if view := m.View(); !strings.Contains(view, "waiting for the listing of the tools already asked for") {
		t.Errorf("after the ended session's late answer, c does not wait for the new session's listing:\n%s", view)
	}
}
