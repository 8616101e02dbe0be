package proxy

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A bare base URL whose /sse serves an event stream and whose /mcp holds
// back a GET's answer (a streamable server that sends not even its status
// line until it has a message) is offered both paths: /mcp said nothing,
// not 404, and leaving it out would point streamable clients nowhere.
func TestEndpointsKeepsAnMcpPathThatHoldsItsAnswer(t *testing.T) {
	// The probes go one after the other, /sse first: the held /mcp probe
	// ends the bound itself (as the bound running out would end it), so
	// the /sse probe has all of testTimeout to answer on a loaded machine
	// under -race, where a bound of 1.5s could run out before it did.
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/sse":
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
		case "/mcp":
			cancel()
			<-r.Context().Done() // the probe gives up first
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(up.Close)
	p, err := New(Config{Upstream: up.URL})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var got []string
	for _, ep := range p.Endpoints(ctx, "http://127.0.0.1:8812") {
		got = append(got, ep.Transport+"="+strings.TrimPrefix(ep.URL, "http://127.0.0.1:8812"))
	}
	if g, want := strings.Join(got, " "), "sse=/sse streamable=/mcp"; g != want {
		t.Errorf("Endpoints = %q, want %q", g, want)
	}
}
