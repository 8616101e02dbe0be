package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// evil holds what a hostile server can put in any string: a screen clear,
// an OSC 52 clipboard write, a C1 CSI, a bell, and bidi overrides that
// reorder what the user reads.
const evil = "\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\u009b31m\u202egreet\u202c\u2066x\u2069\a"

// forbidden are the characters that must never reach the terminal from
// the wire.
var forbidden = []string{"\x1b", "\a", "\u009b", "\u202e", "\u202c", "\u2066", "\u2069"}

func hostileRecords() []mcp.Record {
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, URL: fixtureBase + evil, Transport: "sse" + evil}})
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET", URL: fixtureBase + evil,
		Status: 200, Duration: 3 * time.Millisecond, Conn: 1,
		Headers: map[string][]string{"Content-Type": {"text/event-stream" + evil}, "Cache-Control": {evil}}}})
	data := "/sse?sessionid=" + evil
	s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "endpoint" + evil, Data: mcp.Raw(data),
		HasID: true, ID: evil, Comments: []string{evil}, Raw: mcp.Raw("event: endpoint" + evil + "\ndata: " + data + "\n\n")}})
	s.add(mcp.Record{Kind: mcp.KindEndpoint, Endpoint: &mcp.Endpoint{Conn: 1, Data: mcp.Raw(data), Base: fixtureBase + evil,
		Preferred: fixtureBase + evil, Fallback: fixtureBase + "?sessionid=" + evil, SessionID: evil, SessionParam: "sessionid" + evil,
		InUse: fixtureBase + "?sessionid=" + evil, Reason: "fallback" + evil, Elapsed: 3 * time.Second}})
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen + evil, Conn: 1}})

	esc := strings.ReplaceAll(fmt.Sprintf("%q", evil), `\x1b`, `\u001b`) // a JSON string literal holding evil
	init := s.request("1", "initialize", "", `{}`)
	s.post(init, 202, "")
	s.answer(init, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":`+esc+`,"capabilities":{`+esc+`:{`+esc+`:true}},"serverInfo":{"name":`+esc+`,"version":`+esc+`},"instructions":`+esc+`}}`, false, false)

	list := s.request("2", "tools/list", "", `{}`)
	s.post(list, 202, "")
	s.answer(list, "2", "tools/list", "", `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":`+esc+`,"description":`+esc+`}]}}`, false, false)

	call := s.request("3", "tools/call", "greet"+evil, `{"name":`+esc+`}`)
	s.post(call, 202, "")
	s.answer(call, "3", "tools/call", "greet"+evil, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"content\":[{\"type\":\"text\",\"text\":"+esc+"}],\"isError\":true}}"+evil, false, true)

	refused := s.request("4", "tools/list"+evil, "", `{}`)
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Method: "POST", URL: fixtureBase + evil,
		Status: 401, Body: mcp.Raw("<h1>denied</h1>" + evil), BodySize: 40, Duration: time.Millisecond, ReqSeq: refused, Conn: 1,
		Headers: map[string][]string{"WWW-Authenticate": {"Bearer" + evil}, "Content-Type": {"text/html" + evil}}}})
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "stream", Message: "stream broke" + evil, Hint: "reconnect" + evil, Conn: 1}})
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpTimeout, Message: "timed out" + evil, Hint: evil, ReqSeq: refused}})

	s.event("message"+evil, `{"jsonrpc":"2.0","id":`+esc+`,"method":`+esc+`}`)
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassServerRequest, ID: evil, Method: evil,
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":` + esc + `,"method":` + esc + `}`)}})
	s.answer(0, evil, evil, evil, "not json at all "+evil, false, false)
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassInvalid, Raw: mcp.Raw(evil)}})
	return s.recs
}

func assertClean(t *testing.T, where, view string) {
	t.Helper()
	if p := sanitizetest.Problem(view, true); p != "" {
		t.Fatalf("%s: the view holds %s:\n%s", where, p, view)
	}
	for _, f := range forbidden {
		if strings.Contains(view, f) {
			t.Fatalf("%s: %q from the wire reached the view:\n%s", where, f, view)
		}
	}
}

// TestHostileServerNeverReachesTheTerminal draws what live sessions
// recorded over real HTTP against the hostile fakes: one that puts hostile
// text in every string it sends, and one whose stream is refused with a
// hostile reason phrase and body.
func TestHostileServerNeverReachesTheTerminal(t *testing.T) {
	srv := mcptest.NewHostile(t)
	sessions := map[string][]mcp.Record{
		"hostile server": liveRecords(t, srv.SSEURL(), "tools/list", "tools/call echo text=hi extra=1",
			mcptest.HostileRPCError, mcptest.HostileStatusError),
		"hostile status": liveRecords(t, mcptest.HostileStatus(t)+"/sse"),
	}
	for name, recs := range sessions {
		for _, size := range []struct{ w, h int }{{160, 45}, {80, 24}} {
			m := newTestModel(t, size.w, size.h, nil, recs)
			drawEverything(t, fmt.Sprintf("%s %dx%d", name, size.w, size.h), m)
		}
	}
}

// liveRecords connects to url, runs each command line and returns every
// record the session produced. A 2026 session's listen stream is
// acknowledged before the first line: open, not still being opened.
func liveRecords(t *testing.T, url string, lines ...string) []mcp.Record {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := mcp.NewSession(mcp.Config{URL: url, RequestTimeout: 10 * time.Second})
	got := make(chan []mcp.Record)
	go func() {
		var recs []mcp.Record
		for batch := range s.Records() {
			recs = append(recs, batch...)
		}
		got <- recs
	}()
	if err := s.Connect(ctx); err == nil {
		s.AwaitListen(ctx)
		for _, line := range append([]string{"initialize"}, lines...) {
			c, err := command.ParseCommand(line)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			_, _, _ = command.Run(ctx, s, c) // failures are records too
		}
	}
	s.Close()
	return <-got
}

// TestHostileRecordsNeverReachTheTerminal draws every pane, every pair and
// event in detail (pretty and raw), at both layouts, and checks that no
// escape, control or bidi character from the wire gets through.
func TestHostileRecordsNeverReachTheTerminal(t *testing.T) {
	for _, size := range []struct{ w, h int }{{160, 45}, {80, 24}, {110, 30}} {
		m := newTestModel(t, size.w, size.h, nil, hostileRecords())
		drawEverything(t, fmt.Sprintf("%dx%d", size.w, size.h), m)
	}
}

// drawEverything draws every pane, every pair and event in detail (pretty
// and raw), a status message and the help, and checks each frame.
func drawEverything(t *testing.T, name string, m *Model) {
	t.Helper()
	for p := pane(0); p < paneCount; p++ {
		m.setFocus(p)
		assertClean(t, name+" "+p.String(), m.View())
	}
	for i := 0; i < m.com.log.PairCount(); i++ {
		m.detail.showPair(m.com.log.Pair(i))
		for _, raw := range []bool{false, true} {
			m.detail.pretty = !raw
			assertClean(t, fmt.Sprintf("%s pair %d raw=%v", name, i, raw), m.View())
		}
	}
	for i := 0; i < m.com.log.EventCount(); i++ {
		m.detail.showEvent(m.com.log.Event(i), i)
		for _, raw := range []bool{false, true} {
			m.detail.pretty = !raw
			assertClean(t, fmt.Sprintf("%s event %d raw=%v", name, i, raw), m.View())
		}
	}
	// Status messages carry server text too.
	m.Update(sentMsg{cmd: command.Command{Method: "tools/call", Tool: evil}, err: fmt.Errorf("server said %s", evil),
		warnings: []command.ArgWarning{{Key: evil, Message: evil}}})
	assertClean(t, name+" status", m.View())
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
	assertClean(t, name+" help", m.View())
}
