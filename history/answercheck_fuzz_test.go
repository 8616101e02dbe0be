package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// maxAnswerCheckMessage bounds a contradiction's message: two header
// values quoted as headers are (mcp.HeaderQuote, a line's worth each: 200
// bytes, which the sanitizer may triple, each control byte becoming a
// 3-byte picture) and the sentence around them, whatever the server put in
// its headers.
const maxAnswerCheckMessage = 2*3*200 + 256

// FuzzAnswerCheck: a session's headers are the server's to write, those of
// initialize's answer as much as any later one's. Reading them never
// panics, says each contradiction at most once per session, and says it on
// one line of bounded size that is safe to print; an answer that repeats
// what the session settled on is no contradiction.
func FuzzAnswerCheck(f *testing.F) {
	for _, s := range []struct{ firstID, laterID, negotiated, laterVersion string }{
		{"abc", "abc", "2025-11-25", "2025-11-25"},
		{"abc", "def", "2025-11-25", "2025-03-26"},
		{"\x1b]52;c;aGk=\x07", "\u202egnp.exe", "2025-06-18\r\nX: y", "\x9b2J"},
		{strings.Repeat("s", 5000), strings.Repeat("t", 5000), strings.Repeat("2025-", 2000), strings.Repeat("v", 4000)},
		{"", "late", "", "2026-07-28"},
		{"line one\nline two", "line one\nline three", "2025-11-25\n", "2025-11-25 "},
		{"\xff\xfe", "\xff", "\x00", "\x7f"},
	} {
		f.Add(s.firstID, s.laterID, s.negotiated, s.laterVersion)
	}
	f.Fuzz(func(t *testing.T, firstID, laterID, negotiated, laterVersion string) {
		answer := func(seq, reqSeq int64, id, version string) *mcp.Record {
			h := map[string][]string{}
			if id != "" {
				h["Mcp-Session-Id"] = []string{id}
			}
			if version != "" {
				h["Mcp-Protocol-Version"] = []string{version}
			}
			return &mcp.Record{Seq: seq, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", Status: 200, Headers: h, ReqSeq: reqSeq}}
		}
		records := []*mcp.Record{
			{Seq: 1, Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: mcp.TransportStreamable}},
			{Seq: 2, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Class: mcp.ClassRequest, Method: "initialize"}},
			answer(3, 2, firstID, negotiated),
			{Seq: 4, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Protocol: negotiated}},
			answer(5, 6, firstID, negotiated),
			answer(7, 8, laterID, laterVersion),
			answer(9, 10, laterID, laterVersion),
			answer(11, 12, firstID+"x", negotiated+"x"),
		}
		var c AnswerCheck
		var said []Problem
		for _, r := range records {
			said = append(said, c.Look(r)...)
		}
		causes := map[string]bool{}
		for _, p := range said {
			if p.Fact == nil {
				t.Fatalf("problem %q has no cause", p.Message)
			}
			cause := string(p.Fact.Cause)
			if causes[cause] {
				t.Errorf("%s said twice in one session: %+v", cause, said)
			}
			causes[cause] = true
			sanitizetest.Check(t, "AnswerCheck message", p.Message, false)
			if len(p.Message) > maxAnswerCheckMessage {
				t.Errorf("AnswerCheck message of %d bytes (headers of %d, %d, %d, %d): %.200q...", len(p.Message), len(firstID), len(laterID), len(negotiated), len(laterVersion), p.Message)
			}
		}
		// The answer naming another id than initialize's always differs
		// from it (firstID+"x"), so the session id is contradicted when
		// initialize's answer named one.
		if firstID != "" && !causes[string(mcp.CauseSessionIDChanged)] {
			t.Errorf("session %q then %q and %q: no session-id warning in %+v", firstID, laterID, firstID+"x", said)
		}
		if negotiated == "" && causes[string(mcp.CauseVersionChanged)] {
			t.Errorf("no version negotiated, yet a version warning: %+v", said)
		}
		if len(c.Problems()) != len(said) {
			t.Errorf("Problems() = %+v, but Look said %+v", c.Problems(), said)
		}
	})
}
