package proxy

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// refusedGetEnd sends a GET for an event stream with no session id to path
// through a proxy of up, which answers it status, and returns the records
// of the session it began once that ended (its client says nothing more),
// with the session.
func refusedGetEnd(t *testing.T, upURL, path string, status int) ([]mcp.Record, *Client) {
	t.Helper()
	p, base, w := startProxy(t, upURL, Config{})
	p.earlyWait = time.Millisecond
	if st, _ := send(t, http.MethodGet, base+path, "", map[string]string{"Accept": "text/event-stream"}); st != status {
		t.Fatalf("the GET of %s answered %d, want upstream's %d", path, st, status)
	}
	w.until(t, "the GET's session ended", func() bool { return len(w.clients) == 1 && w.ended[w.clients[0].ID] })
	return w.records(1), w.sessions()[0]
}

// A legacy HTTP+SSE client pointed at a streamable server's /sse (the MCP
// Inspector CLI's --transport sse through a proxy of server-everything's
// streamableHttp) is answered 404 and says nothing more. The line that
// ends its session said only that it did not initialize, and no line of
// the proxy's said what upstream answered it, while the client said 404:
// it says so now.
func TestRefusedGetEndSaysWhatUpstreamAnswered(t *testing.T) {
	recs, _ := refusedGetEnd(t, mcptest.NewStreamable(t, mcptest.StreamableOptions{}).URL, "/sse", http.StatusNotFound)
	end := recs[len(recs)-1]
	if want := "did not initialize within 1ms of its GET, which upstream answered it 404 Not Found"; end.State == nil || !strings.Contains(end.State.Detail, want) {
		t.Errorf("the session ends with %s, want it to say %q", describe(end), want)
	}
}

// A GET upstream answered with an event stream that ended before any
// endpoint event is a streamable client's too: the line that ends its
// session, when its client says nothing more, says what upstream
// answered, where it read "which upstream : it asked".
func TestEndedStreamGetEndSaysWhatUpstreamAnswered(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, ": hello\n\n")
	}))
	t.Cleanup(up.Close)
	recs, _ := refusedGetEnd(t, up.URL, "/mcp", http.StatusOK)
	end := recs[len(recs)-1]
	if want := "did not initialize within 1ms of its GET, which upstream answered it 200 OK with an event stream: it asked"; end.State == nil || !strings.Contains(end.State.Detail, want) {
		t.Errorf("the session ends with %s, want it to say %q", describe(end), want)
	}
}
