package proxy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// orderRounds is how many sessions each case opens: the fault was a race
// the client won now and then, so one round proves little.
const orderRounds = 25

// orderUpstream answers every request at once, as JSON or as an event
// stream of its one answer (sse), and a notification 202; an initialize
// gets session id sid-N. An event stream stays open after its answer until
// the client's next request reaches upstream, as a server's may: what the
// proxy logs only once the stream ends comes after that request.
func orderUpstream(t *testing.T, sse bool) string {
	n := 0
	var mu sync.Mutex
	came := make(chan struct{}) // closed and replaced as each request comes
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		close(came)
		came = make(chan struct{})
		mu.Unlock()
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &m)
		if m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		result := `{"tools":[]}`
		if m.Method == "initialize" {
			n++
			w.Header().Set("Mcp-Session-Id", fmt.Sprintf("sid-%d", n))
			// Past net/http's buffers: the answer's bytes leave as the
			// proxy writes them, not when its handler returns.
			result = `{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"order","version":"1"},"instructions":"` + strings.Repeat("x", 64<<10) + `"}`
		}
		answer := `{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + result + `}`
		if sse {
			w.Header().Set("Content-Type", "text/event-stream")
			mu.Lock()
			next := came
			mu.Unlock()
			_, _ = io.WriteString(w, "event: message\ndata: "+answer+"\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-next:
			case <-r.Context().Done():
			case <-time.After(testTimeout):
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// fastClient opens a connection for every request, as a client with
// several does: the proxy's handler of one answer still runs when the
// next request reaches it.
var fastClient = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

// answerRead POSTs body and reads its answer whole, as a client does
// before it goes on.
func answerRead(t *testing.T, url, body string, headers ...string) *http.Response {
	t.Helper()
	return answerReadOn(t, fastClient, url, body, headers...)
}

// answerReadOn is answerRead with client c, on connections of its own.
func answerReadOn(t *testing.T, c *http.Client, url, body string, headers ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(bounded(t), http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	if mcp.MediaType(resp.Header) == "text/event-stream" {
		// A client goes on once it has the answer's event, not when
		// the stream ends.
		nextEvent(t, bufio.NewReader(resp.Body))
		return resp
	}
	readAll(t, resp.Body)
	return resp
}

// before fails the test unless, in recs, the first record matching first
// comes before the first matching then (both must be there).
func before(t *testing.T, w *watched, recs []mcp.Record, what string, first, then func(mcp.Record) bool) {
	t.Helper()
	i, j := -1, -1
	for k, r := range recs {
		if i < 0 && first(r) {
			i = k
		}
		if j < 0 && then(r) {
			j = k
		}
	}
	if i < 0 || j < 0 || i > j {
		t.Fatalf("%s: records at %d and %d, want the first before the second:\n%s", what, i, j, w.dump())
	}
}

func sentMethod(method string) func(mcp.Record) bool {
	return func(r mcp.Record) bool { return r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == method }
}

func answerOf(method string) func(mcp.Record) bool {
	return func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == method
	}
}

// A client goes on the moment it has an answer: the records show the
// answer, and what the proxy made of it (the session open, the handshake
// finished), before the client's next message, as the client saw them.
// The proxy logged a JSON answer, and a session's opening or handshake,
// only after the client had the answer's last bytes: a fast client's
// notifications/initialized and next request were recorded before the
// initialize's answer, and a replay showed an order that never happened.
func TestRecordsKeepTheWiresOrder(t *testing.T) {
	for _, sse := range []bool{false, true} {
		t.Run(map[bool]string{false: "json", true: "sse"}[sse], func(t *testing.T) {
			_, base, w := startProxy(t, orderUpstream(t, sse), Config{})
			accept := []string{"Accept", "application/json, text/event-stream"}
			for round := 1; round <= orderRounds; round++ {
				resp := answerRead(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fast","version":"1"}}}`, accept...)
				sid := resp.Header.Get("Mcp-Session-Id")
				in := append(accept, "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
				answerRead(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, in...)
				// A 2026 request in the 2025 session: the session's log says
				// once that it contradicts the version negotiated, which it
				// forgot when the answer and the open state came after it.
				answerRead(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`,
					headers2026("tools/list", "Mcp-Session-Id", sid)...)
				c := w.clientWith(t, "the session "+sid, inState(mcp.StateOpen, "session "+sid))
				w.record(t, c.ID, "the tools/list answer", answerOf("tools/list"))
				recs := w.records(c.ID)
				before(t, w, recs, "the initialize's answer, then initialized", answerOf("initialize"), sentMethod("notifications/initialized"))
				before(t, w, recs, "the initialize's answer, then the session open", answerOf("initialize"), inState(mcp.StateOpen, ""))
				before(t, w, recs, "the session open, then initialized", inState(mcp.StateOpen, ""), sentMethod("notifications/initialized"))
				before(t, w, recs, "the handshake finished, then tools/list", inState(mcp.StateInitialized, ""), sentMethod("tools/list"))
				l := history.NewLog()
				l.Append(recs...)
				said := 0
				for _, p := range l.Negotiation().Problems {
					if p.Fact != nil && p.Fact.Cause == mcp.CauseVersionSent && p.Level == history.LevelWarning {
						said++
					}
				}
				if said != 1 {
					t.Fatalf("round %d: %d warnings of cause %q, want 1:\n%s", round, said, mcp.CauseVersionSent, w.dump())
				}
			}
		})
	}
}

// A 2026 client goes on the moment it has its first answer: the session
// is open before its next request, as it was on the wire.
func TestStatelessOpenKeepsTheWiresOrder(t *testing.T) {
	for _, sse := range []bool{false, true} {
		t.Run(map[bool]string{false: "json", true: "sse"}[sse], func(t *testing.T) {
			p, base, w := startProxy(t, orderUpstream(t, sse), Config{})
			// Every request comes on a connection of its own, closed once
			// answered: a loaded machine's pause of earlyWait between the
			// two would end the session as its client's, gone, and the
			// second would begin another.
			p.earlyWait = time.Hour
			for round := 1; round <= orderRounds; round++ {
				name := fmt.Sprintf("fast%d", round)
				answerRead(t, base+"/mcp", request2026("1", "tools/list", "", name), headers2026("tools/list", "User-Agent", name)...)
				answerRead(t, base+"/mcp", request2026("2", "prompts/list", "", name), headers2026("prompts/list", "User-Agent", name)...)
				c := w.clientWith(t, "the session of "+name, func(r mcp.Record) bool {
					return r.Kind == mcp.KindSent && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"`+name+`"`)
				})
				w.record(t, c.ID, "the prompts/list answer", answerOf("prompts/list"))
				recs := w.records(c.ID)
				before(t, w, recs, "the session open, then the next request", inState(mcp.StateOpen, ""), sentMethod("prompts/list"))
			}
		})
	}
}

// A JSON answer's last bytes reach the client only once the proxy logged
// the answer and what it made of it: its last part, larger than the
// server's buffers, went out as it was read, and a client that went on at
// once (here the next message is logged the instant the body is whole)
// was recorded before the answer it had.
func TestJSONAnswerLoggedBeforeTheClientHasIt(t *testing.T) {
	answer := `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"order","version":"1"},"instructions":"` +
		strings.Repeat("x", 64<<10) + `"}}`
	const tail = 16 << 10 // written once the client has the rest
	more := make(chan struct{})
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "sid-json")
		w.Header().Set("Content-Length", fmt.Sprint(len(answer)))
		_, _ = io.WriteString(w, answer[:len(answer)-tail])
		w.(http.Flusher).Flush()
		select {
		case <-more:
		case <-r.Context().Done():
			return
		}
		_, _ = io.WriteString(w, answer[len(answer)-tail:])
	}))
	t.Cleanup(upstream.Close)
	_, base, w := startProxy(t, upstream.URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fast","version":"1"}}}`,
		"Accept", "application/json, text/event-stream")
	c := w.clientOn(t, mcp.TransportStreamable)
	// Up to a few kilobytes of what the proxy wrote wait in net/http's
	// buffers until more comes: the client reads what surely left.
	if _, err := io.ReadFull(resp.Body, make([]byte, len(answer)-tail-8<<10)); err != nil {
		t.Fatalf("reading the answer's first part: %v", err)
	}
	close(more)
	readAll(t, resp.Body)
	c.obs.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), conn)
	w.record(t, c.ID, "the client's next message", sentMethod("notifications/initialized"))
	recs := w.records(c.ID)
	before(t, w, recs, "the initialize's answer, then the client's next message", answerOf("initialize"), sentMethod("notifications/initialized"))
	before(t, w, recs, "the session open, then the client's next message", inState(mcp.StateOpen, ""), sentMethod("notifications/initialized"))
}

// A legacy HTTP+SSE client goes on the moment the answer's event reaches
// it, and once the POST of its notifications/initialized is answered: the
// records keep that order.
func TestLegacyRecordsKeepTheWiresOrder(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	for round := 1; round <= orderRounds/5; round++ {
		stream := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
		br := bufio.NewReader(stream.Body)
		endpoint := dataOf(t, nextEvent(t, br))
		name := fmt.Sprintf("legacy%d", round)
		answerRead(t, base+endpoint, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"`+name+`","version":"1"}}}`)
		nextEvent(t, br)
		answerRead(t, base+endpoint, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		answerRead(t, base+endpoint, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
		nextEvent(t, br)
		c := w.clientWith(t, "the session of "+name, func(r mcp.Record) bool {
			return r.Kind == mcp.KindSent && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"`+name+`"`)
		})
		w.record(t, c.ID, "the tools/list answer", answerOf("tools/list"))
		recs := w.records(c.ID)
		before(t, w, recs, "the initialize's answer, then initialized", answerOf("initialize"), sentMethod("notifications/initialized"))
		before(t, w, recs, "the handshake finished, then tools/list", inState(mcp.StateInitialized, ""), sentMethod("tools/list"))
		stream.Body.Close()
	}
}
