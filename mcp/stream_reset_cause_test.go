package mcp

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An HTTP/2 server that resets the stream of a request it took (a handler
// that panicked; a gateway's upstream gone) failed that request as
// "nothing answered, is the server started?", and its pair read "✗ not
// sent: could not connect": every error net/http gives that is not a
// dial's was taken as no connection at all. The server had the request.
func TestAStreamResetIsNotNoConnection(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Method != http.MethodPost:
			w.WriteHeader(http.StatusMethodNotAllowed)
		case strings.Contains(string(body), `"initialize"`):
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+mcptest.RawID(string(body))+`,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"h2","version":"1"}}}`)
		case !strings.Contains(string(body), `"id"`):
			w.WriteHeader(http.StatusAccepted)
		case strings.Contains(string(body), `"tools/list"`):
			panic(http.ErrAbortHandler) // the stream reset, INTERNAL_ERROR
		default:
			w.WriteHeader(http.StatusBadRequest)
		}
	})
	srv := httptest.NewUnstartedServer(h)
	srv.EnableHTTP2 = true
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, HTTPClient: srv.Client(), RequestTimeout: 10 * time.Second, NoGetStream: true})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil {
		t.Fatal("tools/list answered, want the stream's reset")
	}
	if c := CauseOf(err); c != CauseDropped {
		t.Errorf("tools/list failed with cause %q (%v), want %q: the server took the request", c, err, CauseDropped)
	}
	s.Close()
	rec.waitEnd(t)
}
