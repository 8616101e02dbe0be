package proxy

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Endpoints names the proxy's URL for each transport the upstream serves:
// a bare base means the Docker gateway's two paths; a /mcp path gets its
// sibling /sse only when that serves an event stream.
func TestEndpoints(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	legacyOnly := mcptest.New(t, mcptest.Options{})
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	for _, tc := range []struct {
		upstream string
		want     string
	}{
		{gw.URL, "sse=P/sse streamable=P/mcp"},
		{gw.URL + "/", "sse=P/sse streamable=P/mcp"},
		{gw.SSEURL(), "sse=P/sse"},
		{gw.MCPURL(), "sse=P/sse streamable=P/mcp"},
		{gw.StatelessURL(), "streamable=P/stateless"},
		{fake.Endpoint(), "streamable=P/mcp"},
		// A bare base names only the paths that answer there, and both
		// when nothing answers to say which.
		{fake.URL, "streamable=P/mcp"},
		{legacyOnly.URL, "sse=P/sse"},
		{down.URL, "sse=P/sse streamable=P/mcp"},
		{fake.URL + "/api/mcp?tenant=a", "streamable=P/api/mcp?tenant=a"},
		// The user's query (a key the upstream wants) on every path: the
		// proxy relays the client's query, not the user's.
		{gw.URL + "?key=k1", "sse=P/sse?key=k1 streamable=P/mcp?key=k1"},
		{gw.MCPURL() + "?key=k1", "sse=P/sse?key=k1 streamable=P/mcp?key=k1"},
	} {
		p, err := New(Config{Upstream: tc.upstream})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, ep := range p.Endpoints(bounded(t), "http://127.0.0.1:8812/") {
			got = append(got, ep.Transport+"="+strings.Replace(ep.URL, "http://127.0.0.1:8812", "P", 1))
		}
		p.Close()
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("Endpoints for %s = %q, want %q", tc.upstream, g, tc.want)
		}
	}
}

// An answer larger than the size limit is relayed whole; the record keeps
// an excerpt and says why its messages were not logged.
func TestLargeAnswerRelayedWholeLoggedAsExcerpt(t *testing.T) {
	big := `{"jsonrpc":"2.0","id":1,"result":{"text":"` + strings.Repeat("x", 300<<10) + `"}}`
	var up headerLog
	stream := "event: message\ndata: " + big + "\n\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}\n\n"
	ts := up.server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sse" {
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write([]byte(stream))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(big))
	})
	_, base, w := startProxy(t, ts.URL, Config{MaxEventSize: 128 << 10})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	if got := readAll(t, resp.Body); got != big {
		t.Fatalf("the client got %d bytes, want all %d", len(got), len(big))
	}
	c := w.sessions()[0]
	ex := w.record(t, c.ID, "the upstream leg", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposePost })
	if ex.HTTP.BodySize != int64(len(big)) || len(ex.HTTP.Body) != mcp.BodyLimit {
		t.Errorf("recorded body size %d with a %d-byte excerpt, want %d and %d", ex.HTTP.BodySize, len(ex.HTTP.Body), len(big), mcp.BodyLimit)
	}
	w.record(t, c.ID, "the request failed, saying why", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseEventTooLarge && r.Error.ReqSeq != 0
	})

	resp = rawPost(t, base+"/sse", `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
	if got := readAll(t, resp.Body); got != stream {
		t.Fatalf("the client got %d bytes of the stream, want all %d", len(got), len(stream))
	}
	// A POST to another endpoint is another client's (identity).
	w.clientWith(t, "the error saying the rest of the stream was not logged", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseEventTooLarge && strings.Contains(r.Error.Message, "rest of the stream")
	})

	huge := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"text":"` + strings.Repeat("y", 200<<10) + `"}}`
	resp = rawPost(t, base+"/mcp", huge)
	if body := readAll(t, resp.Body); resp.StatusCode != 413 || !strings.Contains(body, "--max-event-size") {
		t.Errorf("a client message past the limit: %s %q, want 413 naming --max-event-size", resp.Status, body)
	}
}
