package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A streamable session's GET answered with a 2xx other than 200 and an
// event stream (201, or 202) is relayed as a stream, its events read, but
// its state said "upstream answered 201 Created", as a GET refused is
// said. It says the stream is open, and with which status.
func TestGetStreamOpenedWithAnOddSuccessSaysItIsOpen(t *testing.T) {
	for _, status := range []int{http.StatusCreated, http.StatusAccepted} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			up := oddGetUpstream(t, status)
			_, base, w := startProxy(t, up.URL+"/mcp", Config{})
			sid := rawInitialize(t, base)
			get := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
			defer get.Body.Close()
			if get.StatusCode != status {
				t.Fatalf("the GET got %s, want %d relayed", get.Status, status)
			}
			nextEvent(t, bufio.NewReader(get.Body))
			st := w.record(t, 1, "the GET stream's state", func(r mcp.Record) bool {
				return r.State != nil && r.State.State == mcp.StateGetStream
			})
			if !strings.HasPrefix(st.State.Detail, "open (the client's") || !strings.Contains(st.State.Detail, http.StatusText(status)) {
				t.Errorf("the GET stream's state says %q, want it open, opened with %d", st.State.Detail, status)
			}
		})
	}
}

// A GET resumed from its last event (Last-Event-ID) that upstream answers
// 201 with an event stream: its state said "upstream replays from event
// 5, which upstream opened with 201 Created", "which" reading as the
// event. The status is said of the stream, in words of its own.
func TestResumedGetOpenedWithAnOddSuccessSaysItOfTheStream(t *testing.T) {
	up := oddGetUpstream(t, http.StatusCreated)
	_, base, w := startProxy(t, up.URL+"/mcp", Config{})
	sid := rawInitialize(t, base)
	get := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25", "Last-Event-ID", "5")
	defer get.Body.Close()
	nextEvent(t, bufio.NewReader(get.Body))
	st := w.record(t, 1, "the resumed stream's state", func(r mcp.Record) bool {
		return r.State != nil && r.State.State == mcp.StateResumed
	})
	if want := `upstream replays from event 5; upstream opened the stream with 201 Created (the specification's is 200)`; st.State.Detail != want {
		t.Errorf("the resumed stream's state says %q, want %q", st.State.Detail, want)
	}
}

// oddGetUpstream is a streamable upstream that answers a session's GET
// status with an event stream of one event, held open.
func oddGetUpstream(t *testing.T, status int) *httptest.Server {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Mcp-Session-Id", "s1")
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"hi\"}}\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		}
		body, _ := io.ReadAll(r.Body)
		if !strings.Contains(string(body), `"initialize"`) {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"odd","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	return up
}

// A GET with no session id that upstream answers 201 or 202 with an
// event stream opens a streamable session's GET stream as a 200 does:
// its state says it is open, and with which status, as a session's GET
// says it. It said "open (the client's)", as of a 200.
func TestSessionlessGetOpenedWithAnOddSuccessSaysWhich(t *testing.T) {
	for _, status := range []int{http.StatusCreated, http.StatusAccepted} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method == http.MethodGet {
					w.Header().Set("Content-Type", "text/event-stream")
					w.WriteHeader(status)
					_, _ = io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"hi\"}}\n\n")
					w.(http.Flusher).Flush()
					<-r.Context().Done()
					return
				}
				w.WriteHeader(http.StatusAccepted)
			}))
			t.Cleanup(up.Close)
			_, base, w := startProxy(t, up.URL+"/mcp", Config{})
			get := rawDo(t, http.MethodGet, base+"/mcp", "", "Accept", "text/event-stream")
			defer get.Body.Close()
			if get.StatusCode != status {
				t.Fatalf("the GET got %s, want %d relayed", get.Status, status)
			}
			nextEvent(t, bufio.NewReader(get.Body))
			c := w.clientOn(t, mcp.TransportStreamable)
			st := w.record(t, c.ID, "the GET stream's state", func(r mcp.Record) bool {
				return r.State != nil && r.State.State == mcp.StateGetStream
			})
			if want := "open (the client's, which upstream opened with " + get.Status; !strings.HasPrefix(st.State.Detail, want) {
				t.Errorf("the GET stream's state says %q, want %q…", st.State.Detail, want)
			}
		})
	}
}
