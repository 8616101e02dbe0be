package proxy

import (
	"bufio"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A legacy upstream whose endpoint event is too large to hold (200 KB)
// has part of it go out before the proxy refuses it, renamed so no client
// takes it for its endpoint. Nothing followed it: the client (the
// Inspector) waited for an endpoint until its own timeout. An endpoint
// event of the proxy's refusing URI now follows, and the client's first
// POST is answered 502 with why.
func TestOversizeFirstEndpointIsFollowedByTheRefusingOne(t *testing.T) {
	large := "event: endpoint\ndata: /message?sessionId=" + strings.Repeat("a", 200<<10) + "\n\n"
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, large }, make(chan string))
	_, base, _ := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(stream.Body)
	if first := nextEvent(t, br); !strings.Contains(first, "event: "+refusedEvent) {
		t.Fatalf("the client's first event is %.200q, want it renamed %s", first, refusedEvent)
	}
	next := nextEvent(t, br)
	if !strings.Contains(next, "event: endpoint") || !strings.HasPrefix(dataOf(t, next), "/.mcpscope/refused-endpoint/") {
		t.Fatalf("after the renamed event the client got %.200q, want an endpoint event of the proxy's refusing URI", next)
	}
	resp := rawDo(t, http.MethodPost, base+dataOf(t, next), `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, "Content-Type", "application/json")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(string(body), "endpoint event of") {
		t.Errorf("the client's POST got %d %q, want 502 saying the endpoint event was too large", resp.StatusCode, body)
	}
}
