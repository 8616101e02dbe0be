package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// streamUpstream serves /mcp: a GET gets what get says (status, then the
// stream's opening bytes, then the stream is held open until say has
// something for it or the client leaves); initialize is answered with
// session s1; any other POST 202.
func streamUpstream(t *testing.T, get func(n int) (int, string), say <-chan string) *httptest.Server {
	t.Helper()
	var gets atomic.Int32
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet:
			status, opening := get(int(gets.Add(1)))
			if status != http.StatusOK {
				http.Error(w, "refused", status)
				return
			}
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, opening)
			w.(http.Flusher).Flush()
			for {
				select {
				case s := <-say:
					_, _ = io.WriteString(w, s)
					w.(http.Flusher).Flush()
				case <-r.Context().Done():
					return
				}
			}
		case http.MethodPost:
			body, _ := io.ReadAll(r.Body)
			if !strings.Contains(string(body), `"initialize"`) {
				w.WriteHeader(http.StatusAccepted)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
		}
	}))
	t.Cleanup(up.Close)
	return up
}

// initialize is the initialize request of the client these tests play.
const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"ai-sdk-like","version":"2.0.99"}}}`

// A server without sessions may answer the GET before initialize with an
// event stream and send nothing on it for a long time. Until its first
// event nothing says what the stream is, but the same client's initialize
// does: the stream is that session's GET stream, shown from then on, and
// what comes on it later is logged as the GET stream's.
func TestSilentGetStreamJoinsTheInitialize(t *testing.T) {
	say := make(chan string, 1)
	up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, "" }, say)
	_, base, w := startProxy(t, up.URL, Config{})
	stream := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "MCP-Protocol-Version", "2025-11-25", "User-Agent", aiSDKLike)
	if stream.StatusCode != http.StatusOK {
		t.Fatalf("the GET answered %s, want the upstream's stream", stream.Status)
	}
	if st, _ := send(t, http.MethodPost, base+"/mcp", initialize, nil); st != http.StatusOK {
		t.Fatalf("initialize answered %d", st)
	}
	say <- "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n"
	if got := nextEvent(t, bufio.NewReader(stream.Body)); !strings.Contains(got, "list_changed") {
		t.Fatalf("the client got %q on its GET stream, want the upstream's notification", got)
	}
	note := w.record(t, 1, "the notification logged", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "notifications/tools/list_changed"
	})
	if note.RPC.Stream != mcp.StreamGet {
		t.Errorf("the notification is logged on stream %q, want the GET stream (%q)", note.RPC.Stream, mcp.StreamGet)
	}
	sessions := w.sessions()
	if len(sessions) != 1 || sessions[0].Transport != mcp.TransportStreamable {
		t.Fatalf("%d sessions, the first %s; want the client's one streamable session", len(sessions), sessions[0].Transport)
	}
	recs := w.records(1)
	if recs[0].Detect == nil || !strings.Contains(recs[0].Detect.Reason, "initialized streamable HTTP before upstream's first event") {
		t.Errorf("the session begins with %s, want how its GET stream was settled", describe(recs[0]))
	}
	var get, init int64
	for _, r := range recs {
		switch {
		case r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == http.MethodGet:
			get = r.Seq
		case r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize":
			init = r.Seq
		}
	}
	if get == 0 || get > init {
		t.Errorf("the GET's exchange is record %d, initialize %d: want the GET first, in the session", get, init)
	}
}

// An event stream's first event says what it is: endpoint is a legacy
// HTTP+SSE session, even after a comment; any other event a streamable
// GET stream, not a legacy session.
func TestFirstEventSettlesTheStream(t *testing.T) {
	for _, tc := range []struct {
		name, opening, transport, reason string
	}{
		{"endpoint after a comment", ": hello\n\nevent: endpoint\ndata: /message?sessionId=x\n\n", mcp.TransportSSE, "first event is endpoint"},
		{"a message", "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\n", mcp.TransportStreamable, `first event is "message", not endpoint`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := streamUpstream(t, func(int) (int, string) { return http.StatusOK, tc.opening }, nil)
			_, base, w := startProxy(t, up.URL, Config{})
			stream := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream")
			br := bufio.NewReader(stream.Body)
			got := nextEvent(t, br)
			if strings.HasPrefix(got, ":") {
				got = nextEvent(t, br)
			}
			if !strings.HasPrefix(tc.opening[strings.Index(tc.opening, "event:"):], got) {
				t.Errorf("the client got %q, want the upstream's event as it was sent", got)
			}
			w.until(t, "the session shown", func() bool { return len(w.clients) == 1 })
			c := w.sessions()[0]
			if c.Transport != tc.transport {
				t.Errorf("the stream is a %s session, want %s", c.Transport, tc.transport)
			}
			d := w.record(t, c.ID, "how it began", func(r mcp.Record) bool { return r.Detect != nil })
			if !strings.Contains(d.Detect.Reason, tc.reason) {
				t.Errorf("it began %q, want it to say %q", d.Detect.Reason, tc.reason)
			}
		})
	}
}

// A legacy session's records read as before: how it began first, then its
// stream's exchange, then the endpoint; the client works as without the
// proxy.
func TestLegacySessionRecordsInOrder(t *testing.T) {
	fake := mcptest.New(t, mcptest.Options{})
	_, base, w := startProxy(t, fake.URL, Config{})
	cs := sdkConnect(t, "legacy", &sdk.SSEClientTransport{Endpoint: base + "/sse"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	c := w.sessions()[0]
	if c.Transport != mcp.TransportSSE {
		t.Fatalf("the SDK's SSE client is in a %s session", c.Transport)
	}
	w.record(t, c.ID, "tools/list paired", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	var order []string
	for _, r := range w.records(c.ID) {
		switch {
		case r.Detect != nil:
			order = append(order, "detect")
		case r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeStream:
			order = append(order, "stream")
		case r.Endpoint != nil:
			order = append(order, "endpoint")
		}
	}
	if strings.Join(order, " ") != "detect stream endpoint" {
		t.Errorf("the session's records go %q, want detect stream endpoint", order)
	}
}

// A client whose first GET was refused as a streamable server refuses
// one (405) and whose next opened a legacy stream speaks legacy HTTP+SSE:
// the session of the refused GET ends saying so, instead of waiting for
// an initialize that will not come. (A refusal that says nothing of the
// era, such as 401, is a legacy stream refused: refusedStream.)
func TestRefusedGetThenLegacyStream(t *testing.T) {
	up := streamUpstream(t, func(n int) (int, string) {
		if n == 1 {
			return http.StatusMethodNotAllowed, ""
		}
		return http.StatusOK, "event: endpoint\ndata: /message?sessionId=x\n\n"
	}, nil)
	_, base, w := startProxy(t, up.URL, Config{})
	if resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream"); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("the first GET answered %s, want upstream's 405", resp.Status)
	}
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	nextEvent(t, bufio.NewReader(stream.Body))
	w.until(t, "the refused GET's session ended", func() bool { return len(w.clients) == 2 && w.ended[1] })
	first, second := w.sessions()[0], w.sessions()[1]
	if first.Transport != mcp.TransportStreamable || second.Transport != mcp.TransportSSE {
		t.Errorf("sessions %s and %s, want the refused GET's and then the legacy one", first.Transport, second.Transport)
	}
	recs := w.records(first.ID)
	if end := recs[len(recs)-1]; end.State == nil || !strings.Contains(end.State.Detail, "went on to open legacy HTTP+SSE session 2") {
		t.Errorf("the refused GET's session ends with %s, want it to say where the client went", describe(end))
	}
}

// A legacy client asked for credentials (401) and coming back with them
// (mcp-remote's OAuth) has two legacy sessions: the refused stream's,
// ended at once by the refusal, and the one that opened. The first was a
// streamable session waiting 2 s for an initialize.
func TestUnauthorizedLegacyStreamIsALegacySessionThatEnded(t *testing.T) {
	up := streamUpstream(t, func(n int) (int, string) {
		if n == 1 {
			return http.StatusUnauthorized, ""
		}
		return http.StatusOK, "event: endpoint\ndata: /message?sessionId=x\n\n"
	}, nil)
	_, base, w := startProxy(t, up.URL, Config{})
	if resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream"); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the first GET answered %s, want upstream's 401", resp.Status)
	}
	w.until(t, "the refused stream's session ended", func() bool { return len(w.clients) == 1 && w.ended[1] })
	stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	nextEvent(t, bufio.NewReader(stream.Body))
	first, second := w.sessions()[0], w.sessions()[1]
	if first.Transport != mcp.TransportSSE || second.Transport != mcp.TransportSSE || !first.RefusedStream || second.RefusedStream {
		t.Errorf("sessions %s (refused %v) and %s (refused %v), want the refused legacy stream's and then the open one", first.Transport, first.RefusedStream, second.Transport, second.RefusedStream)
	}
	recs := w.records(first.ID)
	if end := recs[len(recs)-1]; end.State == nil || !strings.Contains(end.State.Detail, "the legacy stream was refused: upstream answered 401 Unauthorized") {
		t.Errorf("the refused stream's session ends with %s, want the refusal", describe(end))
	}
}
