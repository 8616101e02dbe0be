package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"
)

// A stream whose first event is not endpoint is taken for a streamable GET
// stream, but a legacy client (the TypeScript SDK's) listens for endpoint
// events whatever came before, and follows the one that comes later. That
// one must be rewritten as on any legacy stream: it went through
// untouched, so an upstream sending one event first could point the client,
// and its credentials, at another origin.
func TestEndpointAfterAnotherFirstEventIsRewritten(t *testing.T) {
	say := make(chan string, 1)
	up := streamUpstream(t, func(int) (int, string) {
		return http.StatusOK, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n\n"
	}, say)
	_, base, _ := startProxy(t, up.URL, Config{Bearer: "user-token"})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(stream.Body)
	if first := nextEvent(t, br); !strings.Contains(first, "notifications/message") {
		t.Fatalf("the client's first event is %q, want upstream's message", first)
	}
	say <- "event: endpoint\ndata: http://elsewhere.example/message?sessionId=e\n\n"
	got := dataOf(t, nextEvent(t, br))
	if !strings.HasPrefix(got, "/.mcpscope/refused-endpoint/") {
		t.Fatalf("the client was pointed at %q, want the proxy's refusing URI: upstream named another origin", got)
	}
	post := rawPost(t, base+got, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if body := readAll(t, post.Body); post.StatusCode != http.StatusBadGateway {
		t.Errorf("a POST to the refused endpoint got %s %q, want 502", post.Status, body)
	}
}

// The client's initialize can settle its GET stream as streamable before
// upstream's first event: an endpoint event coming first then is still
// rewritten, not relayed as it was.
func TestEndpointAfterTheClientInitializedIsRewritten(t *testing.T) {
	say := make(chan string, 1)
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, ": open\n\n" }, say)
	_, base, _ := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "User-Agent", aiSDKLike)
	br := bufio.NewReader(stream.Body)
	nextEvent(t, br) // the comment: upstream's stream is open
	// Answered, the initialize has settled the stream (joinEarly).
	if st, _ := send(t, http.MethodPost, base+"/sse", initialize, nil); st != http.StatusOK {
		t.Fatalf("initialize answered %d", st)
	}
	say <- "event: endpoint\ndata: http://elsewhere.example/message?sessionId=e\n\n"
	if got := dataOf(t, nextEvent(t, br)); !strings.HasPrefix(got, "/.mcpscope/refused-endpoint/") {
		t.Fatalf("the client was pointed at %q, want the proxy's refusing URI: upstream named another origin", got)
	}
}
