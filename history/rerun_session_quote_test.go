package history

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// liveNamed is a Sender whose live session has the id it holds.
type liveNamed struct {
	Sender
	id string
}

func (l liveNamed) SessionID() string { return l.id }

// A live session id holding a quote and a backslash (visible ASCII allows
// both) is put in a recorded answer as JSON text: put in as it is, it
// broke the message, and the re-run compared a message it could not read.
func TestLiveSessionIDWithAQuoteKeepsTheAnswerJSON(t *testing.T) {
	recorded := &mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"text":"updates for session abcdefgh12"}}`)}}
	got := asLiveSession(recorded, []string{"abcdefgh12"}, liveNamed{id: `x"y\z12345`})
	var m struct {
		Result struct{ Text string } `json:"result"`
	}
	if err := json.Unmarshal([]byte(got.RPC.Raw), &m); err != nil {
		t.Fatalf("the answer with the live id is no longer JSON: %v\n%s", err, got.RPC.Raw)
	}
	if want := `updates for session x"y\z12345`; m.Result.Text != want {
		t.Errorf("the answer reads %q, want %q", m.Result.Text, want)
	}
}
