package history

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A hostile server that knows the user's long token (it is sent it) may
// answer with thousands of different pieces of it. Each was replaced as a
// string of its own, one more pass over the whole answer: 20000 of them,
// 600 kB, took the recorder half a minute, a few megabytes hours. Every
// piece is replaced in one pass now.
func TestRecordingRedactsManyPiecesOfATokenAtOnce(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{7}))
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 800)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	tok := string(b)
	var text strings.Builder
	n := 0
	for from := 0; from+minPiece < len(tok) && n < 20000; from++ {
		for l := minPiece + 1; l < 45 && from+l <= len(tok) && n < 20000; l++ {
			text.WriteString(tok[from:from+l] + " ")
			n++
		}
	}
	quoted, _ := json.Marshal(text.String())
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":` + string(quoted) + `}]}}`)}},
	}
	start := time.Now()
	path := recordAs(t, Header{URL: "http://127.0.0.1:10603/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	// Generous for a loaded machine: it was half a minute, and is under
	// a second.
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("recording an answer of %d pieces of the token took %v", n, took)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(got, tok, minPiece); p != "" {
		t.Errorf("the recording holds %q of the token", p)
	}
	if c := strings.Count(string(got), Redacted); c != n {
		t.Errorf("the recording holds %d %s, want one for each of the %d pieces", c, Redacted, n)
	}
}
