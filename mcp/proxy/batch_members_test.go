package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// pings is a batch of n pings.
func pings(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i+2)
	}
	b.WriteString("]")
	return b.String()
}

// A client's batch of a million pings (42 MB, inside --max-event-size)
// was recorded member by member before it was relayed: the proxy held
// 2 GB and took a minute over it. A batch of more than MaxBatchMembers
// messages is refused with 413 saying so, in its session's recording,
// and nothing of it reaches upstream or the records as a message; one of
// MaxBatchMembers is still relayed.
func TestBatchOfTooManyMessagesIsRefused(t *testing.T) {
	var batches atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.HasPrefix(string(body), "[") {
			batches.Add(1)
		}
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		batchRefuser(w, r)
	}))
	t.Cleanup(srv.Close)
	_, base, w := startProxy(t, srv.URL+"/mcp", Config{})
	accept := "application/json, text/event-stream"
	if resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"batcher","version":"1"}}}`, "Accept", accept); resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize got %s, want 200", resp.Status)
	}
	resp := rawPost(t, base+"/mcp", pings(MaxBatchMembers+1), "Accept", accept, "Mcp-Session-Id", "batch-session")
	want := fmt.Sprintf("the request's batch holds %d messages, more than the %d the proxy relays in one batch", MaxBatchMembers+1, MaxBatchMembers)
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, want) {
		t.Fatalf("the batch of %d got %s %q, want 413 saying %q", MaxBatchMembers+1, resp.Status, body, want)
	}
	w.record(t, 1, "the refusal of the batch", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.Status == http.StatusRequestEntityTooLarge &&
			strings.Contains(r.Error.Message, fmt.Sprintf("its batch holds %d messages", MaxBatchMembers+1))
	})
	if n := batches.Load(); n != 0 {
		t.Errorf("upstream got %d batches, want none", n)
	}
	for _, r := range w.records(1) {
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "ping" {
			t.Fatalf("a member of the refused batch was recorded as sent: %s", r.RPC.Raw)
		}
	}

	resp = rawPost(t, base+"/mcp", pings(MaxBatchMembers), "Accept", accept, "Mcp-Session-Id", "batch-session")
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusBadRequest || batches.Load() != 1 {
		t.Errorf("the batch of %d got %s %q (upstream got %d batches), want it relayed and upstream's 400", MaxBatchMembers, resp.Status, body, batches.Load())
	}
}

// A batch of too many messages in no session (a first POST) is refused
// as one in a session is, and the watcher told, as no recording holds it.
func TestSessionlessBatchOfTooManyMessagesIsRefused(t *testing.T) {
	var batches atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		batches.Add(1)
		http.Error(w, "no", http.StatusBadRequest)
	}))
	t.Cleanup(srv.Close)
	refused := make(chan Refusal, 1)
	_, base, _ := startProxy(t, srv.URL+"/mcp", Config{OnRefused: func(rf Refusal) { refused <- rf }})
	resp := rawPost(t, base+"/mcp", pings(MaxBatchMembers+1), "Accept", "application/json, text/event-stream")
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("the batch got %s %q, want 413", resp.Status, body)
	}
	select {
	case rf := <-refused:
		if rf.Status != http.StatusRequestEntityTooLarge || rf.Short != "its batch holds too many messages" {
			t.Errorf("the watcher was told %d %q, want 413 and that the batch holds too many messages", rf.Status, rf.Short)
		}
	case <-bounded(t).Done():
		t.Fatal("the watcher was not told of the refused batch")
	}
	if n := batches.Load(); n != 0 {
		t.Errorf("upstream got %d requests, want none", n)
	}
}
