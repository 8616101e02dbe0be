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

// A proxied client's bearer token longer than a record keeps is learnt as
// its start, and each echo of it was extended by as many bytes as the
// record cut: a server quoting a little more than that start and going on
// ("… is not valid, sign in again") lost its words to [redacted]. The rest
// of a token68 credential is token68 too, and the extension stops where
// the text can no longer be it.
func TestRecordingKeepsTheWordsAfterAShortEchoOfACutToken(t *testing.T) {
	tok := randomBase64(7, base64.RawURLEncoding)
	ex := cutAuthorization(t, "http://127.0.0.1:10613/mcp", "Bearer "+tok)
	echo := tok[:mcp.HeaderLimit+100]
	now := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &ex},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"token ` + echo + ` is not valid, sign in again"}]}}`)}},
		{Seq: 3, Time: now, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "refused " + echo + " for good reasons"}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10613/mcp", Started: now}, recs, RecordOptions{})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The export shows the answer; the error, in no pair, is the
	// recording's.
	out := exportJSONOf(t, path)
	for _, text := range []string{out, string(b)} {
		if p := mcptest.PieceOf([]byte(text), echo, 32); p != "" {
			t.Errorf("the recording or its export holds %q of the client's token", p)
		}
	}
	if kept := "token " + Redacted + " is not valid, sign in again"; !strings.Contains(out, kept) {
		t.Errorf("the export lost %q", kept)
	}
	if kept := "refused " + Redacted + " for good reasons"; !strings.Contains(string(b), kept) {
		t.Errorf("the recording lost %q", kept)
	}
}

// randomBase64 is 9 KiB of random bytes, from seed, in enc: a credential
// longer than a record keeps of a header.
func randomBase64(seed byte, enc *base64.Encoding) string {
	rng := rand.New(rand.NewChaCha8([32]byte{seed}))
	raw := make([]byte, 9<<10)
	for i := range raw {
		raw[i] = byte(rng.Uint32())
	}
	return enc.EncodeToString(raw)
}

// cutAuthorization is an answered POST to url whose record cut its
// request's Authorization, value.
func cutAuthorization(t *testing.T, url, value string) mcp.HTTPExchange {
	t.Helper()
	var ex mcp.HTTPExchange
	ex.Method, ex.URL, ex.Status = "POST", url, 200
	ex.KeepRequestHeaders(map[string][]string{"Authorization": {value}})
	if ex.RequestHeadersCut["Authorization"] == 0 {
		t.Fatal("the long Authorization was not cut")
	}
	return ex
}
