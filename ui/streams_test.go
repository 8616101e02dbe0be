package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// streamScript is a stateless 2026 session by hand: discover, a listen
// stream, a multi round-trip call, a slow call with progress still
// pending, a cancelled call, a refused request, and a streamable response
// stream that dropped and was resumed.
type streamScript struct {
	*script
	listen, chain1, chain2, slow, cancelled, refused, resumed int64
}

const statelessURL = "http://127.0.0.1:8811/stateless"

func (s *streamScript) request(id, method, tool, params string, chain int64) int64 {
	raw := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, params)
	return s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest,
		ID: id, Method: method, Tool: tool, Chain: chain, Raw: mcp.Raw(raw)}})
}

func (s *streamScript) post(reqSeq int64, status int, headers map[string][]string, opened string, d time.Duration) {
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", URL: statelessURL,
		RequestHeaders: headers, Status: status, Opened: opened, Duration: d, ReqSeq: reqSeq}})
}

// on delivers a message on a stream: its event and its record.
func (s *streamScript) on(stream string, reqSeq int64, class mcp.Class, id, method, raw string) {
	s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Stream: stream, ReqSeq: reqSeq, Name: "message",
		Data: mcp.Raw(raw), Raw: mcp.Raw("event: message\ndata: " + raw + "\n\n")}})
	m := &mcp.RPCMessage{Dir: mcp.DirIn, Class: class, ID: id, Method: method,
		ReqSeq: reqSeq, Stream: stream, RPCError: strings.Contains(raw, `"error"`), Raw: mcp.Raw(raw)}
	m.NoteAnswer() // as the session notes an answer's facts when it comes
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: m})
}

func mirrored(method, name string) map[string][]string {
	h := map[string][]string{"Accept": {"application/json, text/event-stream"}, "Content-Type": {"application/json"},
		"Mcp-Method": {method}, "Mcp-Protocol-Version": {"2026-07-28"}}
	if name != "" {
		h["Mcp-Name"] = []string{name}
	}
	return h
}

func statelessRecords() *streamScript {
	s := &streamScript{script: newScript()}
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, URL: statelessURL}})
	disc := s.request("1", "server/discover", "", `{}`, 0)
	s.post(disc, 200, mirrored("server/discover", ""), "sse", 3*time.Millisecond)
	s.on(mcp.StreamResponse, disc, mcp.ClassResponse, "1", "server/discover",
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28","2025-11-25"],"capabilities":{"tools":{"listChanged":true}},"instructions":"be kind","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake","version":"9"}}}}`)
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Transport: mcp.TransportStateless, Protocol: "2026-07-28", URL: statelessURL}})
	s.add(mcp.Record{Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStateless, URL: statelessURL, Reason: "server/discover answered 2026-07-28"}})

	s.listen = s.request("2", "subscriptions/listen", "", `{}`, 0)
	s.post(s.listen, 200, mirrored("subscriptions/listen", ""), "sse", time.Millisecond)
	s.on(mcp.StreamListen, s.listen, mcp.ClassNotification, "", "notifications/subscriptions/acknowledged", `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged"}`)

	s.chain1 = s.request("3", "tools/call", "confirm", `{"name":"confirm","arguments":{}}`, 0)
	s.post(s.chain1, 200, mirrored("tools/call", "confirm"), "sse", 2*time.Millisecond)
	s.on(mcp.StreamResponse, s.chain1, mcp.ClassResponse, "3", "tools/call",
		`{"jsonrpc":"2.0","id":3,"result":{"resultType":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{"message":"Really?","requestedSchema":{"type":"object","properties":{"sure":{"type":"boolean"}},"required":["sure"]}}}},"requestState":"abc"}}`)
	s.chain2 = s.request("4", "tools/call", "confirm", `{"name":"confirm","arguments":{},"inputResponses":{"ok":{"action":"accept","content":{"sure":true}}},"requestState":"abc"}`, s.chain1)
	s.post(s.chain2, 200, mirrored("tools/call", "confirm"), "sse", 2*time.Millisecond)
	s.on(mcp.StreamResponse, s.chain2, mcp.ClassResponse, "4", "tools/call", `{"jsonrpc":"2.0","id":4,"result":{"content":[],"ttlMs":0,"cacheScope":"private"}}`)

	s.cancelled = s.request("5", "tools/call", "slow", `{"name":"slow","arguments":{}}`, 0)
	s.post(s.cancelled, 200, mirrored("tools/call", "slow"), "sse", time.Millisecond)
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpCancelled, Message: "context canceled", ReqSeq: s.cancelled}})

	s.refused = s.request("6", "tools/list", "", `{}`, 0)
	s.post(s.refused, 400, mirrored("tools/list", ""), "json", time.Millisecond)
	s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "6", Method: "tools/list", ReqSeq: s.refused,
		Stream: mcp.StreamJSON, RPCError: true, Raw: `{"jsonrpc":"2.0","id":6,"error":{"code":-32022,"message":"unsupported","data":{"supported":["2026-07-28"],"requested":"2099-01-01"}}}`}})

	s.resumed = s.request("7", "tools/call", "cut", `{"name":"cut","arguments":{}}`, 0)
	s.post(s.resumed, 200, mirrored("tools/call", "cut"), "sse", 4*time.Millisecond)
	s.on(mcp.StreamResponse, s.resumed, mcp.ClassNotification, "", "notifications/message", `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"before"}}`)
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeResume, Method: "GET", URL: statelessURL, Status: 200, Opened: "sse",
		Duration: 9 * time.Millisecond, ReqSeq: s.resumed, RequestHeaders: map[string][]string{"Last-Event-Id": {"s7_2"}}}})
	s.on(mcp.StreamResponse, s.resumed, mcp.ClassResponse, "7", "tools/call", `{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`)

	s.slow = s.request("8", "tools/call", "slow", `{"name":"slow","arguments":{}}`, 0)
	s.post(s.slow, 200, mirrored("tools/call", "slow"), "sse", time.Millisecond)
	s.on(mcp.StreamResponse, s.slow, mcp.ClassNotification, "", "notifications/progress", `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":8,"progress":2,"total":4,"message":"step 2 of 4"}}`)
	return s
}

// row finds the line of view that holds all of parts.
func row(view string, parts ...string) string {
	for _, l := range strings.Split(view, "\n") {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(l, p)
		}
		if ok {
			return l
		}
	}
	return ""
}

// The raw events pane names the stream of every event: the response
// stream of a request by its id, marked once resumed, and the listen
// stream.
func TestEventsNameTheirStream(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), statelessRecords().recs)
	m.setFocus(paneEvents)
	view := m.View()
	for _, want := range [][]string{
		{"resp 1 ", "message"},
		{"listen", `"method"`},
		{"resp 7 ", `"method"`},
		{"resp 7↻", `"id":7`},
		{"resp 8 ", `"method"`},
	} {
		if row(view, want...) == "" {
			t.Errorf("no event row with %q:\n%s", want, view)
		}
	}
}

// Pairs show the chain's second round under its first, the first reading
// as the call came out ("↪ ok", not "↪ input" once the rounds are over),
// the progress of a pending request, a cancelled one, and the listen
// stream as open rather than pending.
func TestPairsShowChainsProgressAndCancel(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), statelessRecords().recs)
	view := m.View()
	for _, want := range [][]string{
		{"tools/call confirm", "↪ ok"},
		{"↳ round 2 · tools/call confirm", "✓ ok"},
		{"tools/call slow · step 2 of 4", "██░░░ 50%"},
		{"tools/call slow", "✗ cancelled"},
		{"subscriptions/listen", "● listening", "open"},
	} {
		if row(view, want...) == "" {
			t.Errorf("no pair row with %q:\n%s", want, view)
		}
	}
	if got := m.com.log.Stats().Pending; got != 1 {
		t.Errorf("%d pending, want only the slow call (the listen stream is open, not pending)", got)
	}
	if strings.Contains(view, "notifications/progress") {
		t.Errorf("a progress notification has a row of its own, want it folded into its request's:\n%s", view)
	}
	if got, want := openPair(t, m, statelessRecords().slow), "progress 2 of 4 (50%) · step 2 of 4 · 1 notification (in Raw events)"; !strings.Contains(got, want) {
		t.Errorf("the slow call's detail lacks %q:\n%s", want, got)
	}
	if !strings.Contains(view, "stateless 2026-07-28") || !strings.Contains(view, "● discovered") {
		t.Errorf("the status bar does not name the era and its state:\n%s", view)
	}
}

// openPair opens the row of the request logged at seq in the detail pane.
func openPair(t *testing.T, m *Model, seq int64) string {
	t.Helper()
	p := m.com.log.PairOf(seq)
	if p == nil {
		t.Fatalf("no row for record %d", seq)
	}
	return pairDetail(m, p)
}

// pairDetail is every line Detail shows of row p.
func pairDetail(m *Model, p *history.Pair) string {
	m.detail.showPair(p)
	m.detail.scroll.height = 1000 // all of it, to read
	return strings.Join(m.detail.lines(), "\n")
}

// Detail shows the headers that carried a request beside its body, what
// the answer is (resultType, ttlMs, cacheScope), what an input_required
// answer asks for, and a refusal in words with what to do.
func TestDetailShowsHeadersResultAndErrors(t *testing.T) {
	s := statelessRecords()
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)

	first := openPair(t, m, s.chain1)
	for _, want := range []string{"POST " + statelessURL, "Mcp-Method: tools/call", "Mcp-Name: confirm", "Mcp-Protocol-Version: 2026-07-28",
		"result    input_required", "ok · elicitation/create: Really?", "sure*: boolean", "(inputResponses) and the same"} {
		if !strings.Contains(first, want) {
			t.Errorf("the first round's detail lacks %q:\n%s", want, first)
		}
	}
	if strings.Index(first, "Mcp-Name: confirm") > strings.Index(first, `"jsonrpc": "2.0"`) {
		t.Error("the request's headers come after its body, want them beside (before) it")
	}

	second := openPair(t, m, s.chain2)
	for _, want := range []string{"round 2 of a multi round-trip request started by id 3", "complete (resultType absent, which means complete) · ttlMs 0 · cacheScope private"} {
		if !strings.Contains(second, want) {
			t.Errorf("the second round's detail lacks %q:\n%s", want, second)
		}
	}

	refused := openPair(t, m, s.refused)
	for _, want := range []string{"the POST's application/json answer", "-32022 · UnsupportedProtocolVersion: 2099-01-01 is not spoken here", "supports 2026-07-28", "--protocol"} {
		if !strings.Contains(refused, want) {
			t.Errorf("the refused request's detail lacks %q:\n%s", want, refused)
		}
	}

	resumed := openPair(t, m, s.resumed)
	for _, want := range []string{"POST 200 (an SSE stream): headers after 4ms", "stream resumed ×1", "resumed with Last-Event-ID", "GET Last-Event-ID s7_2 → 200 in 9ms"} {
		if !strings.Contains(resumed, want) {
			t.Errorf("the resumed request's detail lacks %q:\n%s", want, resumed)
		}
	}

	slow := openPair(t, m, s.slow)
	if !strings.Contains(slow, "progress 2 of 4 (50%) · step 2 of 4") {
		t.Errorf("the pending request's detail shows no progress:\n%s", slow)
	}
}

// The negotiation pane of a stateless session shows what server/discover
// said, the chosen version among the supported ones, and the listen stream.
func TestNegotiationOfAStatelessSession(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), statelessRecords().recs)
	view := strings.Join(m.nego.lines(), "\n")
	for _, want := range []string{"Endpoint     " + statelessURL + " (POST only, no", "2026-07-28 ✓, 2025-11-25",
		"fake 9 · protocol 2026-07-28", "Listen       open since", "Roots        none (roots add PATH offers one)", "be kind"} {
		if !strings.Contains(view, want) {
			t.Errorf("the negotiation pane lacks %q:\n%s", want, view)
		}
	}
}

// A server that lists thousands of versions gets a Versions line of the
// first few, the chosen one wherever it is, and a count of the rest.
func TestNegotiationCountsAHugeVersionList(t *testing.T) {
	s := &streamScript{script: newScript()}
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, URL: statelessURL}})
	var versions []string
	for i := range 5000 {
		versions = append(versions, fmt.Sprintf(`"2030-01-%04d"`, i))
	}
	versions = append(versions, `"2026-07-28"`)
	disc := s.request("1", "server/discover", "", `{}`, 0)
	s.post(disc, 200, mirrored("server/discover", ""), "json", time.Millisecond)
	s.on(mcp.StreamJSON, disc, mcp.ClassResponse, "1", "server/discover",
		`{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":[`+strings.Join(versions, ",")+`],"capabilities":{}}}`)
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Transport: mcp.TransportStateless, Protocol: "2026-07-28", URL: statelessURL}})
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	m.setFocus(paneNegotiation)
	view := m.View()
	// The line wraps, so the versions are looked for by their last digits.
	if !strings.Contains(view, "0007, 2026-07-28 ✓ and 4992") || strings.Contains(view, "0008") {
		t.Errorf("want the first %d versions, the chosen one and a count:\n%s", mcp.MaxListed, view)
	}
	if !strings.Contains(view, "Server       (it did not name itself) · protocol 2026-07-28") {
		t.Errorf("a server with no serverInfo should be said to be nameless:\n%s", view)
	}
}

// A priming event (an id, no data) says so in the DATA column rather than
// leaving it blank, with its id when the pane is too narrow for an ID
// column.
func TestEventsSayAnEventHasNoData(t *testing.T) {
	s := statelessRecords()
	s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Stream: mcp.StreamResponse, ReqSeq: s.slow, ID: "s8_0", HasID: true,
		Raw: mcp.Raw("id: s8_0\ndata: \n\n")}})
	for _, size := range [][2]int{{80, 24}, {160, 45}, {60, 15}} {
		m := newTestModel(t, size[0], size[1], newFakeBackend(), s.recs)
		m.setFocus(paneEvents)
		view := m.View()
		checkFrame(t, view, size[0], size[1])
		if row(view, "resp 8", "(priming, no data)", "s8_0") == "" {
			t.Errorf("at %dx%d no event row says the priming event has no data and names its id:\n%s", size[0], size[1], view)
		}
	}
}

// A pending request in Detail turns its spinner with its Pairs row: a
// still "◌" beside the row's turning frame read as two states of one
// request, the one in Detail hung. The lines are still formatted once
// with the still marker; only the glyph on screen turns.
func TestDetailPendingTurnsWithItsRow(t *testing.T) {
	s := statelessRecords()
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	if got := openPair(t, m, s.slow); !strings.Contains(got, stillPending+" ██░░░ 50%") {
		t.Errorf("the pending call's kept lines lack %q:\n%s", stillPending+" ██░░░ 50%", got)
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	for _, f := range spinFrames[:2] {
		view := ansi.Strip(m.View())
		if n := strings.Count(view, f+" ██░░░ 50%"); n != 2 || strings.Contains(view, stillPending) {
			t.Errorf("spinner frame %q: Pairs and Detail should both show it, seen %d times:\n%s", f, n, view)
		}
		m.Update(spinTickMsg{})
	}
}

// An answer JSON readers may read two ways says so in Detail, above the
// JSON as it came.
func TestDetailSaysWhenAnAnswerReadsTwoWays(t *testing.T) {
	s := newScript()
	req := s.request("1", "tools/list", "", `{}`)
	s.answer(req, "1", "tools/list", "", `{"jsonrpc":"2.0","id":1,"result":{"tools":[]},"result":{"tools":[{"name":"evil"}]}}`, false, false)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	got := openPair(t, m, req)
	if words := strings.Join(strings.Fields(got), " "); !strings.Contains(words, `⚠ the message has 2 "result" members: readers differ on which counts, and mcpscope took the last`) {
		t.Errorf("Detail does not say the answer has two results:\n%s", got)
	}
}

// A version the server settled on that mcpscope does not know is marked
// under the Server line.
func TestNegotiationMarksAnUnknownProtocolVersion(t *testing.T) {
	s := newScript()
	req := s.request("1", "initialize", "", `{}`)
	s.answer(req, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"1999-01-01","capabilities":{},"serverInfo":{"name":"old","version":"1"}}}`, false, false)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	m.setFocus(paneNegotiation)
	if words := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(words, "⚠ 1999-01-01 is not a version mcpscope knows") {
		t.Errorf("the Negotiation pane does not mark the unknown version:\n%s", m.View())
	}
}

// A streamable session whose server settled on 2024-11-05, a version
// older than the transport it answered over, is marked under the Server
// line: its era's client would have spoken HTTP+SSE.
func TestNegotiationMarksAVersionOlderThanStreamableHTTP(t *testing.T) {
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 1, URL: "http://127.0.0.1:8811/mcp", Transport: mcp.TransportStreamable}})
	req := s.request("1", "initialize", "", `{}`)
	s.answer(req, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2024-11-05","capabilities":{},"serverInfo":{"name":"old","version":"1"}}}`, false, false)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	m.setFocus(paneNegotiation)
	if words := strings.Join(strings.Fields(m.View()), " "); !strings.Contains(words, "⚠ 2024-11-05 is older than streamable HTTP,") {
		t.Errorf("the Negotiation pane does not mark the version older than its transport:\n%s", m.View())
	}
}
