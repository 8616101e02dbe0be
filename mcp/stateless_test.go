package mcp

import (
	"context"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// dialStateless starts a stateless fake and a session detected against it.
func dialStateless(t *testing.T, opts mcptest.StatelessOptions, cfg Config) (*mcptest.StatelessServer, *Session, *recorded) {
	t.Helper()
	srv := mcptest.NewStateless(t, opts)
	cfg.URL = srv.URL
	s, rec := connect(t, cfg)
	return srv, s, rec
}

// Detection picks the stateless era for a modern-only server; every
// request carries its _meta and mirrored headers, and a typed tools/call
// mirrors its x-mcp-header parameters.
func TestStatelessSession(t *testing.T) {
	for _, mode := range []mcptest.AnswerMode{mcptest.AnswerJSON, mcptest.AnswerSSE} {
		srv, s, rec := dialStateless(t, mcptest.StatelessOptions{Answer: mode, Tools: append(mcptest.StatelessTools(), mcptest.InvalidHeaderTools()...)}, Config{})
		if s.Transport() != TransportStateless || s.Protocol() != ProtocolModern || s.InitializeResult() == nil {
			t.Fatalf("mode %v: transport %q protocol %q, want stateless 2026-07-28, discovered", mode, s.Transport(), s.Protocol())
		}
		ctx := testCtx(t)
		tools, _, err := s.ListTools(ctx, true)
		if err != nil {
			t.Fatalf("mode %v: tools/list: %v", mode, err)
		}
		invalid := map[string]bool{}
		for _, tl := range tools {
			if tl.Invalid != "" {
				invalid[tl.Name] = true
			}
		}
		if len(invalid) != 3 || !invalid["dup_header"] || !invalid["bad_header_name"] || !invalid["object_header"] {
			t.Errorf("mode %v: invalid tools %v, want the three with broken annotations", mode, invalid)
		}
		resp, err := s.CallTool(ctx, "forecast", []byte(`{"region":"Zürich","days":3,"alerts":false}`))
		if err != nil || resp.Error != nil {
			t.Fatalf("mode %v: forecast = %v, %v", mode, resp, err)
		}
		var call *mcptest.Request
		for _, r := range srv.Requests() {
			if r.RPCMethod == "tools/call" {
				call = &r
			}
		}
		h := call.Header
		if h.Get("Mcp-Method") != "tools/call" || h.Get("Mcp-Name") != "forecast" || h.Get("MCP-Protocol-Version") != ProtocolModern ||
			h.Get("Mcp-Param-Region") != "=?base64?"+base64.StdEncoding.EncodeToString([]byte("Zürich"))+"?=" ||
			h.Get("Mcp-Param-Days") != "3" || h.Get("Mcp-Param-Alerts") != "false" {
			t.Errorf("mode %v: tools/call headers %v", mode, h)
		}
		if !strings.Contains(string(call.Body), MetaProtocolVersion) || !strings.Contains(string(call.Body), MetaClientInfo) {
			t.Errorf("mode %v: tools/call body lacks the _meta: %s", mode, call.Body)
		}
		rec.waitFor(t, "the listen acknowledgement", func(r Record) bool {
			return r.Kind == KindReceived && r.RPC.Method == "notifications/subscriptions/acknowledged" && r.RPC.Stream == StreamListen
		})
	}
}

// A listen stream delivers tools/list_changed; a dropped one is reopened.
func TestStatelessListen(t *testing.T) {
	srv, s, rec := dialStateless(t, mcptest.StatelessOptions{}, Config{})
	l, err := srv.WaitListen(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	s.ListTools(testCtx(t), false)
	if err := l.ListChanged("tools"); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "list_changed on the listen stream", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Method == "notifications/tools/list_changed" && r.RPC.Stream == StreamListen
	})
	if len(s.Tools()) != 0 {
		t.Error("the tool list was kept after list_changed")
	}
	l.Drop()
	rec.waitFor(t, "the reopening", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening")
	})
	if _, err := srv.WaitListen(testCtx(t)); err != nil {
		t.Fatalf("the listen stream was not reopened: %v", err)
	}
}

// Each modern refusal gets its meaning in words, from its data.
func TestStatelessErrors(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{}, Config{})
	ctx := testCtx(t)
	// An unknown method: 404 -32601 as the request's answer.
	resp, err := s.Request(ctx, "no/such", nil)
	if err != nil || resp.Error == nil || resp.Error.Code != CodeMethodNotFound {
		t.Fatalf("unknown method = %v, %v", resp, err)
	}
	// A header that does not match the body: send forecast with an Mcp-Name
	// the body contradicts by calling a tool the session never listed, whose
	// x-mcp-header parameters then go unmirrored.
	resp, err = s.CallTool(ctx, "forecast", []byte(`{"region":"eu"}`))
	if err != nil || resp.Error == nil || resp.Error.Code != CodeHeaderMismatch || !strings.Contains(resp.Error.Meaning(), "Mcp-Param-Region") {
		t.Errorf("forecast without its listed schema = %v, %v; want -32020 naming the header", resp, err)
	}
	// A tool that needs capabilities mcpscope did not declare.
	resp, err = s.CallTool(ctx, "confirm", []byte(`{"action":"deploy"}`))
	if err != nil || resp.Error == nil || resp.Error.Code != CodeMissingCapability || !strings.Contains(resp.Error.Meaning(), "elicitation") {
		t.Errorf("confirm without the capability = %v, %v; want -32021 naming it", resp, err)
	}
}

// A pinned version the server does not speak gets -32022 and its list.
func TestStatelessUnsupportedVersion(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	s := NewSession(Config{URL: srv.URL, Transport: TransportStateless, Protocol: "2027-01-01"})
	defer s.Close()
	collect(s)
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseModernRefused || !strings.Contains(err.Error(), ProtocolModern) {
		t.Errorf("Connect with an unsupported version = %v, want a refusal naming what the server speaks", err)
	}
}

// Detection on a server of both eras picks the stateless one; a server
// that refuses the 2026 probe with -32022 listing only older versions is
// met with initialize.
func TestStatelessDetection(t *testing.T) {
	both := mcptest.NewStateless(t, mcptest.StatelessOptions{Stateful: &mcptest.StreamableOptions{}})
	s := NewSession(Config{URL: both.URL})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil || s.Transport() != TransportStateless {
		t.Fatalf("a dual-era server: %v, transport %q", err, s.Transport())
	}
	rec.waitFor(t, "detection", func(r Record) bool { return r.Kind == KindDetect && r.Detect.Transport == TransportStateless })
	s.Close()

	older := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	s = NewSession(Config{URL: older.URL})
	defer s.Close()
	collect(s)
	if err := s.Connect(testCtx(t)); err != nil || s.Transport() != TransportStreamable {
		t.Fatalf("a server refusing 2026 with -32022: %v, transport %q", err, s.Transport())
	}
}

// Cancelling a request closes its response stream, which is how 2026
// cancels; the server sees it and the pair is cancelled.
func TestStatelessCancel(t *testing.T) {
	srv, s, rec := dialStateless(t, mcptest.StatelessOptions{}, Config{})
	ctx, cancel := context.WithCancel(testCtx(t))
	done := make(chan error, 1)
	go func() { _, err := s.CallTool(ctx, "slow", []byte(`{}`)); done <- err }()
	if _, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" && r.Status != 0 }); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("cancelled call = %v", err)
	}
	if _, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" && r.Cancelled }); err != nil {
		t.Errorf("the server never saw the stream closed: %v", err)
	}
	rec.waitFor(t, "the cancelled record", func(r Record) bool { return r.Kind == KindError && r.Error.Op == OpCancelled })
}

// The server's GET and DELETE refusals are no part of a stateless session:
// none are sent.
func TestStatelessSendsNoGetOrDelete(t *testing.T) {
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{}, Config{NoListen: true})
	s.Close()
	for _, r := range srv.Requests() {
		if r.Method != http.MethodPost {
			t.Errorf("a %s went to a stateless server", r.Method)
		}
	}
}

// A method Mcp-Method cannot carry as it is (not plain ASCII) is refused
// before anything is sent, saying why, where it went in the base64 form
// 2026-07-28 gives only Mcp-Name and Mcp-Param values: a server read the
// header as a method the body did not name.
func TestStatelessRefusesAMethodItsHeaderCannotCarry(t *testing.T) {
	// No listen stream: the session opens it in the background, and its
	// POST could reach the server after the count below was taken.
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{}, Config{NoListen: true})
	ctx := testCtx(t)
	before := len(srv.Requests())
	for _, method := range []string{"tööls/list", "tools/list ", "notifications/\x1b[2J"} {
		var err error
		if strings.HasPrefix(method, "notifications/") {
			err = s.Notify(ctx, method, nil)
		} else {
			_, err = s.Request(ctx, method, nil)
		}
		if err == nil || !strings.Contains(err.Error(), "Mcp-Method header takes a method as plain printable ASCII") {
			t.Errorf("%q: err %v, want the refusal", method, err)
		}
	}
	if got := srv.Requests()[before:]; len(got) != 0 {
		t.Errorf("sent %d requests, want none: %+v", len(got), got)
	}
	if resp, err := s.Request(ctx, "tools/list", nil); err != nil || resp.Error != nil {
		t.Errorf("tools/list after the refusals: %v, %v", resp, err)
	}
}
