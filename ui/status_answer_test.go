package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request the server refuses with an HTTP status shows, on an 80-column
// status line, the status and the server's words: the URL the request was
// POSTed to (a legacy endpoint with its session id) filled the line before
// either, and Detail shows it.
func TestStatusLineShowsTheRefusalNotTheURL(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	s := mcp.NewSession(mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, RequestTimeout: 15 * time.Second})
	t.Cleanup(func() { s.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	go func() {
		for range s.Records() {
		}
	}()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	cmd := command.Command{Method: "tool/list", Line: "tool/list"}
	_, _, err := command.Run(ctx, s, cmd)
	if err == nil {
		t.Fatal("tool/list succeeded; want the demo's 400")
	}
	m := newTestModel(t, 80, 24, newFakeBackend(), nil)
	m.Update(sentMsg{cmd: cmd, err: err})
	view := ansi.Strip(m.View())
	status := row(view, "tool/list:")
	if want := "tool/list: 400 Bad Request: JSON RPC not handled"; !strings.Contains(status, want) {
		t.Errorf("status message %q does not contain %q:\n%s", status, want, view)
	}
	if strings.Contains(status, "sessionid=") {
		t.Errorf("status message %q spends its width on the URL", status)
	}
}
