package mcp

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

func TestSessionHandshakeListCall(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	ctx := testCtx(t)
	init, err := s.Initialize(ctx)
	if err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	var ir struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(init.Result, &ir); err != nil || ir.ProtocolVersion == "" {
		t.Fatalf("initialize result %s has no protocolVersion", init.Result)
	}
	tools, _, err := s.ListTools(ctx, true)
	if err != nil || len(tools) == 0 {
		t.Fatalf("ListTools = %d tools, %v", len(tools), err)
	}
	resp, err := s.CallTool(ctx, "echo", json.RawMessage(`{"text":"hi"}`))
	if err != nil || resp.ToolError {
		t.Fatalf("CallTool echo = %+v, %v", resp, err)
	}
	if !strings.Contains(string(resp.Result), "hi") {
		t.Errorf("echo result %s does not echo", resp.Result)
	}

	// The wire: every POST was JSON to the endpoint the server announced,
	// and notifications/initialized followed initialize.
	posts := srv.Posts()
	var methods []string
	for _, p := range posts {
		if ct := p.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("POST %s had Content-Type %q", p.Method, ct)
		}
		methods = append(methods, p.Method)
	}
	if got := strings.Join(methods, ","); got != "initialize,notifications/initialized,tools/list,tools/call" {
		t.Errorf("POSTed methods %s", got)
	}

	// The log: the GET, the endpoint, each request paired with its answer.
	stream := rec.waitFor(t, "stream GET", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == "stream" })
	if stream.HTTP.Status != 200 || stream.HTTP.Headers["Content-Type"][0] != "text/event-stream" {
		t.Errorf("stream record %+v", stream.HTTP)
	}
	ep := rec.waitFor(t, "endpoint", func(r Record) bool { return r.Kind == KindEndpoint }).Endpoint
	if ep.SessionParam != "sessionid" || ep.InUse != ep.Preferred || !strings.HasPrefix(string(ep.Data), "/sse?sessionid=") {
		t.Errorf("endpoint %+v", ep)
	}
	call := rec.waitFor(t, "tools/call answer", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Class == ClassResponse && r.RPC.Method == "tools/call"
	})
	if call.RPC.Tool != "echo" || call.RPC.ReqSeq != resp.ReqSeq || call.Seq != resp.Seq {
		t.Errorf("tools/call answer record %+v, response %+v", call.RPC, resp)
	}
	rec.waitFor(t, "202 for tools/call", func(r Record) bool {
		return r.Kind == KindHTTP && r.HTTP.Purpose == "post" && r.HTTP.ReqSeq == resp.ReqSeq && r.HTTP.Status == 202
	})
	rec.waitFor(t, "initialized state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateInitialized })
}

func TestSessionEndpointShapes(t *testing.T) {
	tests := []struct {
		name  string
		opts  mcptest.Options
		param string
	}{
		{"query only", mcptest.Options{Endpoint: mcptest.EndpointQuery}, "sessionid"},
		{"typescript", mcptest.Options{Endpoint: mcptest.EndpointMessage, SessionID: mcptest.SessionUUID}, "sessionId"},
		{"python", mcptest.Options{Endpoint: mcptest.EndpointPython, SessionID: mcptest.SessionHex}, "session_id"},
		{"absolute", mcptest.Options{Endpoint: mcptest.EndpointAbsolute}, "sessionId"},
		{"crlf without space", mcptest.Options{EndpointRaw: mcptest.CRLFNoSpace}, "sessionid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, s, rec := dial(t, tt.opts, Config{})
			if _, err := s.Initialize(testCtx(t)); err != nil {
				t.Fatalf("Initialize: %v", err)
			}
			ep := s.Endpoint()
			if ep.SessionParam != tt.param || ep.InUse != ep.Preferred {
				t.Errorf("endpoint %+v, want param %s and the preferred URL in use", ep, tt.param)
			}
			conn, err := srv.WaitConn(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			if ep.SessionID != conn.ID {
				t.Errorf("session id %q, server says %q", ep.SessionID, conn.ID)
			}
			ev := rec.waitFor(t, "endpoint event", func(r Record) bool { return r.Kind == KindEvent && r.Event.Name == "endpoint" })
			if tt.name == "crlf without space" && !strings.HasSuffix(string(ev.Event.Raw), "\r\n\r\n") {
				t.Errorf("endpoint raw %q lost its CRLF terminator", ev.Event.Raw)
			}
		})
	}
}

func TestSessionFallsBackToCanonicalURL(t *testing.T) {
	tests := []struct {
		name string
		opts mcptest.Options
		why  string
	}{
		{"404 on preferred", mcptest.Options{Endpoint: mcptest.EndpointMessage, RejectPreferred: 404}, "answered 404"},
		{"405 on preferred", mcptest.Options{Endpoint: mcptest.EndpointMessage, RejectPreferred: 405}, "answered 405"},
		{"unreachable preferred", mcptest.Options{Endpoint: mcptest.EndpointUnreachable(t)}, "could not be reached"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cfg Config
			if tt.opts.Endpoint != nil {
				// The unreachable endpoint is another origin: only one the
				// user allowed is tried at all.
				if u, _ := url.Parse(tt.opts.Endpoint("", "x")); u.Host != "" {
					cfg.AllowOrigins = []string{u.Scheme + "://" + u.Host}
				}
			}
			srv, s, rec := dial(t, tt.opts, cfg)
			if _, err := s.Initialize(testCtx(t)); err != nil {
				t.Fatalf("Initialize after fallback: %v", err)
			}
			ep := s.Endpoint()
			if ep.InUse != ep.Fallback || !strings.Contains(ep.Reason, tt.why) {
				t.Errorf("endpoint in use %q (fallback %q) because %q; want the fallback because %q", ep.InUse, ep.Fallback, ep.Reason, tt.why)
			}
			// Records reach the channel after the call that made them returns.
			rec.waitFor(t, "a second endpoint record naming the fallback", func(r Record) bool {
				return r.Kind == KindEndpoint && r.Endpoint.InUse == ep.Fallback
			})
			if eps := rec.of(KindEndpoint); len(eps) != 2 {
				t.Errorf("want 2 endpoint records (emitted, then the fallback), got %d", len(eps))
			}
			last := srv.Posts()[len(srv.Posts())-1]
			if !last.Canonical {
				t.Errorf("the last POST went to %s, not the canonical URL", last.Target)
			}
		})
	}
}

func TestSessionNoEndpoint(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{NoEndpoint: true})
	s := NewSession(Config{URL: srv.SSEURL(), EndpointTimeout: 200e6})
	rec := collect(s)
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseEndpointTimeout || !strings.Contains(err.Error(), "no endpoint event within 200ms") {
		t.Fatalf("Connect = %v, want the endpoint timeout (detection also tried streamable HTTP, which the fake refuses)", err)
	}
	rec.waitFor(t, "negotiate error", func(r Record) bool { return r.Kind == KindError && r.Error.Op == "negotiate" })
}

func TestSessionBearer(t *testing.T) {
	opts := mcptest.Options{RequireBearer: "s3cret"}
	srv := mcptest.New(t, opts)
	s := NewSession(Config{URL: srv.URL})
	defer s.Close()
	err := s.Connect(testCtx(t))
	var we *WireError
	if !errors.As(err, &we) || we.Status != 401 || !strings.Contains(we.Message, "401") || we.Header["WWW-Authenticate"] == "" {
		t.Fatalf("Connect without a token = %v, want the 401 with its WWW-Authenticate, not a detection fall-through", err)
	}

	before := len(srv.Posts())
	_, s2, _ := dial(t, opts, Config{Bearer: "s3cret", Header: http.Header{"X-Team": {"blue"}}})
	if _, err := s2.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize with the token: %v", err)
	}
	for _, p := range srv.Posts()[before:] {
		if p.Header.Get("Authorization") != "Bearer s3cret" || p.Header.Get("X-Team") != "blue" {
			t.Errorf("POST headers %v lack the token or the custom header", p.Header)
		}
	}
}

func TestSessionGETErrors(t *testing.T) {
	for _, status := range []int{404, 403, 503} {
		srv := mcptest.New(t, mcptest.Options{GETStatus: status, GETBody: "nope"})
		s := NewSession(Config{URL: srv.URL, Transport: TransportSSE})
		err := s.Connect(testCtx(t))
		var we *WireError
		if !errors.As(err, &we) || we.Status != status || we.Purpose != PurposeStream || !strings.Contains(we.Message, "nope") {
			t.Errorf("GET %d: Connect = %v, want the status and the body", status, err)
		}
		s.Close()
	}
	s := NewSession(Config{URL: "http://127.0.0.1:1"})
	defer s.Close()
	if err := s.Connect(testCtx(t)); CauseOf(err) != CauseUnreachable || !strings.Contains(err.Error(), "refused") {
		t.Errorf("Connect to a closed port = %v, want it unreachable", err)
	}
}
