package history

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server echoing the user's long --bearer in part (its last part only,
// its ends either side of an ellipsis, a stretch of its middle, in a
// result, an event and a header) left those parts in the recording: only
// the whole token, or its start where the record cut it, was replaced. Any
// run of minPiece bytes of it is replaced now, wherever it lies; a shorter
// run, an ordinary word the token holds, is kept.
func TestRecordingRedactsPiecesOfAToken(t *testing.T) {
	const tok = "sk-live-production-7f3a9c2e1b5d4e6f8a0b"
	last, ends, middle := tok[len(tok)-20:], tok[:18]+"…"+tok[len(tok)-18:], tok[10:10+minPiece]
	short := tok[8 : 8+minPiece-1] // "production-7f3a": one byte short
	now := time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Method: "POST", URL: "http://127.0.0.1:10601/mcp", Status: 200,
			Headers: map[string][]string{"X-Key-End": {last}}}},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"key ` + ends + ` ok; ends ` + last + `; short ` + short + ` kept"}]}}`)}},
		{Seq: 3, Time: now, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Name: "message",
			Raw: mcp.Raw(`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"saw x` + middle + `y"}}` + "\n\n")}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10601/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(b, tok, minPiece); p != "" {
		t.Errorf("the recording holds %q of the token:\n%s", p, b)
	}
	for _, kept := range []string{"short " + short + " kept", "saw x" + Redacted + "y", "key " + Redacted + "…" + Redacted + " ok"} {
		if !strings.Contains(string(b), kept) {
			t.Errorf("the recording lacks %q:\n%s", kept, b)
		}
	}
}
