package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/themes"
)

// fixedNow is the clock of every test: goldens must not depend on the day.
var fixedNow = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

// script builds a record sequence the way a session emits it: Seq counts up
// and the clock moves 10 ms per record.
type script struct {
	seq  int64
	now  time.Time
	recs []mcp.Record
}

func newScript() *script { return &script{now: fixedNow.Add(-5 * time.Second)} }

func (s *script) add(r mcp.Record) int64 {
	s.seq++
	s.now = s.now.Add(10 * time.Millisecond)
	r.Seq, r.Time = s.seq, s.now
	s.recs = append(s.recs, r)
	return r.Seq
}

const fixtureBase = "http://127.0.0.1:8811/sse"

func (s *script) state(st string) int64 {
	return s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: st, Conn: 1, URL: fixtureBase, Transport: "sse"}})
}

func (s *script) event(name, data string) int64 {
	raw := fmt.Sprintf("event: %s\ndata: %s\n\n", name, data)
	return s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: name, Data: mcp.Raw(data), Raw: mcp.Raw(raw)}})
}

func (s *script) comment(text string) int64 {
	return s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Comments: []string{text}, Raw: mcp.Raw(":" + text + "\n\n")}})
}

func (s *script) negotiate(endpointData string) {
	s.state(mcp.StateConnecting)
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET", URL: fixtureBase,
		Status: 200, Duration: 3 * time.Millisecond, Conn: 1,
		Headers: map[string][]string{"Content-Type": {"text/event-stream"}, "Cache-Control": {"no-cache"}}}})
	s.event("endpoint", endpointData)
	s.add(mcp.Record{Kind: mcp.KindEndpoint, Endpoint: &mcp.Endpoint{Conn: 1, Data: mcp.Raw(endpointData), Base: fixtureBase,
		Preferred: fixtureBase + "?sessionid=ABC123", Fallback: fixtureBase + "?sessionid=ABC123",
		SessionID: "ABC123", SessionParam: "sessionid", InUse: fixtureBase + "?sessionid=ABC123",
		Reason: "the endpoint event's URL", Elapsed: 5 * time.Millisecond}})
	s.state(mcp.StateOpen)
}

// request sends one of our requests and returns its Seq.
func (s *script) request(id, method, tool, params string) int64 {
	raw := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, params)
	return s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest,
		ID: id, Method: method, Tool: tool, Conn: 1, Raw: mcp.Raw(raw)}})
}

func (s *script) post(reqSeq int64, status int, body string) int64 {
	return s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Method: "POST",
		URL: fixtureBase + "?sessionid=ABC123", Status: status, Body: mcp.Raw(body), BodySize: int64(len(body)),
		Duration: 2 * time.Millisecond, ReqSeq: reqSeq, Conn: 1}})
}

// answer delivers a response on the stream: the event and the received record.
func (s *script) answer(reqSeq int64, id, method, tool, raw string, rpcErr, toolErr bool) {
	s.event("message", raw)
	class := mcp.ClassResponse
	if reqSeq == 0 {
		class = mcp.ClassForeign
	}
	m := &mcp.RPCMessage{Dir: mcp.DirIn, Class: class, ID: id, Method: method,
		Tool: tool, ReqSeq: reqSeq, RPCError: rpcErr, ToolError: toolErr, Conn: 1, Raw: mcp.Raw(raw)}
	// Whether it reads two ways and asks for input, as the session notes
	// it when an answer comes and a recording's reader when one is read back.
	m.NoteAnswer()
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: m})
}

// fixtureRecords is a whole session by hand: negotiation, initialize, a
// notification, tools/list, a tool call, a tool error, a server ping and
// our reply, a foreign answer, a refused POST and a request still pending.
func fixtureRecords() []mcp.Record {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")

	init := s.request("1", "initialize", "", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcpscope","version":"dev"}}`)
	s.post(init, 202, "")
	s.answer(init, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2024-11-05","capabilities":{"tools":{"listChanged":true},"logging":{}},"serverInfo":{"name":"demo-gateway","version":"1.2.3"}}}`, false, false)
	n := s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassNotification,
		Method: "notifications/initialized", Raw: `{"jsonrpc":"2.0","method":"notifications/initialized"}`}})
	s.post(n, 202, "")
	s.state(mcp.StateInitialized)
	s.comment(" ping")

	list := s.request("2", "tools/list", "", `{}`)
	s.post(list, 202, "")
	s.answer(list, "2", "tools/list", "", `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"greet","description":"Say hello","inputSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}]}}`, false, false)

	call := s.request("3", "tools/call", "greet", `{"name":"greet","arguments":{"name":"Ada"}}`)
	s.post(call, 202, "")
	s.answer(call, "3", "tools/call", "greet", `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Hello, Ada!"}]}}`, false, false)

	bad := s.request("4", "tools/call", "fail", `{"name":"fail","arguments":{}}`)
	s.post(bad, 202, "")
	s.answer(bad, "4", "tools/call", "fail", `{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"boom"}],"isError":true}}`, false, true)

	s.event("message", `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	ping := s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassServerRequest,
		ID: "1", Method: "ping", Conn: 1, Raw: `{"jsonrpc":"2.0","id":1,"method":"ping"}`}})
	reply := s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassReply,
		ID: "1", ReqSeq: ping, Conn: 1, Raw: `{"jsonrpc":"2.0","id":1,"result":{}}`}})
	s.post(reply, 202, "")

	s.answer(0, "99", "", "", `{"jsonrpc":"2.0","id":99,"result":{}}`, false, false)

	refused := s.request("5", "tools/list", "", `{}`)
	s.post(refused, 401, "Unauthorized: missing bearer token\n")
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "POST answered 401 Unauthorized",
		Hint: "the server wants a token: pass --bearer <token>", ReqSeq: refused, Conn: 1}})

	slow := s.request("6", "tools/call", "slow", `{"name":"slow","arguments":{"seconds":30}}`)
	s.post(slow, 202, "")
	return s.recs
}

// testStyles is the default theme; goldens use the ASCII profile so they
// hold text and layout, not colours.
func testStyles() themes.Styles { return themes.NewStyles(themes.Builtins()[0].Palette) }

func init() {
	lipgloss.SetColorProfile(termenv.Ascii)
}

// newTestModel builds a live model with a fixed clock, sized, fed records.
func newTestModel(t testing.TB, w, h int, b Backend, recs []mcp.Record) *Model {
	t.Helper()
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", Backend: b,
		RecordingPath: "/tmp/mcpscope/session.jsonl", Now: func() time.Time { return fixedNow }})
	m.clipboard = &strings.Builder{}
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	if len(recs) > 0 {
		m.Update(recordsMsg(recs))
	}
	return m
}

// key builds the message of a key press from its name in the keymap.
func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// press sends keys in order and returns the last command.
func press(m *Model, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(keyMsg(k))
	}
	return cmd
}

// cellWidth is the display width of a rendered line.
func cellWidth(s string) int { return ansi.StringWidth(s) }

// tabToEvents presses tab until Raw events has the focus.
func tabToEvents(t *testing.T, m *Model) {
	t.Helper()
	for i := 0; i < int(paneCount) && m.focus != paneEvents; i++ {
		press(m, "tab")
	}
	if m.focus != paneEvents {
		t.Fatalf("tab never reached Raw events (focus %v)", m.focus)
	}
}
