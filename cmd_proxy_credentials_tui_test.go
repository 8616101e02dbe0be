package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The proxy's TUI shows a proxied client's credential headers as its
// session's recording holds them, as the live TUI does: [redacted].
func TestProxyTUIShowsClientCredentialHeadersRedacted(t *testing.T) {
	const token, cookie = "TOKEN-proxied-7e21c4", "COOKIE-proxied-93b0aa"
	m, run := proxyTUI(t, demotest.Start(t, demo.Options{}).URL+demo.StreamablePath)
	tw := watchTUI(t, m, 200, 60)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"creds","version":"1"}}}`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, run.base+demo.StreamablePath, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Cookie", "sid="+cookie)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	tw.waitFor("initialize")
	tw.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tw.waitFor("Authorization:")
	screenHidesCredentials(t, tw.quit(), token, cookie)
}
