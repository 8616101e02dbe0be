package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// initializeVia initializes a streamable session through the proxy at
// base as a client named name (its User-Agent too), and returns the
// session's id.
func initializeVia(t *testing.T, base, name string) string {
	t.Helper()
	init, err := http.NewRequest(http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"`+name+`","version":"1"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	init.Header.Set("Content-Type", "application/json")
	init.Header.Set("Accept", "application/json, text/event-stream")
	init.Header.Set("User-Agent", name)
	resp, err := http.DefaultClient.Do(init)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize through the proxy: %s, session %q", resp.Status, sid)
	}
	return sid
}
