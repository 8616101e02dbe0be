package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A client's batch of many notifications is one headless line counting
// them by method, where it was a line for the batch and one per
// notification (100k of them, 100k lines); its request keeps a line of
// its own, as its answer does.
func TestProxyHeadlessBatchOfNotificationsIsOneLine(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "batch-session")
		if strings.HasPrefix(string(body), "[") {
			_, _ = io.WriteString(w, `[{"jsonrpc":"2.0","id":2,"result":{}}]`)
			return
		}
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"batcher","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "batcher")
	const notes = 2000
	batch := `[{"jsonrpc":"2.0","id":2,"method":"ping"}` +
		strings.Repeat(`,{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}`, notes-1) +
		`,{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}]`
	resp := postVia(t, h.run.base, sid, "batcher", batch)
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the batch got %s, want upstream's 200 relayed", resp.Status)
	}
	h.stop()

	var sent []string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, " → ") {
			sent = append(sent, l)
		}
	}
	var batchLines, pings int
	for _, l := range sent {
		switch {
		case strings.Contains(l, "→ batch of "):
			batchLines++
			if !strings.Contains(l, ": 2000 notifications (notifications/progress ×1999, notifications/cancelled ×1)") {
				t.Errorf("the batch's line %q, want it to count its 2000 notifications by method", l)
			}
		case strings.Contains(l, "→ ping id=2"):
			pings++
		case strings.Contains(l, "→ notifications/"):
			t.Fatalf("a notification of the batch has a line of its own: %q (%d lines sent)", l, len(sent))
		}
	}
	if batchLines != 1 || pings != 1 {
		t.Errorf("the batch made %d batch lines and %d ping lines, want one each; the lines:\n%s", batchLines, pings, strings.Join(sent, "\n"))
	}
}
