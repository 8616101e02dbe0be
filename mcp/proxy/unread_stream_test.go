package proxy

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A legacy stream in an encoding the proxy cannot decode, refused 502,
// was logged before its session began, then settled as a streamable GET
// stream "which ended before upstream's first event", "closed by
// upstream", and ended 2 s later saying upstream "answered it 200 OK with
// an event stream". Now the session begins first and ends at once with
// the refusal.
func TestUnreadStreamEndsItsSessionWithTheRefusal(t *testing.T) {
	up := wrappedStream(t, "text/event-stream", "br", false)
	_, base, w := startProxy(t, up.URL+"/sse", Config{})
	resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream", "Accept-Encoding", "br")
	if body := readAll(t, resp.Body); resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("the client got %s %q, want 502", resp.Status, body)
	}
	w.allEnded(t, 1)
	c := w.sessions()[0]
	recs := w.records(c.ID)
	if c.Transport != mcp.TransportSSE {
		t.Errorf("the stream at /sse is in a %s session, want %s", c.Transport, mcp.TransportSSE)
	}
	detect := slices.IndexFunc(recs, func(r mcp.Record) bool { return r.Detect != nil })
	exchange := slices.IndexFunc(recs, func(r mcp.Record) bool { return r.HTTP != nil })
	if detect < 0 || exchange < detect {
		t.Errorf("the exchange (record %d) is logged before the session began (record %d):\n%s", exchange, detect, w.dump())
	}
	last := recs[len(recs)-1]
	if last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, `Content-Encoding "br"`) ||
		!strings.Contains(last.State.Detail, "502") {
		t.Errorf("the session's last record is not its end with the refusal:\n%s", w.dump())
	}
	for _, r := range recs {
		if r.State != nil && r.State.State == mcp.StateGetStream || r.Detect != nil && strings.Contains(r.Detect.Reason, "first event") {
			t.Errorf("the refused stream is said to have opened: %s", describe(r))
		}
	}
}

// sessionlessUpstream is a streamable server that keeps no session (its
// initialize answer names none) and answers a GET with a stream labelled
// ct in Content-Encoding enc, its body an event, held open until the
// client leaves.
func sessionlessUpstream(t *testing.T, ct, enc string) *httptest.Server {
	t.Helper()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodGet:
			w.Header().Set("Content-Type", ct)
			if enc != "" {
				w.Header().Set("Content-Encoding", enc)
			}
			_, _ = w.Write([]byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n"))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case r.ContentLength > 0 && strings.Contains(r.Header.Get("Content-Type"), "json"):
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`))
		}
	}))
	t.Cleanup(up.Close)
	return up
}

// The GET stream of a client whose server keeps no session was said to
// be "upstream answered 200 OK", not open, when its label was one clients
// read as a stream but not the exact one (relayed as a stream all the
// same), and "open (the client's)" when the proxy refused it 502 for an
// encoding it cannot decode. Now the first is open, and the second says
// the refusal.
func TestSessionlessGetStreamSaysWhatBecameOfIt(t *testing.T) {
	for _, tc := range []struct{ name, ct, enc, want string }{
		{"near-miss label", "text/event-streamx", "", "open (the client's)"},
		{"undecodable", "text/event-stream", "br", `Content-Encoding "br"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := sessionlessUpstream(t, tc.ct, tc.enc)
			_, base, w := startProxy(t, up.URL+"/mcp", Config{})
			init := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
				"Accept", "application/json, text/event-stream")
			readAll(t, init.Body)
			get := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "Accept-Encoding", "br")
			defer get.Body.Close()
			c := w.clientOn(t, mcp.TransportStreamable)
			st := w.record(t, c.ID, "the GET stream's state", func(r mcp.Record) bool {
				return r.State != nil && r.State.State == mcp.StateGetStream
			})
			if !strings.Contains(st.State.Detail, tc.want) {
				t.Errorf("the GET stream is said to be %q, want %q (the client got %s)", st.State.Detail, tc.want, get.Status)
			}
		})
	}
}
