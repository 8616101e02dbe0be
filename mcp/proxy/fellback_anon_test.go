package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server/discover probe that names no clientInfo ends, saying where the
// client went, when the same client (host, User-Agent, path) goes on to
// initialize: it is matched by who sent it, as the rest of the proxy
// matches requests without a session.
func TestAnonymousDiscoverProbeEndsWhenTheClientInitializes(t *testing.T) {
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "" }, nil)
	_, base, w := startProxy(t, up.URL, Config{})
	probe := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`
	readAll(t, rawPost(t, base+"/mcp", probe, headers2026("server/discover", "User-Agent", "prober/1")...).Body)
	w.until(t, "the probe's session", func() bool { return len(w.clients) == 1 })
	if c := w.sessions()[0]; c.Transport != mcp.TransportStateless {
		t.Fatalf("the probe is in a %s session, want a stateless one", c.Transport)
	}
	readAll(t, rawPost(t, base+"/mcp", initialize, "Accept", "application/json, text/event-stream", "User-Agent", "prober/1").Body)
	w.until(t, "the probe's session ended", func() bool { return w.ended[1] })
	recs := w.records(1)
	if end := recs[len(recs)-1]; end.State == nil || !strings.Contains(end.State.Detail, "went on to initialize streamable HTTP session 2") {
		t.Errorf("the probe's session ends with %s, want it to say where the client went", describe(end))
	}
}
