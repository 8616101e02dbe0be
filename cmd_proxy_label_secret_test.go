package main

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client whose clientInfo name is its own query credential (the token
// on its URL): the label beginning each line about its session and the
// "sessions recorded" summary on stderr show it [redacted], as the
// recording does, where they showed the key whole.
func TestProxyLabelMasksClientsQueryCredential(t *testing.T) {
	const token = "QUERYSECRET-abcdef123456"
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	_, sid := clientPost(t, h.run.base+"/mcp?token="+token, "",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"`+token+`","version":"1"}}}`)
	for _, body := range []string{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`} {
		if status, _ := clientPost(t, h.run.base+"/mcp?token="+token, sid, body); status/100 != 2 {
			t.Fatalf("POST %s: %d", body, status)
		}
	}
	h.stop()

	out := h.errw.String()
	if strings.Contains(out, token) {
		t.Errorf("stderr shows the client's key %s:\n%s", token, out)
	}
	if !strings.Contains(out, "#1 [redacted]") {
		t.Errorf("no line names session 1 by its masked label:\n%s", out)
	}
	recordingsLack(t, h.dir, token, "the client's key")
}

// The connected line quotes the client's User-Agent beside its address:
// one spelling the key in its URL's query was quoted whole there, while
// the label, often that User-Agent itself, was [redacted].
func TestProxyConnectedLineMasksQueryCredentialInUserAgent(t *testing.T) {
	const token = "QUERYSECRET-ua-abcdef123456"
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	req, _ := http.NewRequest(http.MethodPost, h.run.base+"/mcp?token="+token, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("User-Agent", "agent/"+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, token) || !strings.Contains(out, "connected from") {
		t.Errorf("stderr shows the client's key %s, or no connected line:\n%s", token, out)
	}
}
