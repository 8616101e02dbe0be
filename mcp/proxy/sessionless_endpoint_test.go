package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"
)

// A client that posted with no session id (a probe, or a request to a
// server that keeps no session) has a sessionless session, and its later
// GET for an event stream is taken as that session's GET stream. When
// upstream answers that GET with a legacy stream, its endpoint event must
// be rewritten as on any legacy stream: relayed as it was, one naming
// another origin sent the client, and its credentials, there. Clients
// share an identity easily (Node's fetch says "node" for every one), so
// one client's POST decided how another's stream was relayed.
func TestSessionlessClientsLegacyStreamIsRewritten(t *testing.T) {
	up := streamUpstream(t, func(int) (int, string) {
		return http.StatusOK, "event: endpoint\ndata: http://elsewhere.example/message?sessionId=e\n\n"
	}, nil)
	_, base, _ := startProxy(t, up.URL, Config{Bearer: "user-token"})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "User-Agent", "node")
	readAll(t, resp.Body)
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "User-Agent", "node")
	got := dataOf(t, nextEvent(t, bufio.NewReader(stream.Body)))
	if !strings.HasPrefix(got, "/.mcpscope/refused-endpoint/") {
		t.Fatalf("the client was pointed at %q, want the proxy's refusing URI: upstream named another origin", got)
	}
	post := rawPost(t, base+got, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "User-Agent", "node")
	if body := readAll(t, post.Body); post.StatusCode != http.StatusBadGateway {
		t.Errorf("a POST to the refused endpoint got %s %q, want 502", post.Status, body)
	}
}
