package history

import (
	"encoding/base64"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxied client's Authorization longer than a record keeps of a header
// was learnt as the 8 KiB the record held, so its echoes kept the rest in
// the clear: in a server's JSON spelt with PHP's "\/", in a quoted URL's
// query and in mcpscope's own words. The whole of each is redacted now,
// and no more than the credential: what follows each echo is kept.
func TestRecordingRedactsLearntCredentialPastItsCut(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{3}))
	raw := make([]byte, 9<<10)
	for i := range raw {
		raw[i] = byte(rng.Uint32())
	}
	tok := base64.StdEncoding.EncodeToString(raw)
	if !strings.Contains(tok, "/") || len(tok) <= mcp.HeaderLimit {
		t.Fatalf("the token (%d bytes) has no / or fits a header a record keeps", len(tok))
	}
	now := time.Date(2026, 11, 27, 22, 0, 0, 0, time.UTC)
	var ex mcp.HTTPExchange
	ex.Method, ex.URL, ex.Status = "POST", "http://127.0.0.1:10430/mcp", 200
	ex.KeepRequestHeaders(map[string][]string{"Authorization": {"Bearer " + tok}})
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &ex},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"you are ` + strings.ReplaceAll(tok, "/", `\/`) + `, bye"}]}}`)}},
		{Seq: 3, Time: now, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost,
			Message: "GET http://127.0.0.1:10430/mcp?key=" + tok + "&page=2 failed: sent " + tok + "XYZ"}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10430/mcp", Started: now}, recs, RecordOptions{})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(b, tok, 64); p != "" {
		t.Errorf("the recording holds %q of the client's %d-byte token", p, len(tok))
	}
	for _, kept := range []string{Redacted + ", bye", Redacted + `\u0026page=2 failed`, Redacted + "XYZ"} {
		if !strings.Contains(string(b), kept) {
			t.Errorf("the recording lost %q, which follows an echo of the token", kept)
		}
	}
}
