package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A request's title (the detail pane's heading, a cancel's label, the
// stream it answered on) names its method cut as every line cuts a name
// (mcp.NameShown): a 180-byte method was shown whole.
func TestPairTitleCutsALongMethodAtNameLimit(t *testing.T) {
	method := "x/" + strings.Repeat("m", 178)
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: method, Conn: 1,
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"method":"` + method + `"}`)}})
	log := history.NewLog()
	log.Append(s.recs...)
	got := pairTitle(log.Pair(log.PairCount() - 1))
	if want := method[:mcp.NameLimit] + "… (180 bytes)"; got != want {
		t.Errorf("the title is %q, want %q", got, want)
	}
}
