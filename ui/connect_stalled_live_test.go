package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server whose answer to initialize began and stalled (88 of the 196
// bytes its Content-Length named) is advised as stuck mid-answer, as the
// failure itself says, where the status line read "the server took the
// connection but did not answer: is it overloaded, or is this the right
// port?" under words that said its answer had begun.
func TestLiveConnectStalledAnswerIsAdvisedAsStalled(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "196")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serv`))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.CloseClientConnections)
	t.Cleanup(srv.Close)
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, EndpointTimeout: 500 * time.Millisecond})
	l.waitFor("● failed")
	m := l.quit()
	said := m.status.msg.text
	if !strings.Contains(said, "stopped coming after") || !strings.Contains(said, "began its answer and stopped mid-way") {
		t.Errorf("the status %q does not say the answer stalled and advise on a stalled one", said)
	}
	if strings.Contains(said, "is this the right port") {
		t.Errorf("the status %q asks about the port of a server that answered", said)
	}
}
