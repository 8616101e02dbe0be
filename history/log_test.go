package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// rowSummary is what a person reads off a row: kind, state, method, id and
// which parts are present.
func rowSummary(p *Pair) string {
	parts := []string{string(p.Kind), string(p.State), p.Method}
	if p.Tool != "" {
		parts = append(parts, "tool="+p.Tool)
	}
	if p.ID != "" {
		parts = append(parts, "id="+p.ID)
	}
	for _, f := range []struct {
		name string
		r    *mcp.Record
	}{{"req", p.Request}, {"resp", p.Response}, {"post", p.Post}, {"fail", p.Failure}, {"reply", p.Reply}} {
		if f.r != nil {
			parts = append(parts, fmt.Sprintf("%s@%d", f.name, f.r.Seq))
		}
	}
	return strings.Join(parts, " ")
}

func rows(l *Log) []string {
	var out []string
	for i := 0; i < l.PairCount(); i++ {
		out = append(out, rowSummary(l.Pair(i)))
	}
	return out
}

func checkRows(t *testing.T, l *Log, want []string) {
	t.Helper()
	got := rows(l)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLogPairsEveryKind(t *testing.T) {
	l := NewLog()
	l.Append(fullSession()...)
	checkRows(t, l, []string{
		"request ok initialize id=1 req@6 resp@7 post@8",
		"notification-out sent notifications/initialized req@10 post@11",
		"request ok tools/list id=2 req@12 resp@14 post@13",
		"request ok tools/call tool=echo id=3 req@15 resp@17 post@16",
		"request tool-error tools/call tool=echo id=4 req@18 resp@20 post@19",
		"server-request answered ping id=1 req@21 reply@22",
		"foreign ok  id=99 resp@23",
		"request timed-out tools/call tool=echo id=5 req@24 post@25 fail@26",
		"notification-in received notifications/tools/list_changed req@27",
		"request rpc-error bogus/method id=6 req@28 resp@30 post@29",
		"invalid received  resp@31",
	})
	st := l.Stats()
	got := fmt.Sprintf("records=%d events=%d requests=%d pending=%d errors=%d foreign=%d notifications=%d state=%s session=%s url=%s transport=%s",
		st.Records, st.Events, st.Requests, st.Pending, st.Errors, st.Foreign, st.Notifications, st.State, st.SessionID, st.URL, st.Transport)
	want := "records=31 events=1 requests=6 pending=0 errors=3 foreign=1 notifications=2 state=initialized session=ABC url=http://localhost:8811/sse transport=sse"
	if got != want {
		t.Errorf("Stats() = %s\nwant      %s", got, want)
	}
	if l.EventCount() != 1 || l.Event(0).Event.Name != "endpoint" {
		t.Errorf("Event(0) = %+v, want the endpoint event", l.Event(0))
	}
	if got, want := l.ConnectedAt(), scriptStart.Add(10*time.Millisecond); !got.Equal(want) {
		t.Errorf("ConnectedAt() = %v, want %v", got, want)
	}
}

func TestLogTimings(t *testing.T) {
	l := NewLog()
	l.Append(fullSession()...)
	call := l.Pair(3)
	if got, want := call.Latency, 60*time.Millisecond; got != want {
		t.Errorf("tools/call Latency = %v, want %v", got, want)
	}
	if got, want := call.PostLatency, 3*time.Millisecond; got != want {
		t.Errorf("tools/call PostLatency = %v, want %v", got, want)
	}
	if got, want := call.ResponseSize, len(call.Response.RPC.Raw); got != want {
		t.Errorf("ResponseSize = %d, want %d", got, want)
	}
	if !call.Sent.Equal(call.Request.Time) || !call.Answered.Equal(call.Response.Time) {
		t.Errorf("Sent/Answered = %v/%v, want the request and response times", call.Sent, call.Answered)
	}
	ping := l.Pair(5)
	if got, want := ping.Latency, 10*time.Millisecond; got != want {
		t.Errorf("ping reply Latency = %v, want %v", got, want)
	}
}

func TestLogResponseBeforePost(t *testing.T) {
	s := newScript()
	req := s.request("1", "tools/list", "{}")
	l := s.log()
	p := l.Pair(0)
	if p.State != StatePending || l.Stats().Pending != 1 {
		t.Fatalf("after send: state %s pending %d, want pending 1", p.State, l.Stats().Pending)
	}
	l.Append(mcp.Record{Seq: 2, Time: scriptStart, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{
		Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "1", ReqSeq: req, Raw: `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`}})
	if p.State != StateOK || p.Post != nil {
		t.Fatalf("after response: state %s post %v, want ok and no POST yet", p.State, p.Post)
	}
	l.Append(mcp.Record{Seq: 3, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Status: 202, ReqSeq: req, Duration: 7 * time.Millisecond}})
	if p.State != StateOK || p.Post == nil || p.Post.HTTP.Status != 202 || p.PostLatency != 7*time.Millisecond {
		t.Errorf("after late 202: state %s post %+v latency %v, want ok, 202, 7ms", p.State, p.Post, p.PostLatency)
	}
	if l.Stats().Pending != 0 {
		t.Errorf("Pending = %d, want 0", l.Stats().Pending)
	}
}

func TestLogTimeoutThenLate(t *testing.T) {
	s := newScript()
	req := s.request("1", "tools/call", `{"name":"echo"}`)
	s.fail(mcp.OpTimeout, req, "no answer", "")
	l := s.log()
	p := l.Pair(0)
	if p.State != StateTimedOut || l.Stats().Errors != 1 {
		t.Fatalf("state %s errors %d, want timed-out and 1 error", p.State, l.Stats().Errors)
	}
	s.recs = nil
	s.recv(mcp.ClassLate, "1", req, `{"jsonrpc":"2.0","id":1,"result":{"content":[]}}`)
	l.Append(s.recs...)
	if p.State != StateLate || p.Response == nil || p.Latency != 20*time.Millisecond {
		t.Errorf("state %s latency %v, want late after 20ms", p.State, p.Latency)
	}
	if l.Stats().Errors != 0 {
		t.Errorf("Errors = %d after the late answer, want 0", l.Stats().Errors)
	}
}

func TestLogPostFailures(t *testing.T) {
	tests := []struct {
		name  string
		build func(s *script)
		want  PairState
	}{
		{"error record", func(s *script) {
			r := s.request("1", "ping", "{}")
			s.fail(mcp.OpPost, r, "connection refused", "")
		}, StatePostFailed},
		{"400 and nothing on the stream", func(s *script) {
			r := s.request("1", "bogus", "{}")
			s.post(r, 400, time.Millisecond)
		}, StatePostFailed},
		{"400 then an answer anyway", func(s *script) {
			r := s.request("1", "bogus", "{}")
			s.post(r, 400, time.Millisecond)
			s.recv(mcp.ClassResponse, "1", r, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}`)
		}, StateRPCError},
		{"answer then refused POST", func(s *script) {
			r := s.request("1", "ping", "{}")
			s.result("1", r, "{}")
			s.post(r, 500, time.Millisecond)
		}, StateOK},
		{"cancelled by the user", func(s *script) {
			s.fail("cancelled", s.request("1", "ping", "{}"), "context canceled", "")
		}, StateCancelled},
		{"stream closed while waiting", func(s *script) {
			s.fail("stream", s.request("1", "ping", "{}"), "stream closed while ping was waiting", "")
		}, StateFailed},
		{"no answer to the POST, then the stream's error about it", func(s *script) {
			// A 2026 listen stream reopened on its own: the POST got no
			// HTTP answer (connection refused), and the stream it was to
			// open says so too. One failure, one error.
			r := s.request("1", "subscriptions/listen", "{}")
			s.post(r, 0, time.Millisecond)
			s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "stream", Purpose: mcp.PurposePost, Message: "POST failed: connection refused", ReqSeq: r}})
		}, StatePostFailed},
		{"answered, then an error about it", func(s *script) {
			r := s.request("1", "ping", "{}")
			s.result("1", r, "{}")
			s.fail("stream", r, "odd", "")
		}, StateOK},
		{"notification refused", func(s *script) {
			r := s.send(mcp.ClassNotification, "", "notifications/initialized", "", "{}")
			s.post(r, 404, time.Millisecond)
		}, StatePostFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScript()
			tt.build(s)
			l := s.log()
			if got := l.Pair(0).State; got != tt.want {
				t.Errorf("state = %s, want %s", got, tt.want)
			}
			wantErrors := 0
			if tt.want.Failed() || tt.name == "answered, then an error about it" {
				wantErrors = 1
			}
			if got := l.Stats().Errors; got != wantErrors {
				t.Errorf("Errors = %d, want %d", got, wantErrors)
			}
		})
	}
}

func TestLogStrayAnswers(t *testing.T) {
	s := newScript()
	r := s.request("1", "ping", "{}")
	s.result("1", r, "{}")
	s.result("1", r, `{"again":true}`) // a second answer to the same request
	s.result("7", 4242, "{}")          // its request is not in this log
	s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassReply, ID: "5", ReqSeq: 999, Raw: "{}"}})
	s.send(mcp.ClassBatch, "", "", "", `[{"jsonrpc":"2.0","method":"a"}]`)
	s.add(mcp.Record{Kind: mcp.KindHTTP})     // corrupt: no exchange
	s.add(mcp.Record{Kind: mcp.KindReceived}) // corrupt: no message
	l := s.log()
	checkRows(t, l, []string{
		"request ok ping id=1 req@1 resp@2",
		"foreign ok  id=1 resp@3",
		"foreign ok  id=7 resp@4",
		"server-request answered  id=5 reply@5",
		"batch sent  req@6",
	})
	if got := l.Stats().Foreign; got != 2 {
		t.Errorf("Foreign = %d, want 2", got)
	}
}

func TestLogPointersStayValid(t *testing.T) {
	s := newScript()
	req := s.request("1", "ping", "{}")
	l := s.log()
	p, first := l.Pair(0), l.At(0)
	for i := 0; i < 5000; i++ {
		s.recs = nil
		s.event("message", "{}")
		l.Append(s.recs...)
	}
	s.recs = nil
	s.result("1", req, "{}")
	l.Append(s.recs...)
	if p.State != StateOK || p.Request != first || l.Pair(0) != p {
		t.Errorf("held *Pair state %s, want ok and the same pointers after 5000 appends", p.State)
	}
	if l.At(-1) != nil || l.At(l.Len()) != nil || l.Pair(1) != nil || l.Event(5000) != nil {
		t.Errorf("out-of-range lookups should be nil")
	}
}

// The Log is pure: how the records are split into Append calls changes
// nothing.
func TestLogPure(t *testing.T) {
	recs := fullSession()
	a, b := NewLog(), NewLog()
	a.Append(recs...)
	for _, r := range recs {
		b.Append(r)
	}
	if ga, gb := strings.Join(rows(a), "\n"), strings.Join(rows(b), "\n"); ga != gb {
		t.Errorf("rows differ:\n%s\nvs\n%s", ga, gb)
	}
	if a.Stats() != b.Stats() {
		t.Errorf("Stats differ: %+v vs %+v", a.Stats(), b.Stats())
	}
}

func TestLogToolsPagination(t *testing.T) {
	page := func(tools, next string) string {
		if next != "" {
			return fmt.Sprintf(`{"tools":[%s],"nextCursor":%q}`, tools, next)
		}
		return fmt.Sprintf(`{"tools":[%s]}`, tools)
	}
	tool := func(name string) string { return fmt.Sprintf(`{"name":%q,"inputSchema":{"type":"object"}}`, name) }
	names := func(l *Log) string {
		var ns []string
		for _, t := range l.Tools() {
			ns = append(ns, t.Name)
		}
		return strings.Join(ns, ",")
	}
	s := newScript()
	l := NewLog()
	step := func(id, params, result, want string) {
		t.Helper()
		s.recs = nil
		r := s.request(id, "tools/list", params)
		s.result(id, r, result)
		l.Append(s.recs...)
		if got := names(l); got != want {
			t.Errorf("after tools/list %s: Tools() = %q, want %q", params, got, want)
		}
	}
	step("1", `{}`, page(tool("a")+","+tool("b"), "p2"), "a,b") // partial, but nothing better yet
	step("2", `{"cursor":"p2"}`, page(tool("c"), ""), "a,b,c")
	step("3", `{}`, page(tool("x"), "q2"), "a,b,c") // a newer listing, not complete yet
	step("4", `{"cursor":"q2"}`, page(tool("y"), ""), "x,y")
	step("5", `{"cursor":"stale"}`, page(tool("z"), ""), "x,y") // a stray page
	if got := string(l.Tools()[0].InputSchema); got != `{"type":"object"}` {
		t.Errorf("InputSchema = %s, want the schema as sent", got)
	}
}

// keepAliveRecords are a state, five pings, a message, two pings, a
// different comment (which joins their run) and a ping from another
// stream.
func keepAliveRecords() []mcp.Record {
	s := newScript()
	s.state(mcp.StateOpen)
	ping := func(raw, comment string, conn int) {
		s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: conn, Comments: []string{comment}, Raw: mcp.Raw(raw)}})
	}
	for range 5 {
		ping(": ping\n\n", "ping", 1)
	}
	s.event("message", `{"jsonrpc":"2.0","method":"notifications/message"}`)
	ping(": ping\n\n", "ping", 1)
	ping(": ping\n\n", "ping", 1)
	ping(": keepalive\n\n", "keepalive", 1)
	ping(": keepalive\n\n", "keepalive", 2)
	return s.recs
}

func checkKeepAliveRuns(t *testing.T, how string, l *Log, recs []mcp.Record) {
	t.Helper()
	type row struct {
		seq  int64
		n    int
		last time.Time
	}
	var got []row
	for i := 0; i < l.EventCount(); i++ {
		ru := l.EventRun(i)
		got = append(got, row{l.Event(i).Seq, ru.N, ru.Last})
	}
	want := []row{{2, 5, recs[5].Time}, {7, 1, recs[6].Time}, {8, 3, recs[9].Time}, {11, 1, recs[10].Time}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: event rows (seq, count, last) = %v, want %v", how, got, want)
	}
	var newest []string
	for i := 0; i < l.EventCount(); i++ {
		if ev := l.EventRun(i).Newest; ev != nil {
			newest = append(newest, fmt.Sprintf("%d:%q", i, ev.Raw))
		}
	}
	if got, want := fmt.Sprint(newest), `[2:": keepalive\n\n"]`; got != want {
		t.Errorf("%s: the rows whose newest keep-alive is not their first = %s, want %s", how, got, want)
	}
	st := l.Stats()
	if st.Records != 11 || st.Events != 10 || l.Len() != 5 {
		t.Errorf("%s: %d records, %d events, %d entries; want 11, 10 and 5", how, st.Records, st.Events, l.Len())
	}
	if at := l.At(l.Len() - 1); at.Seq != 11 || !l.LastTime().Equal(recs[10].Time) {
		t.Errorf("%s: last entry %d at %v, want record 11", how, at.Seq, l.LastTime())
	}
}

// A run of keep-alives on one stream is one row and one entry, whatever
// their text: a server that pings for a day costs what one ping does,
// while every one is counted and the newest's text is kept.
func TestLogFoldsRunsOfKeepAlives(t *testing.T) {
	recs := keepAliveRecords()
	l := NewLog()
	l.Append(recs...)
	checkKeepAliveRuns(t, "live", l, recs)

	// Replayed from the file, the records after a run are still the right
	// ones when read back.
	p, err := Load(record(t, recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	played := p.NewLog()
	playAll(t, p, played)
	checkKeepAliveRuns(t, "replayed", played, recs)
}

// A replayed row a person holds (the detail pane's) is updated in place
// when its answer arrives, though the Log keeps no records of its own.
func TestReplayedPairsUpdateInPlace(t *testing.T) {
	s := newScript()
	req := s.request("1", "ping", "{}")
	for range 3000 {
		s.event("message", `{"jsonrpc":"2.0","method":"notifications/progress"}`)
	}
	s.result("1", req, "{}")
	p := loaded(t, record(t, s.recs, RecordOptions{}))
	l := p.NewLog()
	l.Append(p.Step()...)
	held := l.Pair(0)
	if held.State != StatePending || held.Request == nil || held.Request.Seq != req {
		t.Fatalf("row before the answer = %+v", held)
	}
	playAll(t, p, l)
	if held.State != StateOK || held.Response == nil || string(held.Response.RPC.Raw) != `{"jsonrpc":"2.0","id":1,"result":{}}` || l.Pair(0) != held {
		t.Errorf("held row after the answer: state %s, response %v, same pointer %v", held.State, held.Response, l.Pair(0) == held)
	}
}

// A notifications/progress is folded into the row of the pending request
// its progressToken names; one that names no pending request of ours (sent
// after the answer, or with a token we never sent) keeps a row of its own,
// so nothing the server said is hidden.
func TestLogFoldsProgressIntoItsRequest(t *testing.T) {
	s := newScript()
	s.negotiate()
	call := s.request("7", "tools/call", `{"name":"echo","_meta":{"progressToken":7}}`)
	for i := 1; i <= 3; i++ {
		s.recv(mcp.ClassNotification, "", 0, fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":%d,"total":4,"message":"step %d"}}`, i, i))
	}
	s.recv(mcp.ClassNotification, "", 0, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"other","progress":1}}`)
	s.result("7", call, `{"content":[]}`)
	s.recv(mcp.ClassNotification, "", 0, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":4,"total":4}}`)
	l := s.log()
	checkRows(t, l, []string{
		fmt.Sprintf("request ok tools/call tool=echo id=7 req@%d resp@%d", call, call+5),
		fmt.Sprintf("notification-in received notifications/progress req@%d", call+4),
		fmt.Sprintf("notification-in received notifications/progress req@%d", call+6),
	})
	p := l.Pair(0)
	if p.Notifications != 3 || p.Progress != 3 || p.Total != 4 || p.ProgressMessage != "step 3" {
		t.Errorf("call row: %d notifications, progress %v of %v %q; want 3, 3 of 4 \"step 3\"", p.Notifications, p.Progress, p.Total, p.ProgressMessage)
	}
	if got := l.Stats().Notifications; got != 5 {
		t.Errorf("Stats().Notifications = %d, want 5 (folded ones still count)", got)
	}
}
