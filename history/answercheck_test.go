package history

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Answers whose MCP-Protocol-Version header contradicts the version
// initialize negotiated: the Negotiation pane warns once, with advice, and
// an answer carrying the negotiated version is no problem.
func TestNegotiationVersionHeaderChangedLater(t *testing.T) {
	var lists atomic.Int32
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Method == "initialize":
			x.Header().Set("MCP-Protocol-Version", "2025-11-25")
		case x.Method == "tools/list":
			// The first two contradict the version, the third does not.
			x.Header().Set("MCP-Protocol-Version", map[bool]string{true: "2025-03-26", false: "2025-11-25"}[lists.Add(1) < 3])
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		for range 3 {
			if _, _, err := s.ListTools(ctx, false); err != nil {
				t.Fatalf("tools/list: %v", err)
			}
		}
	})
	warned := versionProblems(l)
	const want = `an answer carried MCP-Protocol-Version "2025-03-26", not "2025-11-25"`
	if len(warned) != 1 || !strings.Contains(warned[0].Message, want) || warned[0].Advice(advice.TUI) == "" {
		t.Errorf("problems %+v, want one warning saying %q, with advice", warned, want)
	}
}

// A server that names, on every answer, the version its session
// negotiated: a second initialize that negotiates another version is no
// contradiction, not even on the answers that come before mcpscope says
// which version it chose (the notifications/initialized that ends it).
func TestNegotiationVersionHeaderFollowsANewInitialize(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Method == "initialize":
			var p struct{ ProtocolVersion string }
			_ = json.Unmarshal(x.Params, &p)
			x.Header().Set("MCP-Protocol-Version", p.ProtocolVersion)
		case x.Session != nil:
			x.Header().Set("MCP-Protocol-Version", x.Session.ProtocolVersion())
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		params := `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}`
		if _, err := s.InitializeWith(ctx, json.RawMessage(params)); err != nil {
			t.Fatalf("initialize again: %v", err)
		}
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list in the new session: %v", err)
		}
	})
	if got := l.Negotiation().ProtocolVersion; got != "2025-06-18" {
		t.Fatalf("negotiated %q, want the second initialize's 2025-06-18", got)
	}
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "MCP-Protocol-Version") {
			t.Errorf("a warning %q, where every answer named the version its session negotiated", p.Message)
		}
	}
}

// A recording whose second initialize's method field was edited (its raw
// JSON-RPC, what was sent, still says initialize) is checked by the raw:
// the session its answer names is the new session, not an answer naming
// another session than the one in use, which the check said when it read
// the field.
func TestAnswerCheckKnowsAnInitializeByItsRaw(t *testing.T) {
	var c AnswerCheck
	c.Look(&mcp.Record{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable}})
	initialize := func(seq int64, field, session string) []Problem {
		raw := mcp.Raw(`{"jsonrpc":"2.0","id":` + fmt.Sprint(seq) + `,"method":"initialize","params":{}}`)
		c.Look(&mcp.Record{Seq: seq, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, Method: field, Raw: raw}})
		return c.Look(&mcp.Record{Seq: seq + 1, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", Status: 200,
			ReqSeq: seq, Headers: map[string][]string{"Mcp-Session-Id": {session}}}})
	}
	if p := initialize(2, "initialize", "first"); p != nil {
		t.Fatalf("the first initialize: %+v", p)
	}
	if p := initialize(4, "ping", "second"); p != nil || c.SessionID() != "second" {
		t.Errorf("problems %+v, session %q: want the session the second initialize opened, no contradiction", p, c.SessionID())
	}
}

// An initialize whose class field was edited to say notification (its
// raw JSON-RPC, what was sent, has an id: a request the re-run sends as
// one) opens a new session for the check too, as it does for the re-run.
func TestAnswerCheckKnowsAnInitializeRequestByItsRawClass(t *testing.T) {
	var c AnswerCheck
	c.Look(&mcp.Record{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable}})
	initialize := func(seq int64, class mcp.Class, session string) []Problem {
		raw := mcp.Raw(`{"jsonrpc":"2.0","id":` + fmt.Sprint(seq) + `,"method":"initialize","params":{}}`)
		c.Look(&mcp.Record{Seq: seq, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: class, Method: "initialize", Raw: raw}})
		return c.Look(&mcp.Record{Seq: seq + 1, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", Status: 200,
			ReqSeq: seq, Headers: map[string][]string{"Mcp-Session-Id": {session}}}})
	}
	if p := initialize(2, mcp.ClassRequest, "first"); p != nil {
		t.Fatalf("the first initialize: %+v", p)
	}
	if p := initialize(4, mcp.ClassNotification, "second"); p != nil || c.SessionID() != "second" {
		t.Errorf("problems %+v, session %q: want the session the second initialize opened, no contradiction", p, c.SessionID())
	}
}

// Answers after initialize carrying two MCP-Protocol-Version headers that
// disagree, the first the negotiated one, are said once with advice, in
// the words the initialize answer's open state uses: only the first was
// read, so the second went unsaid.
func TestNegotiationTwoVersionHeadersOnALaterAnswer(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "initialize":
			x.Header().Set("MCP-Protocol-Version", "2025-11-25")
		case "tools/list":
			x.Header().Add("MCP-Protocol-Version", "2025-11-25")
			x.Header().Add("MCP-Protocol-Version", "2025-03-26")
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		for range 2 {
			if _, _, err := s.ListTools(ctx, false); err != nil {
				t.Fatalf("tools/list: %v", err)
			}
		}
	})
	warned := versionProblems(l)
	want := mcp.AnswerVersionsNote([]string{"2025-03-26"}, false)
	if len(warned) != 1 || warned[0].Message != want || warned[0].Advice(advice.TUI) == "" {
		t.Errorf("problems %+v, want one warning saying %q, with advice", warned, want)
	}
}

// versionProblems are the problems of l's Negotiation that name
// MCP-Protocol-Version.
func versionProblems(l *Log) []Problem {
	var warned []Problem
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "MCP-Protocol-Version") {
			warned = append(warned, p)
		}
	}
	return warned
}

// A stateless session's answer with MCP-Protocol-Version headers that
// disagree is said without naming an initialize, which that era has none
// of: mcpscope sends the version server/discover agreed on.
func TestNegotiationTwoVersionHeadersStateless(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			v := x.Request.Header.Get("MCP-Protocol-Version")
			x.Header().Add("MCP-Protocol-Version", v)
			x.Header().Add("MCP-Protocol-Version", "2025-03-26")
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
	})
	warned := versionProblems(l)
	want := mcp.AnswerVersionsNote([]string{"2025-03-26"}, true)
	if len(warned) != 1 || warned[0].Message != want || strings.Contains(want, "initialize") {
		t.Errorf("problems %+v, want one warning saying %q, naming no initialize", warned, want)
	}
}

// A 2026-07-28 server answering with an Mcp-Session-Id is said once: that
// revision has no sessions and mcpscope never sends the id back, where it
// sat in the headers unsaid and read as a session in use.
func TestNegotiationSaysAStatelessAnswerNamedASession(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Header().Set("Mcp-Session-Id", "sess-1")
		}
		x.Default()
	}})
	var sent []string
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		for range 3 {
			if _, _, err := s.ListTools(ctx, false); err != nil {
				t.Fatalf("tools/list: %v", err)
			}
		}
	})
	for _, r := range srv.Requests() {
		if id := r.Header.Get("Mcp-Session-Id"); id != "" {
			sent = append(sent, id)
		}
	}
	var said []string
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "session") {
			said = append(said, p.Message)
		}
	}
	want := `a stateless (2026-07-28) answer named session "sess-1": that revision has no sessions, so mcpscope does not send it back`
	if len(said) != 1 || said[0] != want || len(sent) != 0 {
		t.Errorf("the pane says %q, want once %q; ids sent back %q", said, want, sent)
	}
}

// A stateless answer naming a session and carrying MCP-Protocol-Version
// headers that disagree is said both ways: the note that the revision has
// no sessions did not keep the versions' warning from its record, where
// an exec of one request named the session and never the versions.
func TestNegotiationStatelessSessionAndVersionsOnOneAnswer(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Header().Set("Mcp-Session-Id", "sess-1")
			x.Header().Add("MCP-Protocol-Version", x.Request.Header.Get("MCP-Protocol-Version"))
			x.Header().Add("MCP-Protocol-Version", "2025-03-26")
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
	})
	var said []string
	for _, p := range l.Negotiation().Problems {
		said = append(said, p.Message)
	}
	session := `a stateless (2026-07-28) answer named session "sess-1": that revision has no sessions, so mcpscope does not send it back`
	versions := mcp.AnswerVersionsNote([]string{"2025-03-26"}, true)
	if !slices.Contains(said, session) || !slices.Contains(said, versions) {
		t.Errorf("the pane says %q, want both %q and %q", said, session, versions)
	}
}

// An initialize answer whose MCP-Protocol-Version header names another
// version than its body chose is warned of, as a later answer naming
// another is: it was not, though a client reading the header sends that
// version on every request.
func TestNegotiationVersionHeaderOfTheInitializeAnswer(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "initialize" {
			x.Header().Set("MCP-Protocol-Version", "2025-03-26")
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
	})
	warned := versionProblems(l)
	const want = `initialize's answer carried MCP-Protocol-Version "2025-03-26", not "2025-11-25", the version its body chose`
	if len(warned) != 1 || !strings.Contains(warned[0].Message, want) || warned[0].Advice(advice.TUI) == "" {
		t.Errorf("problems %+v, want one warning saying %q, with advice", warned, want)
	}
}
