package history

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server flooding requests of its own leaves every one it was not
// answered an error of the same words. They are one problem in the
// Negotiation pane, and they do not push out of it what went wrong before
// the flood (here a POST refused 401): the pane keeps the newest problems
// only, and 300 copies of one took all of its room.
func TestAFloodOfOneFailureKeepsTheProblemsBeforeIt(t *testing.T) {
	l := NewLog()
	seq := int64(1)
	l.Append(mcp.Record{Seq: seq, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "POST http://127.0.0.1:1/mcp answered 401 Unauthorized", Cause: mcp.CauseStatus, Status: 401}})
	for i := 1; i <= 300; i++ {
		seq++
		l.Append(mcp.Record{Seq: seq, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassServerRequest, Method: "ping", ID: fmt.Sprint(i),
			Raw: mcp.Raw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i))}})
		seq++
		l.Append(mcp.Record{Seq: seq, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpReply, ReqSeq: seq - 1, Cause: mcp.CauseFlooded,
			Message: "a request of the server's went unanswered: it asks faster than its answers are taken"}})
	}
	var said []string
	refused, flood := 0, 0
	for _, p := range l.Negotiation().Problems {
		said = append(said, p.Message)
		switch {
		case strings.Contains(p.Message, "401"):
			refused++
		case strings.Contains(p.Message, "asks faster"):
			flood++
		}
	}
	if refused != 1 || flood != 1 {
		t.Errorf("the problems after a 401 and a flood of 300 unanswered requests are %q, want the 401 and the flood once each", said)
	}
}
