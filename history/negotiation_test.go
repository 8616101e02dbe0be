package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

func TestNegotiationFromSession(t *testing.T) {
	l := NewLog()
	l.Append(fullSession()...)
	n := l.Negotiation()
	got := fmt.Sprintf("stream=%d firstbyte=%v endpoint=%s event=%q posts=%d server=%s/%s protocol=%s caps=%s instr=%q state=%s conn=%d session=%s",
		n.Stream.Status, n.FirstByte, n.Endpoint.InUse, n.EndpointEvent.Data, len(n.Posts), n.ServerName, n.ServerVersion,
		n.ProtocolVersion, n.Capabilities, n.Instructions, n.State, n.Conn, n.SessionID)
	want := `stream=200 firstbyte=3ms endpoint=http://localhost:8811/sse?sessionid=ABC event="/sse?sessionid=ABC" posts=7 server=demo-gateway/1.2.3 protocol=2024-11-05 caps={"tools":{"listChanged":true}} instr="Be nice." state=initialized conn=1 session=ABC`
	if got != want {
		t.Errorf("Negotiation() =\n%s\nwant\n%s", got, want)
	}
	if len(n.Problems) != 0 {
		t.Errorf("Problems = %+v, want none (the timeout is the pair's story)", n.Problems)
	}
	if l.Negotiation() != n {
		t.Errorf("Negotiation() should return the same pointer when nothing changed")
	}
}

func problemLines(n *Negotiation) string {
	var b strings.Builder
	for _, p := range n.Problems {
		fmt.Fprintf(&b, "%s@%d: %s | %s\n", p.Level, p.Seq, p.Message, p.Advice(advice.TUI))
	}
	return b.String()
}

func TestNegotiationProblems(t *testing.T) {
	tests := []struct {
		name  string
		build func(s *script)
		want  []string // substrings, one per problem, in order
	}{
		{"fallback in use and slow endpoint", func(s *script) {
			s.endpoint(mcp.Endpoint{Preferred: "http://h/message?sessionId=1", Fallback: "http://h/sse?sessionid=1",
				InUse: "http://h/sse?sessionid=1", Reason: "the preferred URL answered 404", Elapsed: 2500 * time.Millisecond})
		}, []string{
			"warning@1: posting to the fallback URL http://h/sse?sessionid=1, not http://h/message?sessionId=1 as the endpoint event said: the preferred URL answered 404",
			"warning@1: the endpoint event took 2.5s to arrive",
		}},
		{"401 on its own", func(s *script) {
			r := s.request("1", "initialize", "{}")
			s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Method: "POST", Status: 401, ReqSeq: r,
				Headers: map[string][]string{"Www-Authenticate": {"Bearer"}}}})
		}, []string{"error@2: POST answered 401 Unauthorized (WWW-Authenticate: Bearer) | the server wants a token: pass --bearer TOKEN or set MCPSCOPE_TOKEN"}},
		{"401 explained by the session", func(s *script) {
			r := s.request("1", "initialize", "{}")
			s.post(r, 401, time.Millisecond)
			s.fail(mcp.OpPost, r, "POST answered 401", "pass --bearer")
			r = s.request("2", "ping", "{}")
			s.post(r, 401, time.Millisecond)
			s.fail(mcp.OpPost, r, "POST answered 401", "pass --bearer")
		}, []string{"error@6: POST answered 401 | pass --bearer"}},
		{"403 on the stream", func(s *script) {
			s.get(403, time.Millisecond)
		}, []string{"error@1: GET answered 403 Forbidden | the server refused this Host or Origin"}},
		{"403 on the stream explained by the session", func(s *script) {
			s.get(403, time.Millisecond)
			s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "connect", Conn: 1, Message: "GET answered 403", Hint: "use localhost"}})
		}, []string{"error@2: GET answered 403 | use localhost"}},
		{"errors that end one request stay in the pairs pane", func(s *script) {
			r := s.request("1", "ping", "{}")
			s.fail("stream", r, "stream closed while ping was waiting", "")
			s.fail("stream", 0, "stream closed", "reconnecting")
		}, []string{"error@3: stream closed | reconnecting"}},
		{"404 on POST means an unknown session", func(s *script) {
			s.post(s.request("1", "ping", "{}"), 404, time.Millisecond)
		}, []string{"error@2: POST answered 404 Not Found | the server does not know this session (expired, or the server restarted): press r"}},
		{"415", func(s *script) {
			s.post(s.request("1", "ping", "{}"), 415, time.Millisecond)
		}, []string{"error@2: POST answered 415 Unsupported Media Type | the server wants Content-Type: application/json"}},
		{"repeated failures are one problem dated by the newest", func(s *script) {
			s.fail("stream", 0, "stream closed", "reconnecting")
			s.fail("stream", 0, "stream closed", "reconnecting")
		}, []string{"error@2: stream closed | reconnecting"}},
		{"session replaced", func(s *script) {
			s.state(mcp.StateInitialized)
			s.state(mcp.StateReconnecting)
			s.state(mcp.StateSessionReplaced)
		}, []string{"warning@3: reconnect opened a new session that was never initialized | not initialized yet: press i first"}},
		{"session switched by a later endpoint event", func(s *script) {
			s.state(mcp.StateInitialized)
			s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateSessionReplaced, Conn: 1, SessionID: "OTHER", Transport: "sse",
				Detail: "a later endpoint event on the same stream named another session (OTHER, was ABC), which mcpscope has not initialized"}})
		}, []string{"warning@2: a later endpoint event on the same stream named another session (OTHER, was ABC), which mcpscope has not initialized | press i to start a new session"}},
		{"session replaced, then initialized again", func(s *script) {
			s.state(mcp.StateSessionReplaced)
			s.state(mcp.StateInitialized)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScript()
			tt.build(s)
			l := s.log()
			got := problemLines(l.Negotiation())
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			if got == "" {
				lines = nil
			}
			if len(lines) != len(tt.want) {
				t.Fatalf("Problems:\n%swant %d problems", got, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.Contains(lines[i], w) {
					t.Errorf("problem %d = %q, want it to contain %q", i, lines[i], w)
				}
			}
		})
	}
}

func TestNegotiationPostsKeepTheLast50(t *testing.T) {
	s := newScript()
	for i := 0; i < 120; i++ {
		s.post(0, 200+i, time.Millisecond)
	}
	l := s.log()
	posts := l.Negotiation().Posts
	if len(posts) != 50 || posts[0].Status != 270 || posts[49].Status != 319 {
		t.Errorf("Posts: %d kept, first %d last %d; want 50 from 270 to 319", len(posts), posts[0].Status, posts[49].Status)
	}
}

func TestNegotiationStreamableSessionHeader(t *testing.T) {
	s := newScript()
	r := s.request("1", "initialize", "{}")
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Status: 200, ReqSeq: r,
		Headers: map[string][]string{"Mcp-Session-Id": {"s-42"}}}})
	l := s.log()
	if got := l.Negotiation().SessionID; got != "s-42" {
		t.Errorf("SessionID = %q, want s-42 from the Mcp-Session-Id header", got)
	}
	if got := l.Stats().SessionID; got != "s-42" {
		t.Errorf("Stats().SessionID = %q, want s-42", got)
	}
}
