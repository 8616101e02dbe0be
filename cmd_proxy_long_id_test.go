package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// A client that sends a session id 200,000 bytes long (one the proxy never
// saw) has it relayed and recorded whole in the request's headers, but the
// proxy's own words about the session quote its start and its size: the
// session's expiry was a line of 200 KB.
func TestProxyHeadlessQuotesALongSessionIDShort(t *testing.T) {
	h := startHeadless(t, startGateway(t, demo.Options{}), proxyFlags{})
	sid := strings.Repeat("s", 200_000)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("a session the gateway never gave: %s, want its 404 relayed", resp.Status)
	}
	h.stop()

	out := h.errw.String()
	if !strings.Contains(out, "to session sss") || !strings.Contains(out, "s… (200000 bytes): the session is gone") {
		t.Errorf("stderr does not say the session is gone, quoting the id's start and size:\n%.3000s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 1000 {
			t.Errorf("a line of %d bytes: %.300s…", len(line), line)
		}
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	whole := false
	for _, f := range files {
		for _, r := range readRecording(t, f) {
			if r.HTTP != nil && http.Header(r.HTTP.RequestHeaders).Get("Mcp-Session-Id") == sid {
				whole = true
			}
		}
	}
	if !whole {
		t.Error("no recorded request holds the session id the client sent, whole")
	}
}
