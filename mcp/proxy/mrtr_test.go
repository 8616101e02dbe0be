package proxy

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A multi round-trip request relayed: the client's second round (a new id,
// inputResponses and the requestState the server gave) is recorded as the
// same chain as its first, as mcpscope's own rounds are, so the pairs
// pane shows one request asked in two rounds, not two unrelated calls.
func TestMultiRoundTripIsRecordedAsAChain(t *testing.T) {
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	call := func(id, more string) string {
		t.Helper()
		body := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
			`"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"rounds","version":"1"}},` +
			`"name":"confirm","arguments":{"action":"deploy"}` + more + `}}`
		resp := rawPost(t, base+"/mcp", body, headers2026("tools/call", "Mcp-Name", "confirm")...)
		return readAll(t, resp.Body)
	}
	first := call("1", "")
	state := regexp.MustCompile(`"requestState":("(?:[^"\\]|\\.)*")`).FindStringSubmatch(first)
	if state == nil {
		t.Fatalf("the first round's answer %q asks for no input", first)
	}
	if second := call("2", `,"inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}},"requestState":`+state[1]); !strings.Contains(second, "confirmed: deploy") {
		t.Fatalf("the second round answered %q, want it confirmed", second)
	}
	c := w.sessions()[0]
	w.record(t, c.ID, "the second round's answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.ID == "2"
	})
	var rounds []*mcp.RPCMessage
	var firstSeq int64
	for _, r := range w.records(c.ID) {
		if r.Kind == mcp.KindSent && r.RPC.Method == "tools/call" {
			if len(rounds) == 0 {
				firstSeq = r.Seq
			}
			rounds = append(rounds, r.RPC)
		}
	}
	if len(rounds) != 2 || rounds[0].Chain != 0 || rounds[1].Chain != firstSeq {
		t.Fatalf("recorded %d rounds with chains %v, want the second chained to the first (seq %d):\n%s", len(rounds), chains(rounds), firstSeq, dump(w))
	}
}

func chains(ms []*mcp.RPCMessage) []int64 {
	var out []int64
	for _, m := range ms {
		out = append(out, m.Chain)
	}
	return out
}
