package history

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server echoing in part a credential that holds a backslash, a quote
// or a control character spells it with JSON escapes, its own or others
// (\n for the backslash's place, \u0022 for the quote): a run of the
// credential ending or starting inside such an escape was skipped whole,
// and its 16 bytes and more before the escape stayed in the recording.
// Each string is searched as it decodes now.
func TestRecordingRedactsPiecesAroundEscapes(t *testing.T) {
	const tok = `Zq4nV8xT2mR7kLp0\wB3"cY6hJ9sD1fG5aH2` + "\x01" + `aE8uN2oI4pQ7rS0tU`
	q, c := strings.IndexByte(tok, '"'), strings.IndexByte(tok, 1)
	ends := tok[:17] + "n"                       // the backslash and what follows it read as \n
	quoted := `xx\u0022` + tok[q+1:c]            // its quote spelt \u0022, then the bytes after it
	control := tok[q+1:c] + `\u0001` + tok[c+1:] // the control character spelt as Go does
	now := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
	recs := []mcp.Record{{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"a ` + ends + ` b ` + quoted + ` c ` + control + ` d"}]}}`)}}}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10612/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	out := exportJSONOf(t, path)
	for _, piece := range []string{tok[:16], tok[q+1 : c], tok[c+1:]} {
		if p := mcptest.PieceOf([]byte(out), piece, 12); p != "" {
			t.Errorf("the export holds %q of the credential:\n%s", p, out)
		}
	}
	if want := `"a ` + Redacted + `\n b xx` + Redacted + ` c ` + Redacted + ` d"`; !strings.Contains(out, want) {
		t.Errorf("the export lost the text around the echo:\n%s", out)
	}
}
