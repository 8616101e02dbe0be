package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/ui"
)

// The TUI names a session by its client's label, as the lines on stderr
// do: a client whose clientInfo name is its own query credential (the
// token on its URL) was listed in the TUI's bar with the key whole, where
// stderr and the recording say [redacted]. So was a new name a client
// gave after its session began (an initialize after its GET).
func TestProxyTUIMasksClientsQueryCredentialInItsName(t *testing.T) {
	const token = "QUERYSECRET-tui-abcdef123456"
	run := tuiProxy(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"` + token + `","version":"1"}}}`
	if status, _ := clientPost(t, run.base+"/mcp?token="+token, "", initialize); status != 200 {
		t.Fatalf("initialize: %d", status)
	}
	names := map[int]string{}
	timeout := time.After(15 * time.Second)
	for len(names) < 1 {
		select {
		case c := <-run.sessions.show():
			names[c.ID] = c.Name
			if c.Records != nil {
				go drainRecords(c)
			}
		case <-timeout:
			t.Fatal("the TUI was given no session")
		}
	}
	for id, name := range names {
		if strings.Contains(name, token) || !strings.Contains(name, "[redacted]") {
			t.Errorf("the TUI names session %d %q, want the client's key [redacted]", id, name)
		}
	}
}

// drainRecords reads a session's records as the TUI would.
func drainRecords(c ui.Client) {
	for range c.Records {
	}
}
