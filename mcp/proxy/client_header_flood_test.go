package proxy

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client sending as many headers as net/http takes (900 KB of them)
// costs each leg's record about mcp.HeadersLimit, not the 900 KB twice:
// both legs copied the client's headers whole into the recording. The
// records count the headers left out and keep the User-Agent.
func TestClientHeaderFloodIsBoundedInBothLegs(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	headers := []string{"Accept", "application/json, text/event-stream", "User-Agent", "flooder/1"}
	for i := range 2000 {
		headers = append(headers, fmt.Sprintf("X-Pad-%d", i), strings.Repeat("p", 450))
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flooder","version":"1"}}}`
	resp := rawPost(t, base+"/mcp", init, headers...)
	readAll(t, resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize answered %s, want 200", resp.Status)
	}
	w.until(t, "the session", func() bool { return len(w.clients) == 1 })
	id := w.sessions()[0].ID
	for _, purpose := range []string{mcp.PurposeRelay, mcp.PurposePost} {
		h := w.record(t, id, purpose+" leg", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == purpose }).HTTP
		b, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 2*mcp.HeadersLimit {
			t.Errorf("the %s leg's record is %d bytes, want at most %d", purpose, len(b), 2*mcp.HeadersLimit)
		}
		if h.RequestHeadersLeftOut == 0 {
			t.Errorf("the %s leg's record does not count the headers it left out", purpose)
		}
		if got := mcp.RecordedHeader(h.RequestHeaders, "User-Agent"); got != "flooder/1" {
			t.Errorf("the %s leg's record keeps User-Agent %q, want flooder/1", purpose, got)
		}
	}
}
