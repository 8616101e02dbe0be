package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server may spell a credential's characters with escapes of its own
// choosing, and the digits of one escape may read, with the characters
// after it, as another credential. Searched as spelt, the second one's
// match inside "\u003c" was respelt to break it ("s" as "\u0073"), which
// hid the first credential from its own spellings, and one spelt with
// every byte as \uXXXX was never looked for: both stayed in the recording.
// Each string is searched as a reader gets it back now.
func TestRecordingRedactsCredentialsSpeltWithEscapes(t *testing.T) {
	const pass = "pa<ss-2026"     // Go spells it pa\u003css-2026
	const other = "3css-2026-xyz" // reads in that spelling's escape and past it
	var every strings.Builder
	for _, c := range []byte(pass) {
		fmt.Fprintf(&every, `\u%04x`, c)
	}
	echo := `{"jsonrpc":"2.0","id":1,"result":{"echo":"pa\u003css-2026-xyz"}}`
	all := `{"jsonrpc":"2.0","id":2,"result":{"all":"it is ` + every.String() + `!"}}`
	now := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1", Raw: mcp.Raw(echo)}},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "2", Raw: mcp.Raw(all)}},
		// The same answer as an SSE event: in the recording's line its
		// escapes are escaped again ("\\u0070").
		{Seq: 3, Time: now, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(all),
			Raw: mcp.Raw("event: message\ndata: " + all + "\n\n")}},
	}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10612/mcp", Started: now}, recs, RecordOptions{Tokens: []string{other, pass}})

	out := exportJSONOf(t, path)
	var strs []string
	if !collectStrings(out, &strs) {
		t.Fatalf("the export is no JSON:\n%s", out)
	}
	for _, s := range strs {
		if strings.Contains(s, pass) {
			t.Errorf("the export holds the credential %q in %q:\n%s", pass, s, out)
		}
	}
	if !strings.Contains(out, `"echo": "[redacted]-xyz"`) || !strings.Contains(out, `"all": "it is [redacted]!"`) {
		t.Errorf("the export lost the text around the echoes:\n%s", out)
	}

	got, _ := readAll(t, path)
	if len(got) != 3 || got[2].Event == nil {
		t.Fatalf("read back %d records, want the two answers and an event", len(got))
	}
	for _, raw := range []mcp.Raw{got[2].Event.Raw, got[2].Event.Data} {
		data := strings.TrimSpace(strings.TrimPrefix(string(raw), "event: message\ndata: "))
		strs = strs[:0]
		if !collectStrings(data, &strs) {
			t.Fatalf("the event's data is no JSON: %q", raw)
		}
		for _, s := range strs {
			if strings.Contains(s, pass) {
				t.Errorf("the recorded event holds the credential %q in %q:\n%s", pass, s, raw)
			}
		}
	}
}
