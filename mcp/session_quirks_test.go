package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

func TestSessionPostErrors(t *testing.T) {
	tests := []struct {
		code        int
		ctype, body string
		quoted      string // what the error quotes of body, when not body
	}{
		{400, "text/plain", "bad request: missing session", ""},
		{401, "text/plain", "unauthorized", ""},
		{404, "text/plain", "session not found", ""},
		{415, "text/plain", "unsupported media type", ""},
		// An HTML page is quoted as its text; the record keeps the page.
		{503, "text/html", "<html><body>Service Unavailable</body></html>", "HTML: Service Unavailable"},
	}
	for _, tt := range tests {
		if tt.quoted == "" {
			tt.quoted = tt.body
		}
		_, s, rec := dial(t, mcptest.Options{Handle: mcptest.ErrorStatus(tt.code, tt.ctype, tt.body)}, Config{})
		_, err := s.Request(testCtx(t), "tools/list", nil)
		var we *WireError
		if !errors.As(err, &we) || we.Cause != CauseStatus || we.Status != tt.code || !strings.Contains(we.Message, tt.quoted) {
			t.Errorf("POST answered %d: err = %v, want a status error quoting the body", tt.code, err)
			continue
		}
		e := rec.waitFor(t, "post error", func(r Record) bool { return r.Kind == KindError && r.Error.Op == OpPost })
		h := rec.waitFor(t, "post exchange", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == "post" })
		if e.Error.ReqSeq == 0 || h.HTTP.ReqSeq != e.Error.ReqSeq || string(h.HTTP.Body) != tt.body || h.HTTP.Headers["Content-Type"][0] != tt.ctype {
			t.Errorf("%d: records %+v / %+v do not tie the failure to the request with its body", tt.code, e.Error, h.HTTP)
		}
		if e.Error.Cause != CauseStatus || e.Error.Status != tt.code || e.Error.Transport != TransportSSE {
			t.Errorf("%d: error record %+v lacks the cause and status advice is chosen from", tt.code, e.Error)
		}
		if tt.code == 401 && e.Error.Header["WWW-Authenticate"] != `Bearer realm="mcp"` {
			t.Errorf("401 record %+v does not keep WWW-Authenticate", e.Error)
		}
	}
}

// A POST the server never answers ends at the request's timeout, as a
// TimeoutError: not at the caller's own deadline, nor never, and within
// 3.5s of its 1.5s wait. A loaded machine stalled one run for 9s: a run
// over that bound that did end at its own timeout is tried again, up to
// three runs, as a stall seldom comes back and a slow product is slow in
// every run.
func TestSessionHangingPostIsBounded(t *testing.T) {
	const wait, bound = 1500 * time.Millisecond, 5 * time.Second
	for run := 1; ; run++ {
		_, s, rec := dial(t, mcptest.Options{Handle: mcptest.HangingPost}, Config{RequestTimeout: wait})
		ctx, cancel := context.WithTimeout(testCtx(t), 4*bound)
		start := time.Now()
		_, err := s.Request(ctx, "tools/list", nil)
		took := time.Since(start)
		cancel()
		var te *TimeoutError
		if !errorsAs(err, &te) {
			t.Fatalf("a hanging POST with a %s timeout ended in %v after %s, want a TimeoutError", wait, err, took)
		}
		if took > bound && run < 3 {
			continue
		}
		if took > bound {
			t.Errorf("a hanging POST took %s with a %s timeout", took, wait)
		}
		rec.waitFor(t, "failure record", func(r Record) bool {
			return r.Kind == KindError && (r.Error.Op == OpPost || r.Error.Op == OpTimeout) && r.Error.ReqSeq > 0
		})
		return
	}
}

func TestSessionAnswersCollidingPings(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{Handle: mcptest.ServerPingsWithCollidingIDs, CloseIfPingUnanswered: 5 * time.Second}, Config{})
	ctx := testCtx(t)
	init, err := s.Initialize(ctx)
	if err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	// The server's ping has id 1, like our initialize: it must not be taken
	// for the answer, and it must be answered.
	if !strings.Contains(string(init.Result), "protocolVersion") {
		t.Errorf("initialize answered with %s", init.Result)
	}
	sent := rec.waitFor(t, "initialize request", func(r Record) bool { return r.Kind == KindSent && r.RPC.Method == "initialize" })
	ping := rec.waitFor(t, "server ping", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassServerRequest })
	if ping.RPC.ID != sent.RPC.ID || ping.RPC.Method != "ping" {
		t.Errorf("server request %+v does not collide with our id %s", ping.RPC, sent.RPC.ID)
	}
	reply := rec.waitFor(t, "our pong", func(r Record) bool { return r.Kind == KindSent && r.RPC.Class == ClassReply })
	if reply.RPC.ReqSeq != ping.Seq || string(reply.RPC.Raw) != `{"jsonrpc":"2.0","id":`+ping.RPC.ID+`,"result":{}}` {
		t.Errorf("reply %+v does not answer ping seq %d", reply.RPC, ping.Seq)
	}
	if _, err := srv.WaitPost(ctx, func(p mcptest.Post) bool { return p.Kind == mcptest.KindResponse }); err != nil {
		t.Fatalf("the server never got the pong: %v", err)
	}
	if _, _, err := s.ListTools(ctx, false); err != nil {
		t.Errorf("the session died after the ping: %v", err)
	}
}

func TestSessionForeignAndFieldOrder(t *testing.T) {
	handle := func(c *mcptest.Call) { c.ResultFirst(); mcptest.Broadcast(c) }
	_, s, rec := dial(t, mcptest.Options{Handle: handle}, Config{})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize with result-first answers and foreign ids: %v", err)
	}
	f := rec.waitFor(t, "foreign answer", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassForeign })
	if f.RPC.ID != "9001" || f.RPC.ReqSeq != 0 {
		t.Errorf("foreign record %+v", f.RPC)
	}
}

func TestSessionHangingPostIsNotSentTwice(t *testing.T) {
	// The preferred URL differs from the canonical one, so a careless client
	// would retry the hung POST there and run the call twice.
	srv, s, _ := dial(t, mcptest.Options{Endpoint: mcptest.EndpointMessage, Handle: mcptest.HangingPost}, Config{RequestTimeout: 1500 * time.Millisecond})
	_, err := s.Request(testCtx(t), "tools/call", []byte(`{"name":"echo","arguments":{"text":"once"}}`))
	var te *TimeoutError
	if !errors.As(err, &te) || te.Accepted || !strings.Contains(err.Error(), "the POST itself got no answer") {
		t.Errorf("err = %v, want a timeout that says the POST got no answer", err)
	}
	s.Close()
	// The notifications/cancelled that follows the timeout is a POST of
	// its own: the call is what must not go twice.
	n := 0
	for _, p := range srv.Posts() {
		if p.Method == "tools/call" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the server got the message %d times, want once", n)
	}
	if ep := s.Endpoint(); ep != nil && ep.InUse != ep.Preferred {
		t.Errorf("a hung POST switched the session to %s", ep.InUse)
	}
}

func TestSessionAnswerBefore202(t *testing.T) {
	// The answer goes out on the stream and the POST's 202 is held back
	// until the session has taken the answer: the request must complete
	// without its 202, and the 202 is still recorded when it comes.
	release := make(chan struct{})
	handle := func(c *mcptest.Call) {
		if c.Method != "tools/list" {
			c.Default()
			return
		}
		c.ReplyBefore202(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"tools":[]}}`)
		// The server's Close ends the request: a test that fails before
		// release does not hang in its cleanup on this handler.
		select {
		case <-release:
		case <-c.Request.Context().Done():
		}
	}
	_, s, rec := dial(t, mcptest.Options{Handle: handle}, Config{})
	resp, err := s.Request(testCtx(t), "tools/list", nil)
	if err != nil {
		t.Fatalf("Request: %v", err)
	}
	close(release)
	post := rec.waitFor(t, "the late 202", func(r Record) bool {
		return r.Kind == KindHTTP && r.HTTP.Purpose == "post" && r.HTTP.ReqSeq == resp.ReqSeq
	})
	if post.Seq < resp.Seq || post.HTTP.Status != 202 {
		t.Errorf("202 record seq %d status %d; answer seq %d: the 202 should be recorded after the answer", post.Seq, post.HTTP.Status, resp.Seq)
	}
}

func TestSessionBigEvent(t *testing.T) {
	const size = 10 << 20
	_, s, _ := dial(t, mcptest.Options{Handle: mcptest.BigEvent(size)}, Config{})
	resp, err := s.Request(testCtx(t), "tools/list", nil)
	if err != nil {
		t.Fatalf("a 10 MB answer: %v", err)
	}
	if len(resp.Raw) < size {
		t.Errorf("answer is %d bytes, want at least %d", len(resp.Raw), size)
	}
	if !json.Valid(resp.Result) {
		t.Error("the 10 MB result is not intact JSON")
	}
}

func TestSessionStreamClosesMidSession(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{CloseAfterMessages: 1}, Config{})
	ctx := testCtx(t)
	if _, err := s.Request(ctx, "tools/list", nil); err != nil {
		t.Fatalf("first request: %v", err)
	}
	conn, err := srv.WaitConn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	waitClosed(t, conn.Done(), "the stream closed by the server")
	rec.waitFor(t, "closed state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateClosed })
	_, err = s.Request(ctx, "tools/list", nil)
	if !IsConnectionFailure(err) || CauseOf(err) != CauseNotConnected {
		t.Errorf("a request after the stream closed = %v, want a not-connected failure", err)
	}
}

func TestSessionLateAnswer(t *testing.T) {
	release := make(chan struct{})
	handle := func(c *mcptest.Call) {
		if c.Method != "slow" {
			c.Default()
			return
		}
		c.After(func() {
			<-release
			c.ReplyBefore202(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"done":true}}`)
		})
	}
	_, s, rec := dial(t, mcptest.Options{Handle: handle}, Config{RequestTimeout: 200 * time.Millisecond})
	// Cleanups run last first: a test that fails before release lets the
	// handler go before the server's Close waits for it.
	var released sync.Once
	let := func() { released.Do(func() { close(release) }) }
	t.Cleanup(let)
	_, err := s.Request(testCtx(t), "slow", nil)
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("Request = %v, want a TimeoutError", err)
	}
	let()
	late := rec.waitFor(t, "late answer", func(r Record) bool { return r.Kind == KindReceived && r.RPC.Class == ClassLate })
	timeout := rec.waitFor(t, "timeout record", func(r Record) bool { return r.Kind == KindError && r.Error.Op == OpTimeout })
	if late.RPC.ReqSeq != timeout.Error.ReqSeq || late.RPC.ReqSeq == 0 {
		t.Errorf("late answer points at %d, the timeout at %d", late.RPC.ReqSeq, timeout.Error.ReqSeq)
	}
}

func TestSessionReconnectIsANewSession(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	ctx := testCtx(t)
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	first := s.Endpoint().SessionID
	if err := s.Reconnect(ctx); err != nil {
		t.Fatalf("Reconnect: %v", err)
	}
	if s.Endpoint().SessionID == first || s.Initialized() {
		t.Errorf("after Reconnect: session %q (was %q), initialized %v", s.Endpoint().SessionID, first, s.Initialized())
	}
	replaced := rec.waitFor(t, "session replaced", func(r Record) bool { return r.Kind == KindState && r.State.State == StateSessionReplaced })
	if !strings.Contains(replaced.State.Detail, "initialize again") {
		t.Errorf("replaced detail %q does not offer to initialize", replaced.State.Detail)
	}
	for i := 0; i < 2; i++ {
		if _, err := srv.WaitConn(ctx); err != nil {
			t.Fatalf("server saw %d streams, want 2: %v", i, err)
		}
	}
}

func TestSessionAutoReconnect(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{CloseAfterMessages: 1}, Config{Reconnect: true})
	ctx := testCtx(t)
	if _, err := s.Request(ctx, "tools/list", nil); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "session replaced after an automatic reconnect", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateSessionReplaced
	})
	for i := 0; i < 2; i++ {
		if _, err := srv.WaitConn(ctx); err != nil {
			t.Fatalf("server saw %d streams, want 2: %v", i, err)
		}
	}
}

// A legacy stream that ends as soon as it negotiated, each time, is
// reconnected to a bounded number of times, not forever.
func TestSessionAutoReconnectStopsOnStreamsThatEndAtOnce(t *testing.T) {
	srv, _, rec := dial(t, mcptest.Options{CloseAfterEndpoint: true}, Config{Reconnect: true})
	rec.waitFor(t, "the reconnects given up", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && strings.Contains(r.State.Detail, "stopped reconnecting")
	})
	if n := len(srv.Conns()); n != maxResume+1 {
		t.Errorf("the server saw %d streams, want %d: the first and %d reconnects", n, maxResume+1, maxResume)
	}
}

func TestSessionBeforeInitError(t *testing.T) {
	_, s, _ := dial(t, mcptest.Options{Handle: mcptest.ErrorCode0BeforeInit}, Config{})
	resp, err := s.Request(testCtx(t), "tools/list", nil)
	if err != nil || resp.Error == nil || resp.Error.Code != 0 {
		t.Errorf("tools/list before initialize = %+v, %v; want a JSON-RPC error with code 0", resp, err)
	}
}

// On a bridge that broadcasts every answer to every session, two sessions'
// ids must not collide: each keeps only its own answers.
func TestSessionsOnABroadcastingBridge(t *testing.T) {
	srv, a, recA := dial(t, mcptest.Options{Handle: mcptest.Broadcast}, Config{})
	b := NewSession(Config{URL: srv.URL})
	recB := collect(b)
	defer b.Close()
	ctx := testCtx(t)
	if err := b.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	ra, err := a.Request(ctx, "tools/list", nil)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := b.Request(ctx, "tools/list", nil)
	if err != nil {
		t.Fatal(err)
	}
	sentA := recA.waitFor(t, "A's request", func(r Record) bool { return r.Seq == ra.ReqSeq })
	sentB := recB.waitFor(t, "B's request", func(r Record) bool { return r.Seq == rb.ReqSeq })
	if sentA.RPC.ID == sentB.RPC.ID {
		t.Fatalf("both sessions used id %s", sentA.RPC.ID)
	}
	recB.waitFor(t, "A's answer seen by B as foreign", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Class == ClassForeign && r.RPC.ID == sentA.RPC.ID
	})
}

func TestSessionSurvivesMalformedMessages(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	// Cut-off JSON, the last byte a backslash, and a batch of it: each is
	// logged as invalid and the session carries on.
	for _, bad := range []string{`{"id":"\`, `{"a\`, `[{"id":1,"result":"\`} {
		if err := conn.Message(bad); err != nil {
			t.Fatal(err)
		}
	}
	rec.waitFor(t, "the cut-off message logged as invalid", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Class == ClassInvalid && string(r.RPC.Raw) == `{"a\`
	})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize after malformed messages: %v", err)
	}
}

// Some servers answer a legacy POST in its body instead of on the stream.
// The answer is taken from there at once (it used to wait out the timeout
// and say no answer came), and its record says where it came.
func TestLegacyAnswerInThePostBody(t *testing.T) {
	_, s, rec := dial(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/list" {
			c.Default()
			return
		}
		c.Status(200, "application/json", `{"jsonrpc":"2.0","id":`+string(c.ID)+`,"result":{"tools":[]}}`)
	}}, Config{RequestTimeout: time.Minute})
	resp, err := s.Request(testCtx(t), "tools/list", nil)
	if err != nil || resp == nil || resp.Error != nil {
		t.Fatalf("tools/list answered in the POST's body: %v %+v", err, resp)
	}
	got := rec.waitFor(t, "the answer's record", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Class == ClassResponse && r.RPC.ReqSeq == resp.ReqSeq
	})
	if got.RPC.Stream != StreamJSON {
		t.Errorf("the answer is recorded as from stream %q, want %q: it came in the POST's body", got.RPC.Stream, StreamJSON)
	}
}
