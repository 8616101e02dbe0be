package history

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A token with a "/" echoed by a tool as JSON quoted in its text, by an
// encoder that writes "/" as "\/" (PHP's), is "\\\/" in the answer: the
// quick test looked further only for \u escapes, found none of the
// token's forms, and the answer was recorded with the token in it.
func TestRecordingRedactsTokenWithSlashInQuotedJSON(t *testing.T) {
	tok := "k3Y/9pQ2/zX8rT4/mN7wE1"
	inner := `{"auth":"` + strings.ReplaceAll(tok, "/", `\/`) + `","n":"one\ntwo"}`
	text, _ := json.Marshal(inner)
	rec := mcp.Record{Seq: 1, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":` + string(text) + `}]}}`)}}
	got, _ := readAll(t, recordAs(t, testHeader(), []mcp.Record{rec}, RecordOptions{Tokens: []string{tok}}))
	var ans struct {
		Result struct{ Content []struct{ Text string } }
	}
	if len(got) != 1 || json.Unmarshal([]byte(got[0].RPC.Raw), &ans) != nil || len(ans.Result.Content) != 1 {
		t.Fatalf("the answer did not come back as JSON: %d records", len(got))
	}
	var shown struct{ Auth, N string }
	if err := json.Unmarshal([]byte(ans.Result.Content[0].Text), &shown); err != nil {
		t.Fatalf("the tool's text is no longer its JSON: %v", err)
	}
	if shown.Auth != Redacted || shown.N != "one\ntwo" {
		t.Errorf("the tool's JSON reads auth %q, n %q: want %q and the rest as sent", shown.Auth, shown.N, Redacted)
	}
}
