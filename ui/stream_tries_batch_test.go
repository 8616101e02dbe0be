package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A listen stream's try to reopen and its request sent, read together,
// then the stream refused for good: the give-up is said. The batch was
// read from its last word back, and the reopening sent hid the try before
// it, so nothing said the stream was over when those came apart.
func TestListenGiveUpSaidAfterATryAndItsRequestInOneBatch(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateListen, Auto: true, Detail: "the listen stream ended; reopening in 1s (attempt 1 of 5)"}},
		mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "9", Method: mcp.ListenMethod}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateListen, Over: true, Detail: "the listen stream was refused: 403 Forbidden; not reopened"}})
	if got := statusMessage(m); !strings.Contains(got, "not reopened: what the server sends unasked will not arrive") {
		t.Errorf("the status line = %q, want the listen stream said given up", got)
	}
}

// A GET stream's tries that ended with the server gone, said as the
// stream gone, then a new session whose GET is refused once: that is not
// the stream given up after tries. The tries were left marked as coming.
func TestGetTriesOfASessionGoneDoNotCarryOver(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateGetStream, Auto: true, Detail: "GET failed: connection refused; trying again in 1s (attempt 5 of 5)"}})
	feed(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpStream, Purpose: mcp.PurposeGet, Cause: mcp.CauseUnreachable, Message: "GET failed: connection refused"}})
	if got := statusMessage(m); !strings.Contains(got, "the server's stream is gone") {
		t.Fatalf("the status line = %q, want the stream said gone", got)
	}
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateGetStream, Over: true, Detail: "not reopened: 405 Method Not Allowed"}})
	if got := statusMessage(m); strings.Contains(got, "given up") {
		t.Errorf("the status line = %q: a new session's one refusal said as the stream given up after tries", got)
	}
}

// statusMessage is the status line's message, "" when there is none.
func statusMessage(m *Model) string {
	if m.status.msg == nil {
		return ""
	}
	return m.status.msg.text
}

// A GET stream's try to come and a new session read in one batch: the
// try is the last session's, and its "trying again…" stood over the new
// one until the stream's next word.
func TestGetTryBeforeANewSessionInOneBatchIsNotSaid(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateGetStream, Auto: true, Detail: "GET failed: connection refused; trying again in 1s (attempt 2 of 5)"}},
		mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting}})
	if got := statusMessage(m); strings.Contains(got, "trying again") {
		t.Errorf("the status line = %q: the last session's try said over the new one", got)
	}
}
