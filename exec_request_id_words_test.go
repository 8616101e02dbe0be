package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request id or a progress token typed as key=value goes as the number
// it is when the word is an integer, as a tool's integer argument does:
// notifications/cancelled requestId=5 used to send "5", which names no
// request of id 5 (a server matches ids by their JSON type too). A word
// that is no integer stays a string, and key:=<json> sends what was typed.
func TestExecRequestIDWordsAreTyped(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL+"/mcp",
		"notifications/cancelled requestId=5 reason=gone",
		`notifications/cancelled requestId:='"5"'`,
		"notifications/cancelled requestId=call-7",
		"notifications/progress progressToken=7 progress=1 total=2 message=3")
	if code != exitOK {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	var got []string
	for _, r := range srv.Requests() {
		if r.RPCMethod != "notifications/cancelled" && r.RPCMethod != "notifications/progress" {
			continue
		}
		var m struct {
			Params json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal(r.Body, &m); err != nil {
			t.Fatalf("%s: %v", r.Body, err)
		}
		got = append(got, string(m.Params))
	}
	want := []string{
		`{"requestId":5,"reason":"gone"}`,
		`{"requestId":"5"}`,
		`{"requestId":"call-7"}`,
		`{"progressToken":7,"progress":1,"total":2,"message":"3"}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("params sent:\n%q\nwant:\n%q", got, want)
	}
}
