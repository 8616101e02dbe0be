package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A request the user cancelled, whose answer (an isError) came late, is
// no error on the bar, which reads its row cancelled: mcpscope sessions
// listed it with two, one for the cancel and one for the late answer.
func TestSessionsCountACancelledRequestAsTheBarDoes(t *testing.T) {
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 1, Transport: mcp.TransportStreamable}},
		{Seq: 2, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "7", Method: "tools/call", Tool: "slow", Conn: 1,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}}`)}},
		{Seq: 3, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpCancelled, Message: "context canceled", ReqSeq: 2, Conn: 1}},
		{Seq: 4, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassLate, ID: "7", ReqSeq: 2, ToolError: true, Conn: 1,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":7,"result":{"content":[],"isError":true}}`)}},
	}
	l := NewLog()
	l.Append(recs...)
	bar := l.Stats().Errors
	if listed := describe(record(t, recs, RecordOptions{})).Errors; listed != bar {
		t.Errorf("sessions lists the cancelled request with %d errors, the bar %d", listed, bar)
	}
}
