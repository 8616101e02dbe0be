package ui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// fakeBackend records what the TUI asks of it.
type fakeBackend struct {
	done       chan command.Command
	reconnects chan struct{}
	resp       *mcp.Response
	err        error
	mu         sync.Mutex
	roots      []mcp.Root
}

func newFakeBackend() *fakeBackend {
	return &fakeBackend{done: make(chan command.Command, 8), reconnects: make(chan struct{}, 8)}
}

func (f *fakeBackend) Do(_ context.Context, c command.Command) (*mcp.Response, []command.ArgWarning, error) {
	f.done <- c
	return f.resp, nil, f.err
}

func (f *fakeBackend) Roots() []mcp.Root {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.roots
}

func (f *fakeBackend) Tools() []mcp.Tool { return nil }

func (f *fakeBackend) SetRoots(_ context.Context, roots []mcp.Root) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.roots = roots
	return nil
}

func (f *fakeBackend) Reconnect(context.Context) error {
	f.reconnects <- struct{}{}
	return f.err
}

// runCmd runs cmd and every command it batches, each on its own goroutine
// (tea.Tick commands sleep), and returns the first message want accepts.
func runCmd(t *testing.T, cmd tea.Cmd, want func(tea.Msg) bool) tea.Msg {
	t.Helper()
	msgs := make(chan tea.Msg, 64)
	runInto(cmd, func(tea.Msg) bool { return true }, msgs)
	timeout := time.After(10 * time.Second)
	for {
		select {
		case msg := <-msgs:
			if want(msg) {
				return msg
			}
		case <-timeout:
			t.Fatal("the command produced no expected message within 10s")
			return nil
		}
	}
}

func TestSendKeys(t *testing.T) {
	tests := []struct {
		key, method string
	}{
		{"i", "initialize"},
		{"l", "tools/list"},
	}
	for _, tt := range tests {
		b := newFakeBackend()
		b.resp = &mcp.Response{}
		m := newTestModel(t, 160, 45, b, fixtureRecords())
		cmd := press(m, tt.key)
		msg := runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok })
		if got := (<-b.done).Method; got != tt.method {
			t.Errorf("%s sent %q, want %q", tt.key, got, tt.method)
		}
		m.Update(msg)
		if !strings.Contains(m.View(), tt.method+": ok") {
			t.Errorf("after %s the status bar does not say ok:\n%s", tt.key, m.View())
		}
	}
}

func TestSubmitSendsAndShowsErrors(t *testing.T) {
	b := newFakeBackend()
	b.err = errors.New("POST answered 404: unknown session \x1b[2J")
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	_, cmd := m.Update(SubmitMsg{Command: command.Command{Method: "tools/call", Tool: "greet", Words: []string{"name=Ada"}}, Line: "tools/call greet name=Ada"})
	msg := runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok })
	if c := <-b.done; c.Tool != "greet" {
		t.Fatalf("sent tool %q, want greet", c.Tool)
	}
	_, cmd = m.Update(msg)
	view := m.View()
	if !strings.Contains(view, "tools/call greet: POST answered 404: unknown session") {
		t.Fatalf("the error is not in the status bar:\n%s", view)
	}
	if strings.ContainsRune(view, '\x1b') {
		t.Fatal("the error's escape sequence reached the view")
	}
	if m.status.msg.level != levelError {
		t.Fatalf("level = %v, want error", m.status.msg.level)
	}
	// The message has a time to live.
	m.Update(statusExpiredMsg{id: m.status.msg.id})
	if m.status.msg != nil {
		t.Fatal("the status message did not expire")
	}
	if cmd == nil {
		t.Fatal("no expiry was scheduled")
	}
}

func TestReconnectKey(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	msg := runCmd(t, press(m, "r"), func(msg tea.Msg) bool { _, ok := msg.(reconnectedMsg); return ok })
	<-b.reconnects
	m.Update(msg)
	if !strings.Contains(m.View(), "press i to initialize") {
		t.Fatalf("reconnect did not say what to do next:\n%s", m.View())
	}

	// A streamable or 2026 session opens with initialize or
	// server/discover itself: nothing is left to press. 2026 keeps no
	// session, and the status said "a new session" of it.
	b = newFakeBackend()
	m = newTestModel(t, 160, 45, b, statelessRecords().recs)
	msg = runCmd(t, press(m, "r"), func(msg tea.Msg) bool { _, ok := msg.(reconnectedMsg); return ok })
	<-b.reconnects
	m.Update(msg)
	if view := m.View(); strings.Contains(view, "press i") || strings.Contains(view, "a new session") || !strings.Contains(view, "reconnected: discovered again with server/discover (stateless: no session)") {
		t.Fatalf("a stateless reconnect should say it discovered again, of no session, not ask for i:\n%s", view)
	}
}

func TestSendingDisabledWithoutBackend(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	for _, k := range []string{"i", "l", "c", ":", "r"} {
		press(m, k)
		if !strings.Contains(m.View(), noBackend) {
			t.Fatalf("%s without a backend did not explain itself:\n%s", k, m.View())
		}
		if m.cmdline.Focused() {
			t.Fatalf("%s opened the command line without a backend", k)
		}
	}
}

// When the server says its tool list changed, the tools are listed again so
// completion follows; a replay (no backend) never sends.
func TestListChangedListsToolsAgain(t *testing.T) {
	b := newFakeBackend()
	b.resp = &mcp.Response{}
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	note := mcp.Record{Seq: 9000, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
		Method: "notifications/tools/list_changed", Raw: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`}}
	_, cmd := m.Update(recordsMsg{note})
	runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok })
	if c := <-b.done; c.Method != "tools/list" || !c.All {
		t.Errorf("after list_changed sent %+v, want tools/list --all", c)
	}
	if !strings.Contains(m.View(), "tool list changed") {
		t.Error("the status bar does not say why the tools are listed again")
	}
}

// A session error's hint line joins the message instead of showing as ⏎.
func TestErrorHintOnOneLine(t *testing.T) {
	err := &mcp.WireError{Cause: mcp.CauseNotConnected, Message: "not connected: the stream has no endpoint"}
	_, text := describeSent(sentMsg{cmd: command.Command{Method: "initialize"}, err: err})
	if strings.Contains(text, "⏎") || !strings.Contains(text, "no endpoint — press r to reconnect") {
		t.Errorf("status text %q", text)
	}
}

// c on a session whose tools were never listed lists them, so Tab has
// names to offer; with tools known, c only opens the command line.
func TestCallListsToolsWhenNoneAreKnown(t *testing.T) {
	b := newFakeBackend()
	b.resp = &mcp.Response{}
	m := newTestModel(t, 160, 45, b, statelessRecords().recs)
	cmd := press(m, "c")
	if !m.cmdline.Focused() || m.cmdline.input.Value() != "tools/call " {
		t.Fatalf("c did not open the command line on tools/call")
	}
	if !strings.Contains(m.View(), "listing the tools for completion") {
		t.Errorf("the status bar does not say the tools are being listed:\n%s", m.View())
	}
	if hint := strings.Split(m.cmdline.View(), "\n")[1]; !strings.Contains(hint, "listing the tools…") {
		t.Errorf("hint %q, want it to say the tools are being listed", hint)
	}
	press(m, "g", "r", "e", "e", "t", " ")
	if hint := strings.Split(m.cmdline.View(), "\n")[1]; strings.Contains(hint, "unknown tool") || !strings.Contains(hint, "listing the tools…") {
		t.Errorf("arguments hint %q calls the tool unknown, want it to say the tools are being listed", hint)
	}
	runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok })
	if c := <-b.done; c.Method != "tools/list" || !c.All {
		t.Errorf("c sent %+v, want tools/list --all", c)
	}

	m = newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	if len(m.tools) == 0 {
		t.Fatal("the fixture lists no tools")
	}
	press(m, "c")
	if strings.Contains(m.View(), "listing the tools") {
		t.Errorf("c with tools known says it lists them:\n%s", m.View())
	}
}

// i then l typed fast: tools/list waits until initialize's send is over
// (the session sends notifications/initialized before it returns), so it
// does not overtake the handshake and get "invalid during session
// initialization"; the status line says it waits.
func TestRequestsWaitForInitialize(t *testing.T) {
	b := newFakeBackend()
	b.resp = &mcp.Response{}
	m := newTestModel(t, 160, 45, b, nil)
	isSent := func(msg tea.Msg) bool { _, ok := msg.(sentMsg); return ok }
	initCmd := press(m, "i")
	// Until the answer comes, the status says that is what it waits for
	// (it said "sending" for as long as a slow tool ran).
	if bar := lastLine(m.View()); !strings.Contains(bar, "initialize: waiting for the answer…") {
		t.Errorf("status bar = %q, want it to say initialize waits for its answer", bar)
	}
	press(m, "l")
	if bar := lastLine(m.View()); !strings.Contains(bar, "tools/list goes once initialize is done") {
		t.Errorf("status bar = %q, want it to say tools/list waits", bar)
	}
	answered := runCmd(t, initCmd, isSent)
	if got := (<-b.done).Method; got != "initialize" {
		t.Fatalf("first sent %q, want initialize", got)
	}
	select {
	case c := <-b.done:
		t.Fatalf("%s was sent before initialize's send was over", c.Method)
	default:
	}
	_, cmd := m.Update(answered)
	runCmd(t, cmd, isSent)
	if got := (<-b.done).Method; got != "tools/list" {
		t.Errorf("after initialize, sent %q, want tools/list", got)
	}
	// With the handshake over, l goes at once.
	runCmd(t, press(m, "l"), isSent)
	if got := (<-b.done).Method; got != "tools/list" {
		t.Errorf("l after the handshake sent %q, want tools/list", got)
	}
}

// runInto runs cmd and every command it batches, each on its own
// goroutine, and sends the messages keep accepts to msgs.
func runInto(cmd tea.Cmd, keep func(tea.Msg) bool, msgs chan<- tea.Msg) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				runInto(c, keep, msgs)
			}
			return
		}
		if keep(msg) {
			msgs <- msg
		}
	}()
}
