package mcptest

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

func fixedID() string { return "ID1" }

func TestEndpointEventBytes(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want func(base string) string
	}{
		{"default", Options{}, func(string) string { return "event: endpoint\ndata: /sse?sessionid=ID1\n\n" }},
		{"sse path", Options{SSEPath: "/events"}, func(string) string { return "event: endpoint\ndata: /events?sessionid=ID1\n\n" }},
		{"query", Options{Endpoint: EndpointQuery}, func(string) string { return "event: endpoint\ndata: ?sessionid=ID1\n\n" }},
		{"message", Options{Endpoint: EndpointMessage}, func(string) string { return "event: endpoint\ndata: /message?sessionId=ID1\n\n" }},
		{"python", Options{Endpoint: EndpointPython}, func(string) string { return "event: endpoint\ndata: /messages/?session_id=ID1\n\n" }},
		{"absolute", Options{Endpoint: EndpointAbsolute}, func(base string) string {
			return "event: endpoint\ndata: " + base + "/message?sessionId=ID1\n\n"
		}},
		{"crlf no space", Options{EndpointRaw: CRLFNoSpace}, func(string) string { return "event: endpoint\r\ndata:/sse?sessionid=ID1\r\n\r\n" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.SessionID = fixedID
			srv := New(t, tt.opts)
			st := openStream(t, srv.SSEURL(), nil)
			if got, want := st.event(), tt.want(srv.URL); got != want {
				t.Errorf("endpoint event = %q, want %q", got, want)
			}
		})
	}
}

func TestStreamHeadersAndDefaultSessionID(t *testing.T) {
	srv := New(t, Options{})
	st := openStream(t, srv.SSEURL(), nil)
	for _, h := range []struct{ key, want string }{
		{"Content-Type", "text/event-stream"},
		{"Cache-Control", "no-cache"},
	} {
		if got := st.resp.Header.Get(h.key); got != h.want {
			t.Errorf("GET header %s = %q, want %q", h.key, got, h.want)
		}
	}
	ev := st.event()
	if !regexp.MustCompile(`^event: endpoint\ndata: /sse\?sessionid=[A-Z2-7]{26}\n\n$`).MatchString(ev) {
		t.Errorf("endpoint event = %q, want the Go SDK's shape with a 26-character base32 id", ev)
	}
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := conn.Endpoint, strings.TrimSuffix(strings.TrimPrefix(ev, "event: endpoint\ndata: "), "\n\n"); got != want {
		t.Errorf("Conn.Endpoint = %q, want %q", got, want)
	}
	if got, want := conn.Header.Get("Accept"), "text/event-stream"; got != want {
		t.Errorf("Conn.Header Accept = %q, want %q", got, want)
	}
}

func TestSessionIDShapes(t *testing.T) {
	tests := []struct {
		name string
		f    func() string
		re   string
	}{
		{"uuid", SessionUUID, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`},
		{"hex", SessionHex, `^[0-9a-f]{32}$`},
	}
	for _, tt := range tests {
		if got := tt.f(); !regexp.MustCompile(tt.re).MatchString(got) {
			t.Errorf("%s id = %q, want a match for %s", tt.name, got, tt.re)
		}
	}
}

func TestPostRoutesEverySessionSpelling(t *testing.T) {
	tests := []struct {
		endpoint  EndpointFunc
		wantParam string
		canonical bool
	}{
		{nil, "sessionid", true},
		{EndpointMessage, "sessionId", false},
		{EndpointPython, "session_id", false},
		{EndpointAbsolute, "sessionId", false},
	}
	for _, tt := range tests {
		srv := New(t, Options{Endpoint: tt.endpoint})
		st := openStream(t, srv.SSEURL(), nil)
		url := st.endpoint()
		if got := post(t, url, `{"jsonrpc":"2.0","id":7,"method":"ping"}`); got.status != http.StatusAccepted || got.body != "" {
			t.Errorf("POST %s = %d %q, want 202 with an empty body", url, got.status, got.body)
		}
		if got, want := st.message(), `{"jsonrpc":"2.0","id":7,"result":{}}`; got != want {
			t.Errorf("reply to ping = %s, want %s", got, want)
		}
		p := srv.Posts()[0]
		if p.SessionParam != tt.wantParam || p.Canonical != tt.canonical || p.Kind != KindRequest || p.Method != "ping" {
			t.Errorf("Post = {param %q canonical %v kind %v method %q}, want {%q %v request ping}",
				p.SessionParam, p.Canonical, p.Kind, p.Method, tt.wantParam, tt.canonical)
		}
		if got, want := p.Header.Get("Content-Type"), "application/json"; got != want {
			t.Errorf("Post Content-Type = %q, want %q", got, want)
		}
	}
}

func TestPostErrors(t *testing.T) {
	json := http.Header{"Content-Type": {"application/json"}}
	tests := []struct {
		name       string
		opts       Options
		target     func(srv *Server, endpoint string) string
		header     http.Header
		body       string
		wantStatus int
		wantBody   string
	}{
		{"unknown session", Options{}, func(s *Server, _ string) string { return s.URL + "/sse?sessionid=nope" },
			json, initialize, 404, "session not found\n"},
		{"unknown session 400", Options{UnknownSession: UnknownSession400}, func(s *Server, _ string) string { return s.URL + "/sse?sessionid=nope" },
			json, initialize, 400, "unknown session\n"},
		{"no session", Options{}, func(s *Server, _ string) string { return s.URL + "/sse" },
			json, initialize, 400, "sessionid must be provided\n"},
		{"no content type", Options{}, func(_ *Server, e string) string { return e },
			http.Header{}, initialize, 415, "Content-Type must be 'application/json'\n"},
		{"bad json", Options{}, func(_ *Server, e string) string { return e },
			json, `{"jsonrpc":`, 400, "failed to parse body\n"},
		{"batch", Options{}, func(_ *Server, e string) string { return e },
			json, `[` + initialize + `]`, 400, "failed to parse body\n"},
		{"preferred rejected", Options{Endpoint: EndpointMessage, RejectPreferred: 405}, func(_ *Server, e string) string { return e },
			json, initialize, 405, "Method Not Allowed\n"},
		{"any content type", Options{AnyContentType: true}, func(_ *Server, e string) string { return e },
			http.Header{"Content-Type": {"text/plain"}}, initialize, 202, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := New(t, tt.opts)
			st := openStream(t, srv.SSEURL(), nil)
			url := tt.target(srv, st.endpoint())
			got := postWith(t, context.Background(), url, tt.body, tt.header)
			if got.status != tt.wantStatus || got.body != tt.wantBody {
				t.Errorf("POST %s = %d %q, want %d %q", url, got.status, got.body, tt.wantStatus, tt.wantBody)
			}
			if p := srv.Posts()[0]; p.Status != tt.wantStatus {
				t.Errorf("Post.Status = %d, want %d", p.Status, tt.wantStatus)
			}
		})
	}
}

func TestRejectPreferredLetsCanonicalThrough(t *testing.T) {
	srv := New(t, Options{Endpoint: EndpointMessage, RejectPreferred: http.StatusNotFound})
	st := openStream(t, srv.SSEURL(), nil)
	preferred := st.endpoint()
	if got := post(t, preferred, initialize); got.status != http.StatusNotFound {
		t.Fatalf("POST preferred %s = %d, want 404", preferred, got.status)
	}
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	canonical := srv.URL + "/sse?sessionid=" + conn.ID
	if got := post(t, canonical, initialize); got.status != http.StatusAccepted {
		t.Fatalf("POST canonical %s = %d, want 202", canonical, got.status)
	}
	if got := st.message(); !strings.Contains(got, `"serverInfo":{"name":"fake","version":"1.0"}`) {
		t.Errorf("initialize reply = %s, want serverInfo fake 1.0", got)
	}
}

func TestUnreachablePreferredEndpoint(t *testing.T) {
	srv := New(t, Options{Endpoint: EndpointUnreachable(t)})
	st := openStream(t, srv.SSEURL(), nil)
	preferred := st.endpoint()
	if _, err := tryPost(context.Background(), preferred, initialize, http.Header{"Content-Type": {"application/json"}}); err == nil {
		t.Fatalf("POST %s succeeded, want a connection error", preferred)
	}
	conn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := post(t, srv.URL+"/sse?sessionid="+conn.ID, initialize); got.status != http.StatusAccepted {
		t.Errorf("POST canonical = %d, want 202", got.status)
	}
}

func TestHangingPostsEndWhenTheClientGivesUp(t *testing.T) {
	tests := []struct {
		name   string
		opts   Options
		target func(srv *Server, endpoint string) string
	}{
		{"HangingPost", Options{Handle: HangingPost}, func(_ *Server, e string) string { return e }},
		{"UnknownSessionHang", Options{UnknownSession: UnknownSessionHang}, func(s *Server, _ string) string { return s.URL + "/sse?sessionid=gone" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := New(t, tt.opts)
			st := openStream(t, srv.SSEURL(), nil)
			url := tt.target(srv, st.endpoint())
			// The client gives up once the server holds the POST: a fixed
			// deadline could pass, on a busy machine, before it arrived.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			posted := make(chan error, 1)
			go func() {
				_, err := tryPost(ctx, url, initialize, http.Header{"Content-Type": {"application/json"}})
				posted <- err
			}()
			if _, err := srv.WaitPosts(waitCtx(t), 1); err != nil {
				t.Fatalf("the POST never reached the server: %v", err)
			}
			cancel()
			if err := <-posted; !errors.Is(err, context.Canceled) {
				t.Fatalf("POST error = %v, want context.Canceled", err)
			}
			if p := srv.Posts()[0]; p.Status != 0 {
				t.Errorf("Post.Status = %d, want 0 for a POST never answered", p.Status)
			}
		})
	}
}

func TestCloseReleasesHangingPostsAndStreams(t *testing.T) {
	srv := New(t, Options{Handle: HangingPost})
	st := openStream(t, srv.SSEURL(), nil)
	url := st.endpoint()
	posted := make(chan error, 1)
	go func() {
		_, err := tryPost(context.Background(), url, initialize, http.Header{"Content-Type": {"application/json"}})
		posted <- err
	}()
	if _, err := srv.WaitPosts(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	// A second stream whose reader never reads, with 10 MB queued behind it,
	// must not keep Close waiting.
	stuck := openStream(t, srv.SSEURL(), nil)
	stuck.endpoint()
	if _, err := srv.WaitConn(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	stuckConn, err := srv.WaitConn(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = stuckConn.Message(strings.Repeat("x", 10<<20)) }()

	closed := make(chan struct{})
	go func() { srv.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(testTimeout):
		t.Fatal("Server.Close did not return")
	}
	select {
	case err := <-posted:
		if err == nil {
			t.Error("hanging POST got an answer, want a broken connection")
		}
	case <-time.After(testTimeout):
		t.Fatal("hanging POST still open after Close")
	}
	if _, err := st.r.ReadByte(); err == nil {
		t.Error("stream still readable after Close, want it ended")
	}
	if _, err := srv.WaitConn(context.Background()); !errors.Is(err, ErrClosed) {
		t.Errorf("WaitConn after Close = %v, want ErrClosed", err)
	}
}

func TestBearer(t *testing.T) {
	srv := New(t, Options{RequireBearer: "s3cret"})
	for _, h := range []http.Header{nil, {"Authorization": {"Bearer wrong"}}} {
		resp := get(t, srv.SSEURL(), h)
		if got, want := resp.StatusCode, http.StatusUnauthorized; got != want {
			t.Errorf("GET with %v: status %d, want %d", h, got, want)
		}
		if got, want := resp.Header.Get("WWW-Authenticate"), `Bearer realm="mcp"`; got != want {
			t.Errorf("GET with %v: WWW-Authenticate %q, want %q", h, got, want)
		}
	}
	st := openStream(t, srv.SSEURL(), http.Header{"Authorization": {"Bearer s3cret"}})
	url := st.endpoint()
	if got := post(t, url, initialize); got.status != http.StatusUnauthorized || got.header.Get("WWW-Authenticate") == "" {
		t.Errorf("POST without token = %d (WWW-Authenticate %q), want 401 with the header", got.status, got.header.Get("WWW-Authenticate"))
	}
	got := postWith(t, context.Background(), url, initialize, http.Header{
		"Content-Type": {"application/json"}, "Authorization": {"Bearer s3cret"}})
	if got.status != http.StatusAccepted {
		t.Errorf("POST with token = %d, want 202", got.status)
	}
	if p := srv.Posts(); len(p) != 2 || p[0].Status != 401 || p[1].Header.Get("Authorization") != "Bearer s3cret" {
		t.Errorf("Posts = %+v, want a 401 then one carrying the token", p)
	}
}

func TestGETStatusAndGatewayRoutes(t *testing.T) {
	srv := New(t, Options{GETStatus: 404, GETHeaders: http.Header{"Content-Type": {"text/html"}}, GETBody: "<h1>nope</h1>", GatewayRoutes: true})
	resp := get(t, srv.SSEURL(), nil)
	if resp.StatusCode != 404 || resp.Header.Get("Content-Type") != "text/html" {
		t.Errorf("GET /sse = %d %q, want 404 text/html", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp := get(t, srv.URL+"/", nil); resp.StatusCode != 307 || resp.Header.Get("Location") != "/sse" {
		t.Errorf("GET / = %d Location %q, want 307 /sse", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp := get(t, srv.URL+"/health", nil); resp.StatusCode != 200 {
		t.Errorf("GET /health = %d, want 200", resp.StatusCode)
	}
}
