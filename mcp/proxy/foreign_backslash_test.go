package proxy

import (
	"bufio"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An endpoint whose path holds a backslash is not relayed as it came: a
// browser's URL parser (Node's, and so the TypeScript SDK's) reads
// "/\evil.test/steal" as //evil.test/steal, another host, where the client
// would take its Authorization. The client gets the path as the proxy
// reads it, escaped, and its POSTs to it reach the upstream.
func TestEndpointWithABackslashIsEscaped(t *testing.T) {
	for _, data := range []string{`/\evil.test/steal?sessionid=1`, `\\evil.test/steal?sessionid=1`, ` /\evil.test/x`} {
		t.Run(data, func(t *testing.T) {
			up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "event: endpoint\ndata: " + data + "\n\n" }, nil)
			_, base, w := startProxy(t, up.URL, Config{Bearer: "user-token"})
			got := endpointData(t, base)
			if strings.Contains(got, `\`) || !strings.HasPrefix(got, "/") {
				t.Fatalf("the client was pointed at %q, want a path on the proxy with no backslash", got)
			}
			resp := rawPost(t, base+got, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			readAll(t, resp.Body)
			if resp.StatusCode != http.StatusAccepted {
				t.Errorf("the client's POST to %q was answered %s, want upstream's 202", got, resp.Status)
			}
			ep := w.record(t, 1, "the endpoint", func(r mcp.Record) bool { return r.Endpoint != nil })
			if !strings.Contains(ep.Endpoint.Reason, "backslash") {
				t.Errorf("the endpoint's reason is %q, want it to say the backslash was escaped", ep.Endpoint.Reason)
			}
		})
	}
}

// An endpoint event the proxy refuses (a backslashed path it cannot
// rewrite, its data on two lines) leaves its path free: a second client,
// whose endpoint event names that path on one line, gets it. The path
// stayed taken by the first client, and the second was refused as
// clashing with a session that never had it.
func TestARefusedEndpointLeavesItsPathFree(t *testing.T) {
	up := streamUpstream(t, func(n int) (int, string) {
		if n == 1 {
			return http.StatusOK, "event: endpoint\ndata: /a\\b?sessionid=1\ndata:\n\n"
		}
		return http.StatusOK, "event: endpoint\ndata: /a\\b?sessionid=1\n\n"
	}, nil)
	_, base, w := startProxy(t, up.URL, Config{})
	first := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	defer first.Body.Close()
	nextEvent(t, bufio.NewReader(first.Body))
	w.record(t, 1, "the first endpoint refused", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Op == mcp.OpNegotiate
	})
	got := endpointData(t, base)
	if strings.Contains(got, "refused") {
		t.Fatalf("the second client was pointed at %q, want the upstream's path", got)
	}
	if n := w.count(2, func(r mcp.Record) bool { return r.Error != nil && r.Error.Op == mcp.OpNegotiate }); n != 0 {
		t.Errorf("the second client's endpoint was refused:\n%s", w.dump())
	}
}
