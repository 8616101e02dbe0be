package history

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A token holding & and a quote, echoed by a server whose JSON encoder
// leaves & alone (JavaScript's, Python's) as "tok&en\"...", is redacted
// in the recording: only Go's spelling (\u0026 and \") was searched for.
func TestRecordingRedactsPlainEncoderEcho(t *testing.T) {
	const tok = `tok&en"with-quote-1234`
	now := time.Date(2026, 11, 26, 14, 0, 0, 0, time.UTC)
	recs := []mcp.Record{{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"you are tok&en\"with-quote-1234"}]}}`)}}}
	path := recordAs(t, Header{URL: "http://127.0.0.1:9750/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "with-quote-1234") || !strings.Contains(string(b), Redacted) {
		t.Errorf("the echoed token is not redacted in the recording:\n%s", b)
	}
}
