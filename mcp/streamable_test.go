package mcp

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// dialStreamable starts a streamable fake and a session connected to it.
func dialStreamable(t *testing.T, opts mcptest.StreamableOptions, cfg Config) (*mcptest.StreamableServer, *Session, *recorded) {
	t.Helper()
	srv := mcptest.NewStreamable(t, opts)
	if cfg.URL == "" {
		cfg.URL = srv.Endpoint()
	}
	if cfg.Transport == "" {
		cfg.Transport = TransportStreamable // detection has tests of its own
	}
	s, rec := connect(t, cfg)
	return srv, s, rec
}

func TestStreamableAnswersAndHeaders(t *testing.T) {
	for _, mode := range []mcptest.AnswerMode{mcptest.AnswerSSE, mcptest.AnswerJSON} {
		srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Answer: mode, ToolPages: 3, RequireProtocolVersion: true}, Config{})
		ctx := testCtx(t)
		tools, _, err := s.ListTools(ctx, true)
		if err != nil || len(tools) != len(mcptest.StreamableTools()) {
			t.Fatalf("mode %v: tools/list over 3 pages = %d tools, %v", mode, len(tools), err)
		}
		resp, err := s.CallTool(ctx, "add", []byte(`{"a":2,"b":40}`))
		if err != nil || !strings.Contains(string(resp.Result), "42") {
			t.Fatalf("mode %v: tools/call add = %v, %v", mode, resp, err)
		}
		for _, r := range srv.Requests() {
			if r.Method != http.MethodPost {
				continue
			}
			if r.Header.Get("Accept") != "application/json, text/event-stream" || r.Header.Get("Content-Type") != "application/json" {
				t.Errorf("mode %v: %s sent Accept %q Content-Type %q", mode, r.RPCMethod, r.Header.Get("Accept"), r.Header.Get("Content-Type"))
			}
			if r.RPCMethod != "initialize" && (r.SessionID == "" || r.Header.Get("MCP-Protocol-Version") == "") {
				t.Errorf("mode %v: %s lacks the session id or the protocol version: %v", mode, r.RPCMethod, r.Header)
			}
		}
		st := rec.waitFor(t, "initialized", func(r Record) bool { return r.Kind == KindState && r.State.State == StateInitialized })
		if st.State.Transport != TransportStreamable || st.State.Protocol != "2025-11-25" {
			t.Errorf("mode %v: initialized state %+v, want streamable 2025-11-25", mode, st.State)
		}
	}
}

// A server request on a response stream is answered by POST, and answers
// that come back out of order across streams are paired by id.
func TestStreamableServerRequestsAndOrder(t *testing.T) {
	pingFirst, swap := mcptest.PingBeforeAnswer("tools/list"), mcptest.SwapAnswers("ping")
	handle := func(x *mcptest.Exchange) {
		switch {
		case x.Method == "tools/list":
			pingFirst(x)
		case x.Method == "ping":
			swap(x)
		default:
			x.Default()
		}
	}
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, false); err != nil {
		t.Fatalf("tools/list after a server ping on its stream: %v", err)
	}
	var reply *mcptest.Request
	for _, r := range srv.Requests() {
		if r.Kind == mcptest.KindResponse {
			reply = &r
		}
	}
	if reply == nil || reply.SessionID == "" {
		t.Fatalf("the server's ping got no POSTed reply carrying the session")
	}
	errs := make(chan error, 2)
	for range 2 {
		go func() { _, err := s.Request(ctx, "ping", nil); errs <- err }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("ping answered out of order: %v", err)
		}
	}
}

// 405 on GET is "no GET stream", not an error; with --no-get-stream no GET
// is tried.
func TestStreamableGETStream(t *testing.T) {
	_, _, rec := dialStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone}, Config{})
	st := rec.waitFor(t, "the GET verdict", func(r Record) bool { return r.Kind == KindState && r.State.State == StateGetStream })
	if !strings.Contains(st.State.Detail, "offers no GET stream (405)") {
		t.Errorf("GET state %q, want no GET stream (405)", st.State.Detail)
	}
	for _, e := range rec.of(KindError) {
		t.Errorf("error record for a 405 GET: %+v", e.Error)
	}

	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{NoGetStream: true})
	s.Close()
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet {
			t.Errorf("a GET went out with NoGetStream")
		}
	}
}

// A GET stream carries what the server starts: list_changed and pings.
func TestStreamableGETStreamCarriesServerMessages(t *testing.T) {
	srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{}, Config{})
	sess, err := srv.WaitSession(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.WaitGET(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	s.ListTools(testCtx(t), false)
	srv.AddTool(mcptest.Tool{Name: "added"})
	n := rec.waitFor(t, "list_changed on the GET stream", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Method == "notifications/tools/list_changed"
	})
	if n.RPC.Stream != StreamGet {
		t.Errorf("list_changed came on %q, want the GET stream", n.RPC.Stream)
	}
	if len(s.Tools()) != 0 {
		t.Errorf("the tool list was not dropped on list_changed")
	}
	if err := sess.Ping(testCtx(t)); err != nil {
		t.Errorf("a ping on the GET stream was not answered: %v", err)
	}
}

// A 404 to a request carrying the session id means the session expired:
// the request fails saying so, and the next initialize starts a new
// session without the old id. The TypeScript SDK's 400 shape counts too.
func TestStreamableSessionExpiry(t *testing.T) {
	for _, gone := range []mcptest.GoneShape{mcptest.Gone404, mcptest.Gone400JSONRPC} {
		srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Gone: gone}, Config{})
		sess, err := srv.WaitSession(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		sess.Expire()
		_, err = s.Request(testCtx(t), "ping", nil)
		if CauseOf(err) != CauseSessionExpired {
			t.Fatalf("gone %v: ping on an expired session = %v, want session-expired", gone, err)
		}
		rec.waitFor(t, "the expired state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateExpired })
		// Until a new initialize, a request is not sent without the id
		// (the server would refuse it for that): it fails as expired.
		if _, err := s.Request(testCtx(t), "ping", nil); CauseOf(err) != CauseSessionExpired || !strings.Contains(err.Error(), "not sent") {
			t.Fatalf("gone %v: a second ping on the expired session = %v, want it not sent, session-expired", gone, err)
		}
		if s.InitializeResult() != nil {
			t.Errorf("gone %v: the session still counts as initialized", gone)
		}
		if _, err := s.Initialize(testCtx(t)); err != nil {
			t.Fatalf("gone %v: initialize after expiry: %v", gone, err)
		}
		var inits []mcptest.Request
		for _, r := range srv.Requests() {
			if r.RPCMethod == "initialize" {
				inits = append(inits, r)
			}
		}
		if len(inits) != 2 || inits[1].SessionID != "" {
			t.Errorf("gone %v: %d initializes, the second with session %q; want a new one without the old id", gone, len(inits), inits[len(inits)-1].SessionID)
		}
		if _, err := s.Request(testCtx(t), "ping", nil); err != nil {
			t.Errorf("gone %v: ping on the new session: %v", gone, err)
		}
	}
}

// Close ends the session with DELETE and records the answer; KeepSession
// leaves it.
func TestStreamableDelete(t *testing.T) {
	for _, mode := range []mcptest.DeleteMode{mcptest.Delete204, mcptest.Delete200, mcptest.Delete405} {
		srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Delete: mode}, Config{})
		s.Close()
		var deletes int
		for _, r := range srv.Requests() {
			if r.Method == http.MethodDelete {
				deletes++
			}
		}
		h := rec.waitFor(t, "the DELETE", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == PurposeDelete })
		if deletes != 1 || h.HTTP.Status == 0 {
			t.Errorf("delete mode %v: %d DELETEs, record %+v", mode, deletes, h.HTTP)
		}
		if mode == mcptest.Delete405 {
			st := rec.waitFor(t, "the closed state", func(r Record) bool {
				return r.Kind == KindState && r.State.SessionID != "" && r.State.State == StateClosed
			})
			if !strings.Contains(st.State.Detail, "does not allow DELETE") {
				t.Errorf("405 DELETE said %q", st.State.Detail)
			}
		}
	}
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{KeepSession: true})
	s.Close()
	for _, r := range srv.Requests() {
		if r.Method == http.MethodDelete {
			t.Errorf("KeepSession sent DELETE")
		}
	}
}

// Initializing again starts a new session and ends the old one with
// DELETE, as quitting would; KeepSession leaves it.
func TestStreamableReinitializeEndsTheOldSession(t *testing.T) {
	for _, keep := range []bool{false, true} {
		srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{KeepSession: keep})
		first, err := srv.WaitSession(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Initialize(testCtx(t)); err != nil {
			t.Fatalf("keep=%v: initialize again: %v", keep, err)
		}
		var deleted []string
		var inits int
		for _, r := range srv.Requests() {
			switch {
			case r.Method == http.MethodDelete:
				deleted = append(deleted, r.SessionID)
			case r.RPCMethod == "initialize":
				inits++
				if r.SessionID != "" {
					t.Errorf("keep=%v: initialize carried session %q, want a new session asked for", keep, r.SessionID)
				}
			}
		}
		want := []string{first.ID}
		if keep {
			want = nil
		}
		if !slices.Equal(deleted, want) || inits != 2 {
			t.Errorf("keep=%v: DELETEs of %v and %d initializes, want %v and 2", keep, deleted, inits, want)
		}
		if _, err := s.Request(testCtx(t), "ping", nil); err != nil {
			t.Errorf("keep=%v: ping on the new session: %v", keep, err)
		}
		s.Close()
	}
}

// Bad answers get clear errors, and the session stays usable after each.
func TestStreamableBadAnswers(t *testing.T) {
	tests := []struct {
		name   string
		handle func(*mcptest.Exchange)
		cause  Cause
		status int
	}{
		{"406", mcptest.AnswerWith("tools/list", 406, "text/plain", "Not Acceptable: Client must accept both application/json and text/event-stream"), CauseStatus, 406},
		{"415", mcptest.AnswerWith("tools/list", 415, "text/plain", "Unsupported Media Type"), CauseStatus, 415},
		{"400 text", mcptest.AnswerWith("tools/list", 400, "text/plain", "bad request"), CauseStatus, 400},
		{"400 html", mcptest.AnswerWith("tools/list", 400, "text/html", "<html><body>Bad Request</body></html>"), CauseStatus, 400},
		{"not json-rpc", mcptest.AnswerWith("tools/list", 200, "application/json", `{"hello":"world"}`), CauseNotJSONRPC, 0},
		{"neither json nor sse", mcptest.AnswerWith("tools/list", 200, "text/plain", "tools are here"), CauseBadContentType, 200},
		{"stream ends without the answer", mcptest.NoResponse("tools/list"), CauseNoResponse, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			handle := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
				tt.handle(x)
			})
			_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
			_, err := s.Request(testCtx(t), "tools/list", nil)
			var we *WireError
			if !errorsAs(err, &we) || we.Cause != tt.cause || (tt.status != 0 && we.Status != tt.status) {
				t.Fatalf("tools/list = %v, want cause %s status %d", err, tt.cause, tt.status)
			}
			if _, err := s.Request(testCtx(t), "ping", nil); err != nil {
				t.Errorf("the session is not usable after %s: %v", tt.name, err)
			}
		})
	}
	// A JSON-RPC error body on a 400 is the request's own answer.
	handle := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Fail(400, -32602, "bad params", nil)
	})
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
	resp, err := s.Request(testCtx(t), "tools/list", nil)
	if err != nil || resp.Error == nil || resp.Error.Code != -32602 {
		t.Errorf("400 with a JSON-RPC error = %v, %v; want the error as the answer", resp, err)
	}
}

// A response stream that drops before its answer is resumed with GET and
// Last-Event-ID after the retry delay; without an event store the request
// ends with that error, and what came before is kept.
func TestStreamableResumption(t *testing.T) {
	for _, tt := range []struct {
		name   string
		handle func(*mcptest.Exchange)
		store  mcptest.StoreMode
		ok     bool
	}{
		{"cut with retry", mcptest.CutMidResponse("tools/call", 50*time.Millisecond), mcptest.StoreStream, true},
		{"broken connection", mcptest.BreakMidResponse("tools/call"), mcptest.StoreStream, true},
		{"store replays every stream", mcptest.BreakMidResponse("tools/call"), mcptest.StoreAllStreams, true},
		{"no event store", mcptest.BreakMidResponse("tools/call"), mcptest.StoreNone, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := mcptest.StreamableOptions{Handle: tt.handle, Store: tt.store, EventIDs: mcptest.IDsPerStream}
			_, s, rec := dialStreamable(t, opts, Config{})
			resp, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"again"}`))
			if tt.ok {
				if err != nil || !strings.Contains(string(resp.Result), "again") {
					t.Fatalf("tools/call across a dropped stream = %v, %v", resp, err)
				}
				rec.waitFor(t, "resumed", func(r Record) bool { return r.Kind == KindState && r.State.State == StateResumed })
				g := rec.waitFor(t, "the resuming GET", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == PurposeResume })
				if http.Header(g.HTTP.RequestHeaders).Get("Last-Event-ID") == "" {
					t.Errorf("the resuming GET carried no Last-Event-ID: %v", g.HTTP.RequestHeaders)
				}
				return
			}
			if CauseOf(err) != CauseResumeFailed {
				t.Fatalf("tools/call without an event store = %v, want resume-failed", err)
			}
			rec.waitFor(t, "the log message before the drop", func(r Record) bool {
				return r.Kind == KindReceived && r.RPC.Method == "notifications/message"
			})
		})
	}
}

// Detection picks the right transport for /sse, /mcp and a bare base URL,
// and a /sse URL served by a streamable handler falls through to it.
func TestDetection(t *testing.T) {
	legacy := mcptest.New(t, mcptest.Options{})
	stream := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	onSSE := mcptest.NewStreamable(t, mcptest.StreamableOptions{Path: "/sse"})
	tests := []struct {
		url, want string
		attempts  int
	}{
		{legacy.SSEURL(), TransportSSE, 1},
		{legacy.URL, TransportSSE, 3},
		{stream.Endpoint(), TransportStreamable, 2},
		{stream.URL, TransportStreamable, 2},
		{onSSE.URL + "/sse", TransportStreamable, 3},
	}
	for _, tt := range tests {
		s := NewSession(Config{URL: tt.url})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err != nil {
			t.Errorf("%s: Connect: %v", tt.url, err)
			s.Close()
			continue
		}
		d := rec.waitFor(t, "detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
		if d.Transport != tt.want || len(d.Attempts) != tt.attempts || d.Reason == "" {
			t.Errorf("%s: detected %+v, want %s after %d probes", tt.url, d, tt.want, tt.attempts)
		}
		s.Close()
	}
}

// A server that answers server/discover, like any method, with a result
// that names no version is not taken for a 2026 server: detection goes on
// to initialize.
func TestDetectionPastAnEmptyDiscoverResult(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Lenient: true})
	s := NewSession(Config{URL: srv.Endpoint()})
	defer s.Close()
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	d := rec.waitFor(t, "detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	if d.Transport != TransportStreamable || len(d.Attempts) != 2 || !strings.Contains(d.Attempts[0].Verdict, "without supportedVersions") {
		t.Errorf("detected %+v, want streamable HTTP after the discover probe said why it is not 2026", d)
	}
}

// Cancelling a request in the 2025 eras tells the server with
// notifications/cancelled naming it; every request asks for progress under
// its own id.
func TestStreamableCancelAndProgressToken(t *testing.T) {
	srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{}, Config{})
	ctx, cancel := context.WithCancel(testCtx(t))
	done := make(chan error, 1)
	go func() { _, err := s.CallTool(ctx, "slow", []byte(`{}`)); done <- err }()
	call, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(call.Body), `"progressToken":`+string(call.ID)) {
		t.Errorf("tools/call %s carries no progressToken of its own id", call.Body)
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("cancelled call = %v", err)
	}
	n, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "notifications/cancelled" })
	if err != nil || !strings.Contains(string(n.Body), `"requestId":`+string(call.ID)) {
		t.Errorf("notifications/cancelled = %s, %v; want it to name request %s", n.Body, err, call.ID)
	}
	rec.waitFor(t, "the cancelled record", func(r Record) bool { return r.Kind == KindError && r.Error.Op == OpCancelled })
}

// A Content-Type whose parameters do not parse (a bare "charset", an
// unclosed quote) still names its media type: the answer is read as the
// JSON or the event stream it says it is, not refused as neither.
func TestContentTypeWithBrokenParameters(t *testing.T) {
	types := map[string]string{
		"tools/list": `application/json; charset`,
		"ping":       `text/event-stream; charset="utf-8`,
	}
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		ct, ok := types[x.Method]
		if !ok {
			x.Default()
			return
		}
		body := `{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[]}}`
		if strings.HasPrefix(ct, "text/event-stream") {
			body = "event: message\ndata: " + body + "\n\n"
		}
		x.Status(http.StatusOK, ct, body)
	}}, Config{})
	for method := range types {
		resp, err := s.Request(testCtx(t), method, nil)
		if err != nil || resp.Error != nil {
			t.Errorf("%s answered with Content-Type %q: %v %+v, want its answer read", method, types[method], err, resp)
		}
	}
}

// A GET stream that ends as soon as it opens, asking with "retry: 0" to be
// reconnected to at once, is reopened with a growing wait and then no more,
// not in a tight loop for the whole session; a retry of years is held to
// maxRetry.
func TestGETStreamThatEndsAtOnce(t *testing.T) {
	srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETEnds}, Config{})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "the GET stream given up", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "stopped reopening")
	})
	// The GETs of the session in use: Connect's session had its own
	// before Initialize replaced it.
	ss := srv.Sessions()
	gets := 0
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet && r.SessionID == ss[len(ss)-1].ID {
			gets++
		}
	}
	if gets != maxResume+1 {
		t.Errorf("%d GETs, want %d: the first and %d reopenings", gets, maxResume+1, maxResume)
	}
	for field, want := range map[string]time.Duration{"999999999999": maxRetry, "99999999999999999999999": maxRetry, "1500": 1500 * time.Millisecond, "0": 0} {
		if got, ok := retryOf(field, maxRetry); !ok || got != want {
			t.Errorf("retryOf(%q) = %v, %v; want %v", field, got, ok, want)
		}
	}
	if _, ok := retryOf("-1", maxRetry); ok {
		t.Errorf("retryOf(-1) is a wait, want none")
	}
}
