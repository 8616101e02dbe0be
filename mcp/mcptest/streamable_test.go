package mcptest

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
)

const initResult = `{"capabilities":{"logging":{},"prompts":{"listChanged":true},"resources":{"listChanged":true},"tools":{"listChanged":true}},` +
	`"protocolVersion":"2025-11-25","serverInfo":{"name":"fake","version":"1.0"}}`

func TestStreamableInitializeBytes(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID})
	resp := send(t, context.Background(), http.MethodPost, srv.Endpoint(), streamHeader("", ""), initialize2025)
	wantStatus(t, resp, http.StatusOK, "text/event-stream")
	want(t, "Mcp-Session-Id", resp.Header.Get("Mcp-Session-Id"), "ID1")
	want(t, "initialize answer", readBody(t, resp), "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"+initResult+"}\n\n")

	sess, err := srv.WaitSession(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	want(t, "ProtocolVersion", sess.ProtocolVersion(), "2025-11-25")
	if got := call(t, srv, "ID1", `{"jsonrpc":"2.0","method":"notifications/initialized"}`); got.StatusCode != http.StatusAccepted {
		t.Errorf("notifications/initialized = %d, want 202", got.StatusCode)
	}
	if !sess.Initialized() {
		t.Error("Initialized() = false after notifications/initialized")
	}
}

func TestStreamableNegotiatesVersions(t *testing.T) {
	for _, tt := range []struct{ asked, want string }{
		{"2025-03-26", "2025-03-26"}, {"2025-06-18", "2025-06-18"}, {"2024-11-05", "2025-11-25"}, {"2099-01-01", "2025-11-25"},
	} {
		srv := NewStreamable(t, StreamableOptions{})
		body := strings.Replace(initialize2025, "2025-11-25", tt.asked, 1)
		resp := send(t, context.Background(), http.MethodPost, srv.Endpoint(), streamHeader("", ""), body)
		if got := readBody(t, resp); !strings.Contains(got, `"protocolVersion":"`+tt.want+`"`) {
			t.Errorf("initialize asking %s = %s, want version %s", tt.asked, got, tt.want)
		}
	}
}

func TestStreamableAnswerModes(t *testing.T) {
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	tests := []struct {
		name     string
		opts     StreamableOptions
		wantType string
		wantBody string
	}{
		{"sse by default", StreamableOptions{}, "text/event-stream", "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n"},
		{"json", StreamableOptions{Answer: AnswerJSON}, "application/json", `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"json for ping", StreamableOptions{AnswerFor: map[string]AnswerMode{"ping": AnswerJSON}}, "application/json", `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"sse for ping", StreamableOptions{Answer: AnswerJSON, AnswerFor: map[string]AnswerMode{"ping": AnswerSSE}}, "text/event-stream",
			"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n"},
		{"json per call", StreamableOptions{Handle: func(x *Exchange) { x.JSON(); x.Default() }}, "application/json", `{"jsonrpc":"2.0","id":2,"result":{}}`},
		{"priming", StreamableOptions{Priming: true}, "text/event-stream",
			"id: s2_1\ndata: \n\nevent: message\nid: s2_2\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n"},
		{"numeric ids", StreamableOptions{EventIDs: IDsNumeric}, "text/event-stream",
			"event: message\nid: 2\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := NewStreamable(t, tt.opts)
			resp := call(t, srv, open(t, srv), ping)
			wantStatus(t, resp, http.StatusOK, tt.wantType)
			want(t, "ping answer", readBody(t, resp), tt.wantBody)
		})
	}
}

func TestStreamableTransportErrors(t *testing.T) {
	jsonOnly := hdr("Content-Type", "application/json", "Accept", "application/json")
	tests := []struct {
		name       string
		opts       StreamableOptions
		method     string
		header     func(id string) http.Header
		body       string
		wantStatus int
		wantType   string
		wantBody   string
	}{
		{"no content type", StreamableOptions{}, "POST", func(id string) http.Header { return hdr("Accept", "application/json, text/event-stream") },
			`{}`, 415, textPlain, "Unsupported Media Type: Content-Type must be application/json\n"},
		{"accept lacks sse", StreamableOptions{}, "POST", func(string) http.Header { return jsonOnly },
			initialize2025, 406, textPlain, "Not Acceptable: Client must accept both application/json and text/event-stream\n"},
		{"accept lacks sse, go sdk status", StreamableOptions{AcceptStatus: 400}, "POST", func(string) http.Header { return jsonOnly },
			initialize2025, 400, textPlain, "Not Acceptable: Client must accept both application/json and text/event-stream\n"},
		{"no session", StreamableOptions{}, "POST", func(string) http.Header { return streamHeader("", "") },
			`{"jsonrpc":"2.0","id":2,"method":"ping"}`, 400, textPlain, "Bad Request: Mcp-Session-Id header is required\n"},
		{"unknown session", StreamableOptions{}, "POST", func(string) http.Header { return streamHeader("nope", "") },
			`{"jsonrpc":"2.0","id":2,"method":"ping"}`, 404, textPlain, "session not found\n"},
		{"unknown session, typescript shape", StreamableOptions{Gone: Gone400JSONRPC}, "POST", func(string) http.Header { return streamHeader("nope", "") },
			`{"jsonrpc":"2.0","id":2,"method":"ping"}`, 400, "application/json",
			`{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}`},
		{"version differs", StreamableOptions{}, "POST", func(id string) http.Header { return streamHeader(id, "2025-06-18") },
			`{"jsonrpc":"2.0","id":2,"method":"ping"}`, 400, textPlain, "Bad Request: Unsupported protocol version: 2025-06-18 (negotiated 2025-11-25)\n"},
		{"version required", StreamableOptions{RequireProtocolVersion: true}, "POST", func(id string) http.Header { return streamHeader(id, "") },
			`{"jsonrpc":"2.0","id":2,"method":"ping"}`, 400, textPlain, "Bad Request: MCP-Protocol-Version header is required\n"},
		{"stateful refuses 2026", StreamableOptions{RejectModern: true}, "POST", func(string) http.Header {
			h := streamHeader("", "2026-07-28")
			h.Set("Mcp-Method", "server/discover")
			return h
		}, `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`,
			400, "application/json", `{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"protocol version \"2026-07-28\" is not supported by this stateful server",` +
				`"data":{"requested":"2026-07-28","supported":["2025-03-26","2025-06-18","2025-11-25"]}}}`},
		{"discover without session", StreamableOptions{}, "POST", func(string) http.Header { return streamHeader("", "2026-07-28") },
			`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`, 400, textPlain, "Bad Request: Mcp-Session-Id header is required\n"},
		{"put", StreamableOptions{}, "PUT", func(id string) http.Header { return streamHeader(id, "") }, ``, 405, textPlain, "Method Not Allowed\n"},
		{"no get stream", StreamableOptions{GET: GETNone}, "GET", func(id string) http.Header { return hdr("Accept", "text/event-stream", "Mcp-Session-Id", id) },
			``, 405, textPlain, "Method Not Allowed: this server offers no GET stream\n"},
		{"get without sse", StreamableOptions{}, "GET", func(id string) http.Header { return hdr("Accept", "application/json", "Mcp-Session-Id", id) },
			``, 406, textPlain, "Not Acceptable: Client must accept text/event-stream\n"},
		{"get replay unsupported", StreamableOptions{EventIDs: IDsPerStream}, "GET", func(id string) http.Header {
			return hdr("Accept", "text/event-stream", "Mcp-Session-Id", id, "Last-Event-ID", "s1_1")
		}, ``, 400, textPlain, "stream replay unsupported\n"},
		{"delete refused", StreamableOptions{Delete: Delete405}, "DELETE", func(id string) http.Header { return hdr("Mcp-Session-Id", id) },
			``, 405, textPlain, "Method Not Allowed: sessions cannot be ended by the client\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := NewStreamable(t, tt.opts)
			id := open(t, srv)
			resp := send(t, context.Background(), tt.method, srv.Endpoint(), tt.header(id), tt.body)
			wantStatus(t, resp, tt.wantStatus, tt.wantType)
			want(t, "body", readBody(t, resp), tt.wantBody)
			last := ended(t, srv.WaitRequest, 2)
			if last.Status != tt.wantStatus || !last.Ended {
				t.Errorf("recorded Status %d Ended %v, want %d true", last.Status, last.Ended, tt.wantStatus)
			}
		})
	}
}

func TestStreamableGETAllowHeader(t *testing.T) {
	for _, tt := range []struct {
		del  DeleteMode
		want string
	}{{Delete204, "POST, DELETE"}, {Delete405, "POST"}} {
		srv := NewStreamable(t, StreamableOptions{GET: GETNone, Delete: tt.del})
		resp := send(t, context.Background(), http.MethodGet, srv.Endpoint(), hdr("Accept", "text/event-stream", "Mcp-Session-Id", open(t, srv)), "")
		want(t, "Allow", resp.Header.Get("Allow"), tt.want)
	}
}

func TestStreamableRecordsRequests(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID})
	open(t, srv)
	readBody(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
	r, err := srv.WaitRequest(waitCtx(t), func(r Request) bool { return r.Is("tools/list") && r.Ended })
	if err != nil {
		t.Fatal(err)
	}
	if r.Seq != 2 || r.SessionID != "ID1" || r.Header.Get("MCP-Protocol-Version") != "2025-11-25" ||
		string(r.ID) != "2" || r.Kind != KindRequest || r.Status != 200 || r.ContentType != "text/event-stream" || r.Answered != 2 {
		t.Errorf("recorded %+v, want seq 2, session ID1, version header, id 2, a request answered 200 SSE second", r)
	}
}

func TestStreamableProgressAndLogBeforeResult(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID})
	open(t, srv)
	st := events(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"steps","arguments":{"n":2},"_meta":{"progressToken":"p"}}}`))
	for i, w := range []string{
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"message":"step 1","progress":1,"progressToken":"p","total":2}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"message":"step 2","progress":2,"progressToken":"p","total":2}}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"did 2 steps","level":"info","logger":"fake"}}`,
		`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done 2 steps"}]}}`,
	} {
		want(t, "event "+string(rune('1'+i)), st.message(), w)
	}
	st.eof()
}

func TestStreamableServerRequestOnResponseStream(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID})
	open(t, srv)
	st := events(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{"method":"roots/list","params":{}}}}`))
	want(t, "server request", st.message(), `{"jsonrpc":"2.0","id":1,"method":"roots/list","params":{}}`)
	reply := `{"jsonrpc":"2.0","id":1,"result":{"roots":[{"uri":"file:///a"}]}}`
	if resp := call(t, srv, "ID1", reply); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("POST reply = %d, want 202", resp.StatusCode)
	}
	want(t, "tool text", resultText(t, st.message()), reply)
	st.eof()
}

func TestStreamablePingBeforeAnswer(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Handle: PingBeforeAnswer("tools/list")})
	open(t, srv)
	st := events(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
	want(t, "server ping", st.message(), `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	sess := srv.Sessions()[0]
	if n := sess.PendingRequests(); n != 1 {
		t.Errorf("PendingRequests() = %d before the reply, want 1", n)
	}
	call(t, srv, "ID1", `{"jsonrpc":"2.0","id":1,"result":{}}`)
	if got := st.message(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo"`) {
		t.Errorf("answer after the ping = %s, want the tools", truncate(got))
	}
}

func TestStreamableSwapAnswers(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Handle: SwapAnswers("tools/call")})
	open(t, srv)
	first := events(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"first"}}}`))
	second := events(t, call(t, srv, "ID1", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"second"}}}`))
	want(t, "second stream", resultText(t, second.message()), "second")
	want(t, "first stream", resultText(t, first.message()), "first")
	if a, b := ended(t, srv.WaitRequest, 2).Answered, ended(t, srv.WaitRequest, 3).Answered; a <= b {
		t.Errorf("first request answered #%d, second #%d: want the second answered first", a, b)
	}
}

func TestStreamableNoBytesUntilFirstEvent(t *testing.T) {
	gate := make(chan struct{})
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Handle: func(x *Exchange) {
		if x.Method == "tools/list" {
			select {
			case <-gate:
			case <-x.Context().Done():
				return
			}
		}
		x.Default()
	}})
	open(t, srv)
	answered := make(chan *http.Response, 1)
	go func() { answered <- call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`) }()
	r, err := srv.WaitRequest(waitCtx(t), func(r Request) bool { return r.Is("tools/list") })
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != 0 {
		t.Fatalf("status %d went out before the first event, want none", r.Status)
	}
	close(gate)
	resp := <-answered
	if got := events(t, resp).message(); !strings.Contains(got, `"tools"`) {
		t.Errorf("first event = %s, want the tools", truncate(got))
	}
}

func TestStreamableBadAnswers(t *testing.T) {
	tests := []struct {
		name     string
		handle   func(*Exchange)
		status   int
		wantType string
		wantBody string
	}{
		{"text", AnswerWith("tools/list", 400, textPlain, "bad request\n"), 400, textPlain, "bad request\n"},
		{"html", AnswerWith("", 503, "text/html", "<html>down</html>"), 503, "text/html", "<html>down</html>"},
		{"json-rpc error", AnswerWith("", 400, "application/json", `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"no"}}`),
			400, "application/json", `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"no"}}`},
		{"json, not json-rpc", AnswerWith("", 200, "application/json", `{"hello":"world"}`), 200, "application/json", `{"hello":"world"}`},
		{"neither json nor sse", AnswerWith("", 200, "text/plain", "ok"), 200, "text/plain", "ok"},
		{"sse with no response", NoResponse("tools/list"), 200, "text/event-stream", ""},
		{"handler answers nothing", func(x *Exchange) {
			if x.Method != "tools/list" {
				x.Default()
			}
		}, 200, "text/event-stream", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Handle: tt.handle})
			open(t, srv)
			resp := call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
			wantStatus(t, resp, tt.status, tt.wantType)
			want(t, "body", readBody(t, resp), tt.wantBody)
		})
	}
}

func TestStreamableSessionExpiry(t *testing.T) {
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	t.Run("after n requests", func(t *testing.T) {
		srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, ExpireAfter: 2})
		open(t, srv)
		for i := range 2 {
			if resp := call(t, srv, "ID1", ping); resp.StatusCode != http.StatusOK {
				t.Fatalf("request %d = %d, want 200", i+1, resp.StatusCode)
			}
		}
		resp := call(t, srv, "ID1", ping)
		wantStatus(t, resp, http.StatusNotFound, textPlain)
		if sess := srv.Sessions()[0]; !sess.Gone() || sess.Deleted() {
			t.Errorf("Gone %v Deleted %v, want an expired session", sess.Gone(), sess.Deleted())
		}
	})
	t.Run("on demand, typescript shape", func(t *testing.T) {
		srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Gone: Gone400JSONRPC})
		open(t, srv)
		sess, err := srv.WaitSession(waitCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		sess.Expire()
		resp := call(t, srv, "ID1", ping)
		wantStatus(t, resp, http.StatusBadRequest, "application/json")
		want(t, "body", readBody(t, resp), `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}`)
		select {
		case <-sess.Done():
		default:
			t.Error("Done() is open after Expire")
		}
	})
}

func TestStreamableDelete(t *testing.T) {
	for _, tt := range []struct {
		mode   DeleteMode
		status int
	}{{Delete204, 204}, {Delete200, 200}} {
		srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Delete: tt.mode})
		open(t, srv)
		resp := send(t, context.Background(), http.MethodDelete, srv.Endpoint(), hdr("Mcp-Session-Id", "ID1"), "")
		if resp.StatusCode != tt.status || readBody(t, resp) != "" {
			t.Errorf("DELETE = %d, want %d with no body", resp.StatusCode, tt.status)
		}
		if !srv.Sessions()[0].Deleted() {
			t.Error("Deleted() = false after DELETE")
		}
		if resp := call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"ping"}`); resp.StatusCode != http.StatusNotFound {
			t.Errorf("POST after DELETE = %d, want 404", resp.StatusCode)
		}
	}
}

func TestStreamableGETStream(t *testing.T) {
	get := func(t *testing.T, srv *StreamableServer) *http.Response {
		return send(t, context.Background(), http.MethodGet, srv.Endpoint(), hdr("Accept", "text/event-stream", "Mcp-Session-Id", "ID1"), "")
	}
	t.Run("ok at once", func(t *testing.T) {
		srv := NewStreamable(t, StreamableOptions{SessionID: fixedID})
		open(t, srv)
		st := events(t, get(t, srv))
		want(t, "first bytes", st.event(), ": ok\n\n")
	})
	t.Run("silent, then messages", func(t *testing.T) {
		srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, GET: GETSilent})
		open(t, srv)
		sess := srv.Sessions()[0]
		if err := sess.Notify("notifications/tools/list_changed", nil); err != ErrNoStream {
			t.Errorf("Notify with no GET stream = %v, want ErrNoStream", err)
		}
		st := events(t, get(t, srv))
		if err := sess.WaitGET(waitCtx(t)); err != nil {
			t.Fatal(err)
		}
		second := get(t, srv)
		wantStatus(t, second, http.StatusConflict, textPlain)
		want(t, "second GET", readBody(t, second), "Conflict: Only one SSE stream is allowed per session\n")

		srv.AddTool(FetchTool())
		want(t, "list_changed", st.message(), `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
		pinged := make(chan error, 1)
		go func() { pinged <- sess.Ping(waitCtx(t)) }()
		want(t, "server ping", st.message(), `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		call(t, srv, "ID1", `{"jsonrpc":"2.0","id":1,"result":{}}`)
		if err := <-pinged; err != nil {
			t.Errorf("Ping() = %v after the reply", err)
		}
		sess.CloseGET()
		st.eof()
	})
}

func TestStreamableCloseReleasesHandlers(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, Handle: func(x *Exchange) {
		if x.Method == "tools/call" {
			defer wg.Done()
		}
		x.Default()
	}})
	open(t, srv)
	done := make(chan struct{})
	go func() {
		defer close(done)
		// The answer is cut short by Close; only its end matters.
		_, _ = tryPost(context.Background(), srv.Endpoint(), `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`, streamHeader("ID1", "2025-11-25"))
	}()
	if _, err := srv.WaitRequest(waitCtx(t), func(r Request) bool { return r.Is("tools/call") && r.Status == 200 }); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	wg.Wait()
	<-done
	if _, err := srv.WaitSession(context.Background()); err != nil {
		t.Errorf("WaitSession after Close = %v, want the session made before", err)
	}
	if _, err := srv.WaitSession(context.Background()); err != ErrClosed {
		t.Errorf("second WaitSession after Close = %v, want ErrClosed", err)
	}
}

func TestStreamableSessionIDShapes(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{})
	if id := open(t, srv); !regexp.MustCompile(`^[A-Z2-7]{26}$`).MatchString(id) {
		t.Errorf("session id %q, want 26 base32 characters", id)
	}
	srv = NewStreamable(t, StreamableOptions{NoSessionID: true})
	resp := send(t, context.Background(), http.MethodPost, srv.Endpoint(), streamHeader("", ""), initialize2025)
	if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
		t.Errorf("NoSessionID answered Mcp-Session-Id %q", id)
	}
	readBody(t, resp)
	if resp := call(t, srv, "", `{"jsonrpc":"2.0","id":2,"method":"ping"}`); resp.StatusCode != http.StatusOK {
		t.Errorf("ping without a session id = %d, want 200", resp.StatusCode)
	}
}

func TestStreamableCancelledNotification(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID})
	open(t, srv)
	slow := call(t, srv, "ID1", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`)
	wantStatus(t, slow, http.StatusOK, "text/event-stream")
	if resp := call(t, srv, "ID1", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user"}}`); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("notifications/cancelled = %d, want 202", resp.StatusCode)
	}
	want(t, "cancelled stream", readBody(t, slow), "")
	if r := ended(t, srv.WaitRequest, 2); !r.Cancelled || r.Answered != 0 {
		t.Errorf("cancelled call recorded Cancelled %v Answered %d, want cancelled, never answered", r.Cancelled, r.Answered)
	}
}
