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
	resp := postVia(t, base, "", name, initializeAs(name))
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize through the proxy: %s, session %q", resp.Status, sid)
	}
	return sid
}

// initializeAs is a client's initialize, as the client named name sends
// it.
func initializeAs(name string) string {
	return `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"` + name + `","version":"1"}}}`
}

// postVia POSTs body through the proxy at base in session sid ("" for
// none, as an initialize goes) as the client named name (its User-Agent,
// as initializeVia sent it), reads the whole answer and returns it, its
// body spent.
func postVia(t *testing.T, base, sid, name, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/mcp", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	req.Header.Set("User-Agent", name)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}
