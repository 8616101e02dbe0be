package history

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxied client's Authorization with no scheme, longer than a record
// keeps of a header and holding a colon past the cut ("key:secret"), was
// taken for a token68 by the start the record held, so each echo of it
// was redacted only up to the colon and kept the secret after it. A value
// with no scheme is no token68 by the grammar: the whole of each echo is
// redacted, and what follows it is kept.
func TestRecordingRedactsSchemelessCredentialWithColonPastItsCut(t *testing.T) {
	key := randomBase64(7, base64.RawURLEncoding)[:mcp.HeaderLimit+100]
	secret := randomBase64(8, base64.RawURLEncoding)[:200]
	value := key + ":" + secret
	now := time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC)
	ex := cutAuthorization(t, "http://127.0.0.1:10431/mcp", value)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &ex},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"you sent ` + value + `"},{"type":"text","text":"bye"}]}}`)}},
		{Seq: 3, Time: now, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "refused " + value + " here"}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10431/mcp", Started: now}, recs, RecordOptions{})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(b, value, 16); p != "" {
		t.Errorf("the recording holds %q of the client's %d-byte credential", p, len(value))
	}
	for _, kept := range []string{`\"bye\"`, Redacted + " here"} {
		if !strings.Contains(string(b), kept) {
			t.Errorf("the recording lost %q, which follows an echo of the credential", kept)
		}
	}
}
