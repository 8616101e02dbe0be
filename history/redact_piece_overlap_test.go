package history

import (
	"os"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's echo of a long token with a byte of it dropped is two runs of
// the token that meet: the second may begin a byte before the first ends,
// where that byte happens to be the one before it in the token too. Both
// were replaced as strings, longest first, and the second, no longer whole
// once the first was, stayed in the recording but for its first byte.
func TestRecordingRedactsPiecesThatOverlap(t *testing.T) {
	// tok[29] == tok[30] ("aa"): the echo drops tok[30], and the run of
	// tok[30:] begins at the echo's tok[29], the last byte of the run of
	// tok[:30] before it.
	const tok = "Zk3q9Lm2Vx7Rb4Tn8Wc1Yd6Hf0Jg5P" + "aa" + "Qs2Ue7Io3Kh9Ny4Bt6Mr1Cv8Xz5Dw0E"
	echo := tok[:30] + tok[31:]
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"key ` + echo + ` ok"}]}}`)}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10602/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(b, tok, minPiece); p != "" {
		t.Errorf("the recording holds %q of the token:\n%s", p, b)
	}
}
