// Package synth makes long, realistic record sequences for benchmarks and
// for measuring replay by hand: what a live legacy-SSE session emits, with
// every answer carried by the SSE event before it, keep-alive comments, and
// notifications, in the proportions a busy tool session has.
package synth

import (
	"fmt"
	"strconv"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Start is the time of the first record.
var Start = time.Date(2026, 11, 20, 21, 57, 41, 0, time.UTC)

// Session calls yield with n records, numbered from 1, stopping early when
// yield returns false. The records come out as a session emits them: an
// event record is followed at once by the received record of the message
// it carries, with the same time.
func Session(n int, yield func(mcp.Record) bool) {
	g := &gen{n: n, yield: yield, now: Start}
	g.negotiate()
	for call := 1; g.more(); call++ {
		g.round(call)
	}
}

type gen struct {
	n     int
	seq   int64
	now   time.Time
	yield func(mcp.Record) bool
	stop  bool
}

func (g *gen) more() bool { return !g.stop && int(g.seq) < g.n }

// add emits r after d of session time.
func (g *gen) add(d time.Duration, r mcp.Record) int64 {
	if !g.more() {
		return 0
	}
	g.seq++
	g.now = g.now.Add(d)
	r.Seq, r.Time = g.seq, g.now
	if !g.yield(r) {
		g.stop = true
	}
	return r.Seq
}

const url = "http://127.0.0.1:8811/sse"

func (g *gen) negotiate() {
	g.add(0, mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Conn: 1, URL: url, Transport: "sse"}})
	g.add(time.Millisecond, mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET", URL: url,
		Status: 200, Duration: 3 * time.Millisecond, Conn: 1, Headers: map[string][]string{"Content-Type": {"text/event-stream"}}}})
	g.event(time.Millisecond, "endpoint", "/sse?sessionid=ABC")
	g.add(0, mcp.Record{Kind: mcp.KindEndpoint, Endpoint: &mcp.Endpoint{Conn: 1, Data: "/sse?sessionid=ABC", Base: url,
		Preferred: url + "?sessionid=ABC", Fallback: url + "?sessionid=ABC", SessionID: "ABC", SessionParam: "sessionid",
		InUse: url + "?sessionid=ABC", Reason: "the endpoint event's URL", Elapsed: 5 * time.Millisecond}})
	g.add(0, mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 1, Detail: "session ABC", URL: url, Transport: "sse"}})
}

// event emits an SSE event as the wire reads it.
func (g *gen) event(d time.Duration, name, data string) int64 {
	raw := "event: " + name + "\ndata: " + data + "\n\n"
	return g.add(d, mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: name, Data: mcp.Raw(data), Raw: mcp.Raw(raw)}})
}

// message emits a message event and the received record of its message,
// sharing its bytes as the session does.
func (g *gen) message(d time.Duration, m mcp.RPCMessage, data string) int64 {
	g.event(d, "message", data)
	m.Dir, m.Conn, m.Raw = mcp.DirIn, 1, mcp.Raw(data)
	return g.add(0, mcp.Record{Kind: mcp.KindReceived, RPC: &m})
}

// round is one tools/call with its POST, two progress notifications, its
// answer, a keep-alive and a log message: 11 records.
func (g *gen) round(call int) {
	id := strconv.Itoa(call)
	tok := fmt.Sprintf("%q", "p"+id)
	req := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_notes","arguments":{"query":"meeting notes %d","limit":5},"_meta":{"progressToken":%s}}}`, call, call, tok)
	sent := g.add(2*time.Millisecond, mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest,
		ID: id, Method: "tools/call", Tool: "search_notes", Conn: 1, Raw: mcp.Raw(req)}})
	g.add(time.Millisecond, mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Method: "POST",
		URL: url + "?sessionid=ABC", Status: 202, Duration: time.Millisecond, ReqSeq: sent, Body: "Accepted", BodySize: 8, Conn: 1}})
	for i := 1; i <= 2; i++ {
		g.message(3*time.Millisecond, mcp.RPCMessage{Class: mcp.ClassNotification, Method: "notifications/progress"},
			fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":%d,"total":2,"message":"searched %d of 2 notebooks"}}`, tok, i, i))
	}
	res := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"3 notes match \"meeting notes %d\": standup 2026-11-0%d, retro, planning"}],"isError":false}}`, call, call, call%9+1)
	g.message(4*time.Millisecond, mcp.RPCMessage{Class: mcp.ClassResponse, ID: id, Method: "tools/call", Tool: "search_notes", ReqSeq: sent}, res)
	g.add(500*time.Millisecond, mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Comments: []string{"ping"}, Raw: ": ping\n\n"}})
	g.message(time.Millisecond, mcp.RPCMessage{Class: mcp.ClassNotification, Method: "notifications/message"},
		fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"notes","data":"query %d took %d ms"}}`, call, call%40))
}
