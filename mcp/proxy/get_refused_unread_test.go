package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A request upstream answered 202 while the client's GET (no session id,
// upstream keeps none) was asked for, whose GET upstream then answered
// with a stream the proxy cannot read (br) and refused 502: the note
// that the request waits for a GET stream says the refusal. It said
// upstream answered the GET "200 OK, not with a stream", though it did.
func TestRequestAcceptedWhileGetIsRefusedUnreadSaysTheRefusal(t *testing.T) {
	arrived, release := make(chan struct{}, 1), make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		body := string(raw)
		switch {
		case r.Method == http.MethodGet:
			arrived <- struct{}{}
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			w.Header().Set("Content-Encoding", "br")
			_, _ = w.Write([]byte("not brotli at all"))
		case strings.Contains(body, `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`))
		default:
			w.WriteHeader(http.StatusAccepted)
		}
	}))
	t.Cleanup(up.Close)
	_, base, w := startProxy(t, up.URL+"/mcp", Config{})
	accept := []string{"Accept", "application/json, text/event-stream"}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, accept...).Body)
	got := make(chan *http.Response, 1)
	go func() {
		req, _ := http.NewRequestWithContext(bounded(t), http.MethodGet, base+"/mcp", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Accept-Encoding", "br")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			resp = nil
		}
		got <- resp
	}()
	select {
	case <-arrived:
	case <-bounded(t).Done():
		t.Fatal("the client's GET never reached upstream")
	}
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, accept...).Body)
	c := w.clientOn(t, mcp.TransportStreamable)
	w.record(t, c.ID, "the tools/list sent", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	close(release)
	if get := answered(t, got); get.StatusCode != http.StatusBadGateway {
		t.Fatalf("the client's GET got %s, want the proxy's 502", get.Status)
	}
	said := w.record(t, c.ID, "the note that its answer needs a GET stream", func(r mcp.Record) bool { return AnswerAwaitsGet(r.State) })
	if d := said.State.Detail; strings.Contains(d, "not with a stream") || !strings.Contains(d, `Content-Encoding "br"`) || !strings.Contains(d, "502") {
		t.Errorf("the note says %q, want it to say the proxy refused upstream's stream 502", d)
	}
}
