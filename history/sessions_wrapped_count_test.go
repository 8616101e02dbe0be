package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A forced transport's refused handshake logs the refused POST's failure
// and then the handshake's, which wraps it whole: one failure, counted
// once on the bar and in mcpscope sessions, which listed it with two.
func TestSessionsCountAWrappedFailureOnce(t *testing.T) {
	post := "POST http://127.0.0.1:1/mcp answered 400 Bad Request: Unsupported protocol version"
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 1, Transport: mcp.TransportStreamable}},
		{Seq: 2, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassNotification, Method: "notifications/initialized", Conn: 1,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)}},
		{Seq: 3, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: post, ReqSeq: 2, Status: 400, Conn: 1}},
		{Seq: 4, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpConnect, Message: "notifications/initialized, which ends the handshake after initialize agreed on protocol 2025-11-25, failed: " + post, Status: 400}},
	}
	l := NewLog()
	l.Append(recs...)
	bar := l.Stats().Errors
	if listed := describe(record(t, recs, RecordOptions{})).Errors; listed != bar || bar != 1 {
		t.Errorf("sessions lists the refused handshake with %d errors, the bar %d, want 1 each", listed, bar)
	}
}
