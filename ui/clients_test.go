package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

const watchOnly = "watch-only: proxied clients own their sessions"

// newProxyModel is a model watching a proxy's clients.
func newProxyModel(t *testing.T, ch chan Client) *Model {
	t.Helper()
	m := New(Options{Styles: testStyles(), Clients: ch, NoSend: watchOnly, Note: "point your client at http://127.0.0.1:8812/sse",
		Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	return m
}

// showClient announces client 1, named name, and hands it recs, as the
// proxy does for a client session with records so far.
func showClient(m *Model, name string, recs []mcp.Record) {
	m.Update(clientMsg{ID: 1, Name: name, Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, recs})
}

// A proxy's TUI lists its client sessions, shows one at a time, switches
// with ] and [, keeps indexing the ones not shown, and cannot send.
func TestProxyClientsSwitch(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	// The keys that step between clients read as keys, "[/]" as help
	// pairs them: "[ ]" read as an unticked checkbox.
	if v := ansi.Strip(m.View()); !strings.Contains(v, "[/] clients: none yet") || !strings.Contains(v, "waiting for a client") || !strings.Contains(v, "no client has connected yet") {
		t.Fatalf("before any client the bar should say so:\n%s", m.View())
	}
	m.Update(clientMsg{ID: 1, Name: "alpha 1.0", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, fixtureRecords()})
	alpha := m.com.log.PairCount()
	if alpha == 0 {
		t.Fatal("the first client's records are not shown")
	}
	s := newScript()
	s.state(mcp.StateOpen)
	s.answer(s.request("1", "tools/list", "", ""), "1", "tools/list", "", `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`, false, false)
	m.Update(clientMsg{ID: 2, Name: "beta", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{2, s.recs})
	if m.com.log.PairCount() != alpha {
		t.Fatalf("a second client took over the screen: %d pairs shown, want alpha's %d", m.com.log.PairCount(), alpha)
	}
	if !strings.Contains(m.status.view(), "a new client: 2 beta") {
		t.Errorf("the status bar does not announce the new client: %q", m.status.view())
	}
	press(m, "]")
	if m.com.log.PairCount() != 1 || !strings.Contains(m.View(), "Pairs 1") {
		t.Fatalf("] should show beta's one pair:\n%s", m.View())
	}
	m.Update(clientMsg{ID: 2, Name: "beta 2.0", Transport: "streamable"})
	if view := m.View(); !strings.Contains(view, "2 beta 2.0 · streamable") || !strings.Contains(view, "1 alpha 1.0 · sse") {
		t.Errorf("the clients bar should list both, beta renamed:\n%s", view)
	}
	press(m, "[")
	if m.com.log.PairCount() != alpha {
		t.Fatalf("[ should show alpha again, with its %d pairs", alpha)
	}
	press(m, "i")
	if !strings.Contains(m.status.view(), "watch-only") {
		t.Errorf("i in a proxied session: status %q, want the watch-only reason", m.status.view())
	}
	m.Update(clientEndedMsg{1})
	if !m.status.ended || !strings.Contains(m.View(), "1 alpha 1.0 · sse ○") {
		t.Errorf("the shown client's end is not shown:\n%s", m.View())
	}
	press(m, "]")
	if m.status.ended {
		t.Error("beta has not ended, but the status bar says so")
	}
}

// A client's record stream becomes messages tagged with its id, and its
// end a message of its own.
func TestWaitForClientRecords(t *testing.T) {
	ch := make(chan []mcp.Record, 1)
	ch <- []mcp.Record{{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}}
	if msg, ok := waitForClientRecords(7, ch)().(clientRecordsMsg); !ok || msg.id != 7 || len(msg.recs) != 1 {
		t.Fatalf("got %#v, want client 7's one record", msg)
	}
	close(ch)
	if msg, ok := waitForClientRecords(7, ch)().(clientEndedMsg); !ok || msg.id != 7 {
		t.Fatalf("got %#v, want client 7's end", msg)
	}
	clients := make(chan Client, 1)
	clients <- Client{ID: 3, Name: "x"}
	if msg, ok := waitForClient(clients)().(clientMsg); !ok || msg.ID != 3 {
		t.Fatalf("got %#v, want client 3", msg)
	}
}

// A proxied request shows both legs: the client's request in the
// negotiation pane, and in the detail pane the time the proxy added.
func TestProxiedSessionShowsBothLegs(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	s := relayedToolsList()
	m.Update(clientMsg{ID: 1, Name: "inspector", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, s.recs})
	press(m, "enter")
	view := m.View()
	if !strings.Contains(view, "Client       POST http://127.0.0.1:8812/mcp → 200 · User-Agent") {
		t.Errorf("the negotiation pane lacks the client's leg:\n%s", view)
	}
	if !strings.Contains(view, "proxy added 0.2ms") && !strings.Contains(view, "proxy added 250µs") {
		t.Errorf("the detail pane lacks the time the proxy added:\n%s", view)
	}
}

// o opens the user's own session next to the proxied clients: it is shown
// at once and can send; switching back to a client is watch-only again.
func TestOwnSessionNextToTheClients(t *testing.T) {
	b := newFakeBackend()
	opened := 0
	m := proxyWithOwn(func() (Client, error) {
		opened++
		return Client{ID: -1, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: b}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	// The line under the panes says first how to get a session that can
	// send: it named `mcpscope URL`, a second program, while o was here.
	ownFirst := "o open your own session · " + watchOnly
	if m.sendDisabled() != ownFirst {
		t.Fatalf("a proxied client's session: send disabled %q, want %q", m.sendDisabled(), ownFirst)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if row(m.View(), "o open your own session") == "" {
		t.Errorf("at 80 columns the line under the panes does not say o opens a session:\n%s", m.View())
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	msg := runCmd(t, press(m, "o"), func(msg tea.Msg) bool { _, ok := msg.(ownMsg); return ok })
	m.Update(msg)
	if opened != 1 || m.sendDisabled() != "" || !strings.Contains(m.View(), " you · mcpscope") {
		t.Fatalf("after o: opened %d, send disabled %q; want the own session shown and able to send:\n%s", opened, m.sendDisabled(), m.View())
	}
	runCmd(t, press(m, "l"), func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok })
	if c := <-b.done; c.Method != "tools/list" {
		t.Errorf("l sent %q through the own session, want tools/list", c.Method)
	}
	press(m, "]")
	// o now goes back to the session open, and the line says so.
	if back := "o your own session · " + watchOnly; m.sendDisabled() != back {
		t.Errorf("back on a client, sending is %q, want %q", m.sendDisabled(), back)
	}
}

// A proxy whose clients open thousands of sessions keeps the newest ended
// ones listed, and the one shown, not all of them: each holds its log in
// memory, and every frame lists them. The bar says where the rest are.
func TestEndedClientsAreBounded(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	const n = maxEnded + 40
	for id := 1; id <= n; id++ {
		m.Update(clientMsg{ID: id, Transport: "streamable", Name: fmt.Sprintf("c%d", id), Records: make(chan []mcp.Record)})
		m.Update(clientRecordsMsg{id, fixtureRecords()})
		m.Update(clientEndedMsg{id})
	}
	if len(m.clients.feeds) != maxEnded {
		t.Fatalf("%d sessions kept after %d ended; want %d: the one shown and the newest", len(m.clients.feeds), n, maxEnded)
	}
	if f := m.clients.shown(); f == nil || f.ID != 1 {
		t.Fatalf("the session on screen was let go: shown %+v", f)
	}
	if last := m.clients.feeds[len(m.clients.feeds)-1]; last.ID != n {
		t.Errorf("the newest session kept is %d, want %d", last.ID, n)
	}
	if v := m.View(); !strings.Contains(v, fmt.Sprintf("(%d ended earlier: in their recordings)", n-maxEnded)) {
		t.Errorf("the clients bar should count the ones let go:\n%s", v)
	}
	press(m, "]")
	if f := m.clients.shown(); f == nil || f.ID != n-maxEnded+2 {
		t.Errorf("] from the first goes to the oldest kept, got %+v", f)
	}
}

// The ended sessions let go first are those that ended first, not those
// that began first: a client's long session that ends after many short
// ones is still listed, and the earliest of the short ones goes.
func TestEndedClientsLetGoInTheOrderTheyEnded(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	add := func(id int) {
		m.Update(clientMsg{ID: id, Transport: "streamable", Name: fmt.Sprintf("c%d", id), Records: make(chan []mcp.Record)})
		m.Update(clientRecordsMsg{id, fixtureRecords()})
	}
	add(1) // shown
	add(2) // the long session
	const short = maxEnded
	for id := 3; id < 3+short; id++ {
		add(id)
		m.Update(clientEndedMsg{id})
	}
	m.Update(clientEndedMsg{2})
	if f, _ := m.clients.feed(2); f == nil {
		t.Errorf("the long session was let go as it ended, before %d that ended earlier", short)
	}
	if f, _ := m.clients.feed(3); f != nil {
		t.Errorf("the session that ended first is still listed; it should have made room")
	}
	if n := len(m.clients.feeds); n != maxEnded+1 {
		t.Errorf("%d sessions listed, want %d: the one shown, live, and %d ended", n, maxEnded+1, maxEnded)
	}
}

// A notice of the proxy in no session (a request it refused) shows on the
// status bar, sanitized, and adds no client.
func TestProxyNoticeShowsOnTheStatusBar(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{Notice: "08:00:00 refused GET /sse from 127.0.0.1:5 with 403: \x1b[31mOrigin null"})
	if v := m.status.view(); !strings.Contains(v, "refused GET /sse from 127.0.0.1:5 with 403") || strings.Contains(v, "\x1b[31m") {
		t.Errorf("the status bar does not say what was refused, sanitized: %q", v)
	}
	if len(m.clients.feeds) != 0 {
		t.Errorf("a notice became a client: %d listed", len(m.clients.feeds))
	}
}
