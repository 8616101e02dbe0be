package mcptest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestServerPingsWithCollidingIDsAnswered(t *testing.T) {
	srv, st, url := session(t, Options{Handle: ServerPingsWithCollidingIDs, CloseIfPingUnanswered: time.Minute})
	if got := roundTrip(t, st, url, initialize); !strings.Contains(got, `"serverInfo"`) {
		t.Fatalf("first message = %s, want the initialize result", got)
	}
	if got, want := st.message(), `{"jsonrpc":"2.0","id":1,"method":"ping"}`; got != want {
		t.Fatalf("second message = %s, want %s", got, want)
	}
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := conn.PendingPings(); got != 1 {
		t.Errorf("PendingPings before the answer = %d, want 1", got)
	}
	if got := post(t, url, `{"jsonrpc":"2.0","id":1,"result":null}`); got.status != http.StatusAccepted {
		t.Fatalf("answering the ping = %d, want 202", got.status)
	}
	if got := conn.PendingPings(); got != 0 {
		t.Errorf("PendingPings after the answer = %d, want 0", got)
	}
	p, err := srv.WaitPost(waitCtx(t), func(p Post) bool { return p.Kind == KindResponse })
	if err != nil {
		t.Fatal(err)
	}
	if string(p.ID) != "1" || p.Status != http.StatusAccepted {
		t.Errorf("response Post id %s status %d, want id 1 status 202", p.ID, p.Status)
	}
}

func TestUnansweredPingClosesStream(t *testing.T) {
	srv, st, url := session(t, Options{Handle: ServerPingsWithCollidingIDs, CloseIfPingUnanswered: 20 * time.Millisecond})
	roundTrip(t, st, url, initialize)
	if got, want := st.message(), `{"jsonrpc":"2.0","id":1,"method":"ping"}`; got != want {
		t.Fatalf("second message = %s, want %s", got, want)
	}
	st.eof()
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	<-conn.Done()
	if got := post(t, url, `{"jsonrpc":"2.0","id":1,"result":{}}`); got.status != http.StatusNotFound {
		t.Errorf("POST after the stream closed = %d, want 404", got.status)
	}
}

func TestBroadcast(t *testing.T) {
	srv, a, urlA := session(t, Options{Handle: Broadcast})
	b := openStream(t, srv.SSEURL(), nil)
	b.endpoint()
	for range 2 {
		if _, err := srv.WaitConn(waitCtx(t)); err != nil {
			t.Fatal(err)
		}
	}
	roundTrip := func(id string) {
		if got := post(t, urlA, `{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`); got.status != http.StatusAccepted {
			t.Fatalf("POST = %d, want 202", got.status)
		}
	}
	roundTrip("5")
	roundTrip("6")
	foreign := `,"result":{"content":[{"type":"text","text":"an answer meant for another session"}]}}`
	wantA := []string{
		`{"jsonrpc":"2.0","id":9001` + foreign, `{"jsonrpc":"2.0","id":5,"result":{}}`,
		`{"jsonrpc":"2.0","id":9002` + foreign, `{"jsonrpc":"2.0","id":6,"result":{}}`,
	}
	for i, want := range wantA {
		if got := a.message(); got != want {
			t.Errorf("session A message %d = %s, want %s", i, got, want)
		}
	}
	for i, want := range []string{`{"jsonrpc":"2.0","id":5,"result":{}}`, `{"jsonrpc":"2.0","id":6,"result":{}}`} {
		if got := b.message(); got != want {
			t.Errorf("session B message %d = %s, want %s", i, got, want)
		}
	}
}

func TestReplyBefore202(t *testing.T) {
	release := make(chan struct{})
	_, st, url := session(t, Options{Handle: func(c *Call) {
		ReplyBefore202(c)
		// The server's Close ends the request: a test that fails before
		// release does not hang in its cleanup on this handler.
		select {
		case <-release:
		case <-c.Request.Context().Done():
		}
	}})
	posted := make(chan answer, 1)
	go func() {
		a, _ := tryPost(context.Background(), url, `{"jsonrpc":"2.0","id":3,"method":"ping"}`, http.Header{"Content-Type": {"application/json"}})
		posted <- a
	}()
	if got, want := st.message(), `{"jsonrpc":"2.0","id":3,"result":{}}`; got != want {
		t.Errorf("message = %s, want %s", got, want)
	}
	select {
	case a := <-posted:
		t.Fatalf("POST answered %d before the handler finished", a.status)
	default:
	}
	close(release)
	if a := <-posted; a.status != http.StatusAccepted {
		t.Errorf("POST = %d, want 202", a.status)
	}
}

func TestErrorStatus(t *testing.T) {
	tests := []struct {
		code      int
		ctype     string
		body      string
		wantCType string
		wantAuth  string
	}{
		{400, "text/plain", "bad request", "text/plain", ""},
		{401, "", "", "", `Bearer realm="mcp"`},
		{404, "", "not here", "", ""},
		{415, "text/plain; charset=utf-8", "need JSON\n", "text/plain; charset=utf-8", ""},
		{503, "text/html", "<html><body>Service Unavailable</body></html>", "text/html", ""},
	}
	for _, tt := range tests {
		srv, st, url := session(t, Options{Handle: ErrorStatus(tt.code, tt.ctype, tt.body)})
		got := post(t, url, initialize)
		if got.status != tt.code || got.body != tt.body || got.header.Get("Content-Type") != tt.wantCType ||
			got.header.Get("WWW-Authenticate") != tt.wantAuth {
			t.Errorf("ErrorStatus(%d) answer = %d %q type %q auth %q, want %d %q type %q auth %q", tt.code,
				got.status, got.body, got.header.Get("Content-Type"), got.header.Get("WWW-Authenticate"),
				tt.code, tt.body, tt.wantCType, tt.wantAuth)
		}
		conn, err := srv.WaitConn(waitCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		if err := conn.Message("marker"); err != nil {
			t.Fatal(err)
		}
		if got := st.message(); got != "marker" {
			t.Errorf("ErrorStatus(%d) wrote %s on the stream, want nothing", tt.code, got)
		}
	}
}

func TestBigEventArrivesWhole(t *testing.T) {
	const n = 10 << 20
	_, st, url := session(t, Options{Handle: BigEvent(n)})
	got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}`)
	want := `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", n) + `"}]}}`
	if got != want {
		t.Errorf("big message: %d bytes starting %q, want %d bytes", len(got), truncate(got), len(want))
	}
}

func TestCloseAfterMessages(t *testing.T) {
	_, st, url := session(t, Options{CloseAfterMessages: 1})
	roundTrip(t, st, url, initialize)
	st.eof()
}

func TestFieldOrder(t *testing.T) {
	_, st, url := session(t, Options{Handle: FieldOrder})
	if got, want := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":3,"method":"ping"}`), `{"result":{},"jsonrpc":"2.0","id":3}`; got != want {
		t.Errorf("reply = %s, want %s", got, want)
	}
	if got, want := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":4,"method":"nope"}`), `{"error":{"code":-32601,"message":"method not found"},"jsonrpc":"2.0","id":4}`; got != want {
		t.Errorf("reply = %s, want %s", got, want)
	}
}

func TestErrorCode0BeforeInit(t *testing.T) {
	_, st, url := session(t, Options{Handle: ErrorCode0BeforeInit})
	list := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	if got, want := roundTrip(t, st, url, list), `{"jsonrpc":"2.0","id":2,"error":{"code":0,"message":"session not initialized: send initialize first"}}`; got != want {
		t.Errorf("tools/list before initialize = %s, want %s", got, want)
	}
	roundTrip(t, st, url, initialize)
	if got := roundTrip(t, st, url, list); !strings.Contains(got, `"result":{"tools":[`) {
		t.Errorf("tools/list after initialize = %s, want a result", got)
	}
}

func TestUnknownMethod400(t *testing.T) {
	_, st, url := session(t, Options{Handle: UnknownMethod400})
	got := post(t, url, `{"jsonrpc":"2.0","id":8,"method":"prompts/list"}`)
	if got.status != 400 || got.header.Get("Content-Type") != "text/plain; charset=utf-8" || got.body != "method not found: \"prompts/list\" unsupported\n" {
		t.Errorf("POST = %d %q %q, want 400 text/plain", got.status, got.header.Get("Content-Type"), got.body)
	}
	if got, want := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":9,"method":"ping"}`), `{"jsonrpc":"2.0","id":9,"result":{}}`; got != want {
		t.Errorf("next message = %s, want %s (nothing for the 400)", got, want)
	}
}

func TestListChanged(t *testing.T) {
	srv, st, url := session(t, Options{Handle: ListChanged})
	if got := post(t, url, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); got.status != http.StatusAccepted {
		t.Fatalf("POST = %d, want 202", got.status)
	}
	if got, want := st.message(), `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`; got != want {
		t.Errorf("message = %s, want %s", got, want)
	}
	tools := srv.Tools()
	if got := tools[len(tools)-1].Name; got != "fetch" {
		t.Errorf("last tool = %q, want fetch", got)
	}
	if got := roundTrip(t, st, url, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); !strings.Contains(got, `"name":"fetch"`) {
		t.Errorf("tools/list = %s, want fetch in it", got)
	}
}

func TestKeepAlives(t *testing.T) {
	_, st, url := session(t, Options{Handle: KeepAlives})
	if got := post(t, url, `{"jsonrpc":"2.0","id":1,"method":"ping"}`); got.status != http.StatusAccepted {
		t.Fatalf("POST = %d, want 202", got.status)
	}
	for _, want := range []string{": ping\n\n", "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n", ": ping\n\n"} {
		if got := st.event(); got != want {
			t.Errorf("event = %q, want %q", got, want)
		}
	}
}

func TestTimedPingsAndKeepAlives(t *testing.T) {
	srv, st, _ := session(t, Options{PingEvery: 5 * time.Millisecond, KeepAliveEvery: 5 * time.Millisecond, KeepAlive: ":\n\n"})
	seen := map[string]bool{}
	for i := 0; i < 100 && len(seen) < 2; i++ {
		ev := st.event()
		switch {
		case ev == ":\n\n":
			seen["keepalive"] = true
		case ev == "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\n":
			seen["first ping"] = true
		}
	}
	if !seen["keepalive"] || !seen["first ping"] {
		t.Errorf("saw %v, want a keep-alive and the ping with id 1", seen)
	}
	if conn := srv.Conns()[0]; conn.PendingPings() == 0 {
		t.Error("PendingPings = 0, want the unanswered timed pings")
	}
}
