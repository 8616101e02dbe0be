package history

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exportJSONOf is the JSON `mcpscope export` writes of the recording at path.
func exportJSONOf(t *testing.T, path string) string {
	t.Helper()
	l, h, _, err := LoadLog(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := ExportJSON(&b, h, l); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// jwtOf is an HS256 JWT of payload, its signature sig's bytes.
func jwtOf(payload, sig string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." + enc([]byte(payload)) + "." + enc([]byte(sig))
}

// The user's JWT begins as every HS256 JWT does; its 36-byte header was a
// run of 16 bytes of the token, so a different JWT a tool's answer carried
// was recorded as "[redacted].eyJ…": the header of any JWT is no piece of
// the user's. The user's own payload and signature, echoed in part, are
// still redacted, with the header before them.
func TestRecordingKeepsAnotherJWTReadable(t *testing.T) {
	tok := jwtOf(`{"sub":"ann@example.com","scope":"admin"}`, "ann's signature: 32 bytes long!!")
	other := jwtOf(`{"sub":"bob","exp":1800000000}`, "bob's own signature, 32 bytes!!!")
	head := tok[:strings.IndexByte(tok, '.')+1]
	if !strings.HasPrefix(other, head) {
		t.Fatalf("%s and %s do not share a header", tok, other)
	}
	ownPiece := tok[:len(tok)-10] // the header, the payload, most of the signature
	now := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
	recs := []mcp.Record{{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"minted ` + other + `; yours began ` + ownPiece + `…"}]}}`)}}}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10611/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	out := exportJSONOf(t, path)
	if !strings.Contains(out, "minted "+other+";") {
		t.Errorf("the export lacks the other JWT %s whole:\n%s", other, out)
	}
	if p := mcptest.PieceOf([]byte(out), tok[len(head):], minPiece); p != "" {
		t.Errorf("the export holds %q of the user's JWT:\n%s", p, out)
	}
	if !strings.Contains(out, "yours began "+Redacted+"…") {
		t.Errorf("the user's JWT echoed in part is not redacted whole:\n%s", out)
	}
}

// A token whose first segment is base64url JSON but no JOSE header (no
// "alg") may carry its secret there ({"user":…,"key":…}.mac): its bytes
// were not counted as the token's, and a server echoing that segment kept
// the key in the recording.
func TestRecordingRedactsAnEchoedJSONSegmentOfANonJWTToken(t *testing.T) {
	enc := base64.RawURLEncoding.EncodeToString
	first := enc([]byte(`{"user":"ann","key":"k7Qx2mW9pL4vR8sT1nB6cY3hJ5dF0gZe"}`))
	tok := first + "." + enc([]byte("a mac of 32 bytes, not the point"))
	now := time.Date(2026, 11, 28, 2, 0, 0, 0, time.UTC)
	recs := []mcp.Record{{Seq: 1, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"your key is ` + first + `."}]}}`)}}}
	path := recordAs(t, Header{URL: "http://127.0.0.1:10612/mcp", Started: now}, recs, RecordOptions{Tokens: []string{tok}})
	out := exportJSONOf(t, path)
	if p := mcptest.PieceOf([]byte(out), first, minPiece); p != "" {
		t.Errorf("the export holds %q of the user's token:\n%s", p, out)
	}
}
