package history

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server may answer with JSON quoted in a string (a tool's result as
// text), and a credential in it spelt with escapes of its own: the outer
// string decoded once left "\u0074\u006f…", no spelling of the secret, and
// the credential stayed in the recording. Each string is decoded as deep
// as strings nest in it now.
func TestRecordingRedactsCredentialSpeltInsideNestedJSON(t *testing.T) {
	const pass = "tok-nested-2026!"
	var every strings.Builder
	for _, c := range []byte(pass) {
		fmt.Fprintf(&every, `\u%04x`, c)
	}
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	inner := `{"a":"` + every.String() + `"}`
	now := time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC)
	var recs []mcp.Record
	for depth := 1; depth <= 3; depth++ {
		v := inner
		for range depth {
			v = `{"v":` + quote(v) + `}`
		}
		raw := `{"jsonrpc":"2.0","id":` + fmt.Sprint(depth) + `,"result":` + v + `}`
		recs = append(recs, mcp.Record{Seq: int64(depth), Time: now, Kind: mcp.KindReceived,
			RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: fmt.Sprint(depth), Raw: mcp.Raw(raw)}})
	}
	b, got := recordedAs(t, Header{URL: "http://127.0.0.1:10613/mcp", Started: now}, recs, RecordOptions{Tokens: []string{pass}})
	for _, rec := range got {
		var strs []string
		if !collectStrings(string(rec.RPC.Raw), &strs) {
			t.Fatalf("the answer is no JSON: %s", rec.RPC.Raw)
		}
		redacted := false
		for len(strs) > 0 {
			s := strs[0]
			strs = strs[1:]
			if strings.Contains(s, pass) {
				t.Errorf("answer %s holds the credential in %q:\n%s", rec.RPC.ID, s, b)
			}
			redacted = redacted || s == Redacted
			collectStrings(s, &strs) // a string that is JSON: its strings too
		}
		if !redacted {
			t.Errorf("answer %s lost the shape around the credential: %s", rec.RPC.ID, rec.RPC.Raw)
		}
	}
}

// recordedAs records recs as recordAs does and gives back the recording's
// bytes and the records read back from it, as many as were recorded.
func recordedAs(t *testing.T, h Header, recs []mcp.Record, opts RecordOptions) ([]byte, []mcp.Record) {
	t.Helper()
	path := recordAs(t, h, recs, opts)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := readAll(t, path)
	if len(got) != len(recs) {
		t.Fatalf("read back %d records, want %d", len(got), len(recs))
	}
	return b, got
}
