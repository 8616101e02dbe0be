package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// ownSessionLive runs a proxy's TUI with no client yet, at 160x45, and
// presses o: the user's own session, named name, opens on a session of
// cfg (its Answerer the TUI's), which connects then.
func ownSessionLive(t *testing.T, cfg mcp.Config, name string) *live {
	t.Helper()
	s, answers := liveSession(t, cfg)
	m := New(Options{Styles: testStyles(), Clients: make(chan Client), NoSend: watchOnly, Answers: answers, Now: func() time.Time { return fixedNow },
		OpenOwn: func() (Client, error) {
			go func() { _ = s.Connect(t.Context()) }()
			return Client{ID: -1, Name: name, Records: s.Records(), Backend: command.Runner{Session: s}}, nil
		}})
	l := runLive(t, m, s)
	l.tm.Type("o")
	return l
}

// liveListing runs startLive on a streamable server listing tools, lists
// them, and marks the screen: the set-up of the tests of how a listed
// tool's name shows in the hints and Tab's list.
func liveListing(t *testing.T, tools []mcptest.Tool) *live {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.mark()
	return l
}

// startLiveReady runs startLive at w x h and waits until the status bar
// says ready ("● initialized", "● listening", "● failed"), the set-up most
// live tests share before they type anything.
func startLiveReady(t *testing.T, cfg mcp.Config, w, h int, ready string) *live {
	t.Helper()
	l := startLive(t, cfg)
	l.tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
	l.waitFor(ready)
	return l
}

// startDemoListening runs the TUI at 160x45 on the demo gateway's
// stateless 2026 endpoint and waits until its listen stream is open.
func startDemoListening(t *testing.T) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	return startLiveReady(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless}, 160, 45, "● listening")
}

// callBeforeListing runs the TUI on a streamable fake whose tools/list
// answers only once release is closed, and sends tools/call args while
// that listing (the one c sends) is on its way: the call is left waiting
// for it.
func callBeforeListing(t *testing.T, args string) (l *live, release chan struct{}) {
	t.Helper()
	srv, release := heldOn(t, "tools/list")
	l = startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call(args)
	l.waitFor("goes once tools/list is answered")
	return l, release
}

// heldOn is a streamable server that answers method only once release is
// closed (or the request is given up), everything else at once.
func heldOn(t *testing.T, method string) (*mcptest.StreamableServer, chan struct{}) {
	t.Helper()
	release := make(chan struct{})
	return mcptest.OnMethod(t, method, holdUntil(release)), release
}

// statelessHeldOn is heldOn on a stateless (2026) server.
func statelessHeldOn(t *testing.T, method string) (*mcptest.StatelessServer, chan struct{}) {
	t.Helper()
	release := make(chan struct{})
	return mcptest.StatelessOnMethod(t, method, holdUntil(release)), release
}

// holdUntil answers an exchange by default once release is closed, or
// not at all when the request is given up first.
func holdUntil(release <-chan struct{}) func(x *mcptest.Exchange) {
	return func(x *mcptest.Exchange) {
		select {
		case <-release:
			x.Default()
		case <-x.Context().Done():
		}
	}
}

// lastPair is the last row of m's log that match accepts, nil when none
// does.
func lastPair(m *Model, match func(p *history.Pair) bool) *history.Pair {
	var last *history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); match(p) {
			last = p
		}
	}
	return last
}

// liveSampling is the demo gateway over streamable HTTP with its sample
// tool called and the server's sampling request on screen, waiting for
// the user's answer.
func liveSampling(t *testing.T) *live {
	t.Helper()
	l := liveDemoAt(t, 160, 45)
	l.call(`sample prompt="Name a transport"`)
	l.waitFor("asks: sampling/createMessage")
	return l
}

// listTools presses l and waits for the tools/list it sends to be
// answered.
func (l *live) listTools() {
	l.t.Helper()
	l.tm.Type("l")
	l.waitOK("tools/list")
}

// callOK sends tools/call args, as call does, and waits for the call's
// status and its row to say ok.
func (l *live) callOK(args string) {
	l.t.Helper()
	l.call(args)
	l.waitFor("tools/call " + strings.Fields(args)[0] + ": ok")
	l.waitRowState("tools/call "+strings.Fields(args)[0], "✓ ok")
}

// liveFailedAt runs startLive at w x h on a session that cannot connect
// and waits until the screen says so.
func liveFailedAt(t *testing.T, cfg mcp.Config, w, h int) *live {
	t.Helper()
	l := startLiveReady(t, cfg, w, h, "● failed")
	l.waitFor("could not connect")
	return l
}
