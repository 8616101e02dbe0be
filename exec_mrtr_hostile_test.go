package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// askingServer is a 2026 server whose tools/call always answers result.
func askingServer(t *testing.T, result string) string {
	t.Helper()
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + result + `}`)
	}})
	return srv.URL
}

// An input_required answer exec cannot follow is a failure (exit 1) saying
// what is wrong with it, never a success printing "resultType
// input_required".
func TestExecMalformedInputRequiredFails(t *testing.T) {
	url := askingServer(t, `{"resultType":"input_required","inputRequests":[1,2],"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	if code != exitFailed || !strings.Contains(out+errOut, "inputRequests is an array") || !strings.Contains(out+errOut, "server bug") {
		t.Errorf("exit %d, want %d naming the broken inputRequests and whose fault it is\n%s\n%s", code, exitFailed, out, errOut)
	}
}

// A round asking for thousands of things is reported in a few lines: the
// first ones by name, the rest counted.
func TestExecHugeInputRequestsAreCounted(t *testing.T) {
	var reqs []string
	for i := range 2000 {
		reqs = append(reqs, fmt.Sprintf(`"k%04d":{"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object"}}}`, i))
	}
	url := askingServer(t, `{"resultType":"input_required","inputRequests":{`+strings.Join(reqs, ",")+`},"requestState":"s"}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	all := out + errOut
	if code != exitFailed || !strings.Contains(all, "--answer 'k0000 ...'") || !strings.Contains(all, "and 1992 more") {
		t.Fatalf("exit %d, want %d naming the first keys and counting the rest\n%.2000s", code, exitFailed, all)
	}
	if lines := strings.Count(all, "\n"); lines > 40 || len(all) > 4000 {
		t.Errorf("the report is %d lines, %d bytes; want a few lines whatever the server asks", lines, len(all))
	}
}

// A resultType or ttlMs of the wrong type is printed as the server wrote
// it, never as an empty word or a zero that looks like a real value.
func TestExecOddResultInfoShownAsWritten(t *testing.T) {
	url := askingServer(t, `{"resultType":5,"ttlMs":1e400,"content":[{"type":"text","text":"hi"}]}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "resultType 5 (not a string)") || !strings.Contains(out, "ttlMs 1e400 (not a whole number") || strings.Contains(out, "ttlMs 0") {
		t.Errorf("exit %d, want the odd members as written\n%s\n%s", code, out, errOut)
	}
}

// A discover answer listing a version that is not a string still prints
// the server's identity and the versions that are.
func TestExecDiscoverWithOddVersions(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "server/discover" {
			x.Default()
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":[7,"2026-07-28"],"capabilities":{"tools":{}},` +
			`"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"oddball","version":"1"}}}}`)
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if code != exitOK || !strings.Contains(out, "server oddball 1, protocol 2026-07-28 (stateless") {
		t.Errorf("exit %d, want the server named\n%s\n%s", code, out, errOut)
	}
}

// An inputRequests key that is also a short name (here "elicitation", for
// a sampling request) is answered by --answer 'KEY ...', as the hint for it
// says, not read as the method it also names.
func TestExecAnswerKeyNamedLikeAnAlias(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		var p struct {
			InputResponses map[string]json.RawMessage `json:"inputResponses"`
		}
		_ = json.Unmarshal(x.Params, &p)
		if got, ok := p.InputResponses["elicitation"]; ok {
			x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "got " + string(got)}}})
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"elicitation":` +
			`{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":10}}}}}`)
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	if code != exitFailed || !strings.Contains(out+errOut, "--answer 'elicitation ...'") {
		t.Fatalf("without --answer: exit %d, want %d and the hint naming the key\n%s\n%s", code, exitFailed, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation A reply by hand", srv.URL, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "A reply by hand") {
		t.Errorf("with --answer 'elicitation ...': exit %d, want the sampling request answered\n%s\n%s", code, out, errOut)
	}
}
