package main

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client given a URL with its own credential in the query
// ("/mcp?api_key=K"), whose key is refreshed mid-session ("?api_key=K2"
// in its later requests): neither key reaches the recording or stderr,
// where the later one was kept whole in the client leg's and the upstream
// leg's URLs.
func TestProxyMasksClientsOwnQueryCredential(t *testing.T) {
	const first, refreshed = "CLIENTKEY-first-1122", "CLIENTKEY-later-3344"
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	_, sid := clientPost(t, h.run.base+"/mcp?api_key="+first, "",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"keyed","version":"1"}}}`)
	for _, body := range []string{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`} {
		if status, _ := clientPost(t, h.run.base+"/mcp?api_key="+refreshed, sid, body); status/100 != 2 {
			t.Fatalf("POST %s with the refreshed key: %d", body, status)
		}
	}
	h.stop()

	out := h.errw.String()
	recorded := recordingsText(t, h.dir)
	for _, key := range []string{first, refreshed} {
		if strings.Contains(out, key) {
			t.Errorf("stderr shows the client's key %s:\n%s", key, out)
		}
		if strings.Contains(recorded, key) {
			t.Errorf("the recording holds the client's key %s:\n%s", key, recorded)
		}
	}
	if !strings.Contains(recorded, "api_key=[redacted]") {
		t.Errorf("the recording does not name the masked key:\n%s", recorded)
	}
}

// The proxy's TUI shows a proxied client's request as its recording holds
// it: the key in its query, refreshed after the session began, is
// [redacted] in the request's Detail.
func TestProxyTUIMasksClientsOwnQueryCredential(t *testing.T) {
	const first, refreshed = "TUIKEY-first-4411", "TUIKEY-later-5522"
	m, run := proxyTUI(t, demotest.Start(t, demo.Options{}).URL+demo.StreamablePath)
	tw := watchTUI(t, m, 200, 60)
	_, sid := clientPost(t, run.base+demo.StreamablePath+"?api_key="+first, "",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"keyed","version":"1"}}}`)
	if status, _ := clientPost(t, run.base+demo.StreamablePath+"?api_key="+refreshed, sid, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); status/100 != 2 {
		t.Fatalf("tools/list with the refreshed key: %d", status)
	}
	tw.waitFor("tools/list")
	tw.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tw.waitFor("api_key=[redacted]")
	screen := tw.quit()
	for _, key := range []string{first, refreshed} {
		if strings.Contains(screen, key) {
			t.Errorf("the screen shows the client's key %s:\n%s", key, screen)
		}
	}
}
