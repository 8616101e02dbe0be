package proxy

import (
	"bufio"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Every endpoint event of a legacy stream registers the URI it names on
// the proxy, for as long as the session lasts. A server sending endpoint
// events without end, each naming another session, is answered with a
// bounded number of them: past maxEndpoints the client is pointed at the
// proxy's refusing URI (one per session) and the proxy registers no more,
// so its lookups do not grow with what the server sends.
func TestEndpointEventsWithoutEndRegisterABoundedNumber(t *testing.T) {
	say := make(chan string)
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "event: endpoint\ndata: /message?sessionId=s0\n\n" }, say)
	p, base, _ := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(stream.Body)
	nextEvent(t, br)

	const sent = 3 * maxEndpoints
	var b strings.Builder
	for i := 1; i <= sent; i++ {
		fmt.Fprintf(&b, "event: endpoint\ndata: /message?sessionId=s%d\n\n", i)
	}
	say <- b.String()
	var last string
	for range sent {
		last = dataOf(t, nextEvent(t, br))
	}
	if !strings.HasPrefix(last, "/.mcpscope/refused-endpoint/") {
		t.Errorf("the client was pointed at %q by upstream's endpoint event %d, want the proxy's refusing path past the first %d", last, sent+1, maxEndpoints)
	}
	p.mu.Lock()
	registered := len(p.legacy)
	p.mu.Unlock()
	// Each endpoint registers its URI and its session id.
	if most := 2*maxEndpoints + 2; registered > most {
		t.Errorf("%d endpoint events left %d URIs and session ids registered, want at most %d", sent+1, registered, most)
	}
	resp := rawDo(t, http.MethodPost, base+last, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "Content-Type", "application/json")
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadGateway {
		t.Errorf("a POST to the refusing path was answered %s, want 502", resp.Status)
	}
}
