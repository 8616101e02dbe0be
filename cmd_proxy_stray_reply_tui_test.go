package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/ui"
)

// A proxied client's reply to an id the server never asked was a Pairs row
// "← server 4242 (no method) answered", as if upstream had sent a request.
// It is the client's message: "→ reply".
func TestProxyTUIShowsAStrayReplyAsTheClients(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	run := tuiProxy(t, startGateway(t, demo.Options{})+demo.StreamablePath, proxyFlags{listen: "127.0.0.1:0", noRecord: true})
	styles, err := loadStyles("")
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, ui.New(run.uiOptions(styles)), teatest.WithInitialTermSize(160, 45))
	sid := ""
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"stray","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":4242,"result":{}}`,
	} {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, run.base+demo.StreamablePath, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode/100 != 2 {
			t.Fatalf("POST %.60s: %s, want the gateway's success relayed", body, resp.Status)
		}
		if sid == "" {
			sid = resp.Header.Get("Mcp-Session-Id")
		}
	}
	var seen bytes.Buffer
	out := io.TeeReader(tm.Output(), &seen)
	teatest.WaitFor(t, out, func([]byte) bool { return strings.Contains(ansi.Strip(seen.String()), "4242") },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	view := ansi.Strip(tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View())
	var row string
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, " 4242 ") {
			row = l
		}
	}
	if !strings.Contains(row, "→ reply") || strings.Contains(row, "← server") {
		t.Errorf("the stray reply's row is %q, want it marked the client's (→ reply), not a server request:\n%s", strings.TrimSpace(row), view)
	}
}
