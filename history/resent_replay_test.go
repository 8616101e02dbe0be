package history

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A POST sent again on a new connection is in its recording, and its
// replay's Negotiation lists it as the live session's did: a replayed
// session must not show one POST where the wire had two.
func TestReplayListsAResentPost(t *testing.T) {
	path := record(t, []mcp.Record{
		{Seq: 1, Time: scriptStart, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "2", Method: "tools/list",
			Raw: `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`}},
		{Seq: 2, Time: scriptStart.Add(time.Millisecond), Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST",
			URL: "http://127.0.0.1:9490/mcp", Status: 200, ReqSeq: 1, Resent: 1}},
	}, RecordOptions{})
	p := loaded(t, path)
	l := p.NewLog()
	t.Cleanup(func() { l.Close() })
	playAll(t, p, l)
	resent := l.Negotiation().Resent
	if len(resent) != 1 || resent[0].Resent != 1 || resent[0].URL != "http://127.0.0.1:9490/mcp" {
		t.Fatalf("replayed Negotiation lists resent %+v, want the tools/list POST sent again once", resent)
	}
}
