package ui

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// TestFlowAgainstDemoGateway drives the whole program as a person would,
// against the real demo gateway over loopback HTTP: connect, initialize,
// list tools, call greet through the command line, quit.
func TestFlowAgainstDemoGateway(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	s := mcp.NewSession(mcp.Config{URL: gw.SSEURL(), RequestTimeout: 10 * time.Second})
	defer s.Close()

	m := New(Options{Records: s.Records(), Backend: command.Runner{Session: s}, Styles: testStyles(), URL: gw.URL, Transport: "sse"})
	m.clipboard = &bytes.Buffer{}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 45))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connecting to the demo gateway: %v", err)
	}

	// All output is kept, so a frame read while waiting for one thing is
	// still there when waiting for the next.
	var seen bytes.Buffer
	out := io.TeeReader(tm.Output(), &seen)
	waitFor := func(what string) {
		t.Helper()
		teatest.WaitFor(t, out, func([]byte) bool { return bytes.Contains(seen.Bytes(), []byte(what)) },
			teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	waitFor("POST to")
	tm.Type("i")
	waitFor("initialize: ok")
	waitFor("mcpscope-demo")
	tm.Type("l")
	waitFor("tools/list: ok")
	tm.Type("c")
	tm.Type("greet name=Ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor("tools/call greet: ok")
	// The answer opens in the detail pane by itself.
	waitFor("Hello, Ada!")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(liveWait))

	final := tm.FinalModel(t).(*Model)
	if got := final.com.log.Stats().Requests; got < 3 {
		t.Errorf("the log holds %d requests, want at least initialize, tools/list and tools/call", got)
	}
	if final.com.log.Stats().Errors != 0 {
		t.Errorf("the demo session had errors: %+v", final.com.log.Negotiation().Problems)
	}
}
