package history

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// script builds record sequences the way a session emits them: Seq counts up
// and the clock moves 10 ms per record unless told otherwise.
type script struct {
	seq  int64
	now  time.Time
	recs []mcp.Record
}

var scriptStart = time.Date(2026, 11, 20, 21, 57, 41, 0, time.UTC)

func newScript() *script { return &script{now: scriptStart} }

func (s *script) wait(d time.Duration) *script { s.now = s.now.Add(d); return s }

func (s *script) add(r mcp.Record) int64 {
	s.seq++
	s.now = s.now.Add(10 * time.Millisecond)
	r.Seq, r.Time = s.seq, s.now
	s.recs = append(s.recs, r)
	return r.Seq
}

func (s *script) state(st string) int64 {
	return s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: st, Conn: 1,
		URL: "http://localhost:8811/sse", Transport: "sse"}})
}

func (s *script) get(status int, dur time.Duration) int64 {
	return s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET",
		URL: "http://localhost:8811/sse", Status: status, Duration: dur, Conn: 1,
		Headers: map[string][]string{"Content-Type": {"text/event-stream"}}}})
}

func (s *script) event(name, data string) int64 {
	raw := fmt.Sprintf("event: %s\ndata: %s\n\n", name, data)
	return s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: name,
		Data: mcp.Raw(data), Raw: mcp.Raw(raw)}})
}

func (s *script) endpoint(ep mcp.Endpoint) int64 {
	return s.add(mcp.Record{Kind: mcp.KindEndpoint, Endpoint: &ep})
}

// negotiate is the usual start: state, GET, endpoint event and result.
func (s *script) negotiate() {
	s.state(mcp.StateConnecting)
	s.get(200, 3*time.Millisecond)
	s.event("endpoint", "/sse?sessionid=ABC")
	s.endpoint(mcp.Endpoint{Conn: 1, Data: "/sse?sessionid=ABC", Base: "http://localhost:8811/sse",
		Preferred: "http://localhost:8811/sse?sessionid=ABC", Fallback: "http://localhost:8811/sse?sessionid=ABC",
		SessionID: "ABC", SessionParam: "sessionid", InUse: "http://localhost:8811/sse?sessionid=ABC",
		Reason: "the endpoint event's URL", Elapsed: 5 * time.Millisecond})
	s.state(mcp.StateOpen)
}

// initialized is a session negotiated and initialized by request "1",
// answered by a 2025-06-18 server.
func (s *script) initialized() {
	s.negotiate()
	init := s.request("1", "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpscope","version":"0.1.0"}}`)
	s.result("1", init, `{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"demo","version":"1"}}`)
	s.state(mcp.StateInitialized)
}

func (s *script) send(class mcp.Class, id, method, tool, raw string) int64 {
	return s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: class,
		ID: id, Method: method, Tool: tool, Raw: mcp.Raw(raw)}})
}

func (s *script) request(id, method, params string) int64 {
	tool := ""
	if method == "tools/call" {
		tool = "echo"
	}
	raw := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, params)
	return s.send(mcp.ClassRequest, id, method, tool, raw)
}

func (s *script) recv(class mcp.Class, id string, reqSeq int64, raw string) int64 {
	m := &mcp.RPCMessage{Dir: mcp.DirIn, Class: class, ID: id, ReqSeq: reqSeq, Raw: mcp.Raw(raw), Conn: 1}
	var peek struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal([]byte(raw), &peek)
	m.Method = peek.Method
	m.RPCError = strings.Contains(raw, `"error":`)
	m.ToolError = strings.Contains(raw, `"isError":true`)
	return s.add(mcp.Record{Kind: mcp.KindReceived, RPC: m})
}

func (s *script) result(id string, reqSeq int64, result string) int64 {
	return s.recv(mcp.ClassResponse, id, reqSeq, fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result))
}

func (s *script) post(reqSeq int64, status int, dur time.Duration) int64 {
	return s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Method: "POST",
		URL: "http://localhost:8811/sse?sessionid=ABC", Status: status, Duration: dur, ReqSeq: reqSeq,
		Body: "Accepted", BodySize: 8, Conn: 1}})
}

func (s *script) fail(op string, reqSeq int64, msg, hint string) int64 {
	return s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: op, Message: msg, Hint: hint, ReqSeq: reqSeq}})
}

// fullSession is the fixed sequence the export goldens are made from: one of
// every kind of row.
func fullSession() []mcp.Record {
	s := newScript()
	s.negotiate()
	init := s.request("1", "initialize", `{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"mcpscope","version":"0.1.0"}}`)
	s.result("1", init, `{"protocolVersion":"2024-11-05","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"demo-gateway","version":"1.2.3"},"instructions":"Be nice."}`)
	s.post(init, 202, 4*time.Millisecond)
	s.state(mcp.StateInitialized)
	n := s.send(mcp.ClassNotification, "", "notifications/initialized", "", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	s.post(n, 202, 2*time.Millisecond)
	list := s.request("2", "tools/list", `{}`)
	s.post(list, 202, 3*time.Millisecond)
	s.result("2", list, `{"tools":[{"name":"echo","description":"Echo the text back","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}`)
	call := s.request("3", "tools/call", `{"name":"echo","arguments":{"text":"hello"}}`)
	s.post(call, 202, 3*time.Millisecond)
	s.wait(40 * time.Millisecond)
	s.result("3", call, `{"content":[{"type":"text","text":"hello"}]}`)
	bad := s.request("4", "tools/call", `{"name":"echo","arguments":{}}`)
	s.post(bad, 202, 3*time.Millisecond)
	s.result("4", bad, `{"content":[{"type":"text","text":"text is required"}],"isError":true}`)
	ping := s.recv(mcp.ClassServerRequest, "1", 0, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassReply, ID: "1",
		ReqSeq: ping, Raw: `{"jsonrpc":"2.0","id":1,"result":{}}`}})
	s.recv(mcp.ClassForeign, "99", 0, `{"jsonrpc":"2.0","id":99,"result":{"content":[]}}`)
	slow := s.request("5", "tools/call", `{"name":"echo","arguments":{"text":"slow"}}`)
	s.post(slow, 202, 2*time.Millisecond)
	s.wait(time.Second)
	s.fail(mcp.OpTimeout, slow, "tools/call (id 5) got no answer in 1s", "raise --timeout")
	s.recv(mcp.ClassNotification, "", 0, `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
	unknown := s.request("6", "bogus/method", `{}`)
	s.post(unknown, 202, 2*time.Millisecond)
	s.recv(mcp.ClassResponse, "6", unknown, `{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"Method not found"}}`)
	s.recv(mcp.ClassInvalid, "", 0, `not json at all`)
	return s.recs
}

// log is a Log of the script's records so far.
func (s *script) log() *Log {
	l := NewLog()
	l.Append(s.recs...)
	return l
}
