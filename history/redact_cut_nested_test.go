package history

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A bearer token longer than a record keeps of a header, echoed by a
// tool as JSON quoted in its text by an encoder that writes "/" as "\/"
// (PHP's): each "\/" of the rest past the cut is "\\\/" in the answer,
// which the rest's extension read as a backslash, no token68 byte, and
// stopped at, keeping the rest of the token after its first slash.
func TestRecordingRedactsRestOfCutTokenEchoedInQuotedJSON(t *testing.T) {
	cred := strings.Repeat("Ab/", (mcp.HeaderLimit+300)/3) + base64.StdEncoding.EncodeToString([]byte("the rest of it, 32 bytes long!!!"))
	now := time.Date(2026, 11, 28, 4, 0, 0, 0, time.UTC)
	ex := cutAuthorization(t, "http://127.0.0.1:11050/mcp", "Bearer "+cred)
	inner := `{"auth":"` + strings.ReplaceAll(cred, "/", `\/`) + `"}`
	text, _ := json.Marshal(inner)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &ex},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":` + string(text) + `}]}}`)}},
	}
	got, _ := readAll(t, recordAs(t, Header{URL: "http://127.0.0.1:11050/mcp", Started: now}, recs, RecordOptions{}))
	var ans struct {
		Result struct{ Content []struct{ Text string } }
	}
	if len(got) != 2 || json.Unmarshal([]byte(got[1].RPC.Raw), &ans) != nil || len(ans.Result.Content) != 1 {
		t.Fatalf("the answer did not come back as JSON: %d records", len(got))
	}
	shown := unescaped(ans.Result.Content[0].Text)
	if p := mcptest.PieceOf([]byte(shown), cred, 16); p != "" {
		t.Errorf("the tool's text holds %q of the client's %d-byte token: %.200q", p, len(cred), shown)
	}
}
