package history

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording does not hold whether an answer reads two ways (the session
// reads that once, as the answer comes): its replay reads it back from the
// answer's bytes, so a replayed row warns as the live one did, and a clean
// answer's row does not.
func TestReplayMarksAnAnswerThatReadsTwoWays(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		want         bool
	}{
		{"content twice", `{"jsonrpc":"2.0","id":3,"result":{"content":[],"content":[{"type":"text","text":"two"}]}}`, true},
		{"no jsonrpc", `{"id":3,"result":{"content":[]}}`, true},
		{"clean", `{"jsonrpc":"2.0","id":3,"result":{"content":[]}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			call := replayedCall(t, tc.answer)
			if call.State != StateOK || call.Ambiguous != tc.want {
				t.Errorf("replayed row: state %s, ambiguous %v; want %s, %v", call.State, call.Ambiguous, StateOK, tc.want)
			}
		})
	}
}

// replayedCall is the row of a tools/call answered with answer, as its
// recording's replay files it.
func replayedCall(t *testing.T, answer string) *Pair {
	t.Helper()
	path := record(t, []mcp.Record{
		{Seq: 1, Time: scriptStart, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "3", Method: "tools/call", Tool: "echo",
			Raw: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{}}}`}},
		{Seq: 2, Time: scriptStart.Add(time.Millisecond), Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "3", ReqSeq: 1,
			Method: "tools/call", Tool: "echo", Raw: mcp.Raw(answer)}},
	}, RecordOptions{})
	p := loaded(t, path)
	l := p.NewLog()
	t.Cleanup(func() { l.Close() })
	playAll(t, p, l)
	return toolsCall(t, l)
}
