package history

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A cookie's value is no token68: a signed cookie ("data:stamp:signature",
// as Django's) holds colons. Cut by the record after its token68 start,
// an echo of the whole value had its extension stop at the first colon,
// and the signature after it was kept in the recording.
func TestRecordingRedactsTheSignatureAfterACutCookiesColon(t *testing.T) {
	data := randomBase64(9, base64.RawURLEncoding)[:mcp.HeaderLimit]
	sig := "1tZk3Q:Sg7x0ZqfW2bLk9vHcR4uPj8mYtN3aE6dQwXo5sKiLzU"
	value := "theme=dark; session=" + data + ":" + sig
	var ex mcp.HTTPExchange
	ex.Method, ex.URL, ex.Status = "POST", "http://127.0.0.1:10614/mcp", 200
	ex.KeepRequestHeaders(map[string][]string{"Cookie": {value}})
	if ex.RequestHeadersCut["Cookie"] == 0 {
		t.Fatal("the long Cookie was not cut")
	}
	now := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &ex},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"your session is ` + data + ":" + sig + `"}]}}`)}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10614/mcp", Started: now}, recs, RecordOptions{})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{string(b), exportJSONOf(t, path)} {
		if strings.Contains(text, "Sg7x0ZqfW2bLk9vHcR4uPj8mYtN3aE6dQwXo5sKiLzU") {
			t.Errorf("the recording or its export holds the cookie's signature:\n%.300s", text[strings.Index(text, "your session"):])
		}
	}
}
