package history

import (
	"encoding/base64"
	"encoding/json"
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
	tok := randomBase64(3, base64.StdEncoding)
	if !strings.Contains(tok, "/") || len(tok) <= mcp.HeaderLimit {
		t.Fatalf("the token (%d bytes) has no / or fits a header a record keeps", len(tok))
	}
	now := time.Date(2026, 11, 27, 22, 0, 0, 0, time.UTC)
	ex := cutAuthorization(t, "http://127.0.0.1:10430/mcp", "Bearer "+tok)
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

// A proxied client's Authorization longer than a record keeps whose rest
// holds spaces and commas ("..., Signature=...") was redacted only up to
// the first of them: the rest of the credential stayed in every echo of
// it, in a server's JSON and in mcpscope's own words. The whole of it is
// redacted now, and what follows each echo is kept.
func TestRecordingRedactsLearntCredentialPastItsCutWithSpaces(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{5}))
	hexOf := func(n int) string {
		const digits = "0123456789abcdef"
		b := make([]byte, n)
		for i := range b {
			b[i] = digits[rng.IntN(16)]
		}
		return string(b)
	}
	tok := "Credential=" + hexOf(mcp.HeaderLimit) + `, SignedHeaders=host;x-date, Note="a b", Signature=` + hexOf(512)
	now := time.Date(2026, 11, 27, 22, 0, 0, 0, time.UTC)
	ex := cutAuthorization(t, "http://127.0.0.1:10600/mcp", "AWS4-HMAC-SHA256 "+tok)
	quoted, _ := json.Marshal("you are " + tok + ", bye")
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &ex},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":` + string(quoted) + `}]}}`)}},
		{Seq: 3, Time: now, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "refused " + tok + "\nnext line"}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10600/mcp", Started: now}, recs, RecordOptions{})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(b, tok[len(tok)-600:], 16); p != "" {
		t.Errorf("the recording holds %q of the rest of the client's %d-byte credential", p, len(tok))
	}
	for _, kept := range []string{Redacted + ", bye", Redacted + `\nnext line`} {
		if !strings.Contains(string(b), kept) {
			t.Errorf("the recording lost %q, which follows an echo of the credential", kept)
		}
	}
}
