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
	return mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + result + `}`)
	}).URL
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
	if code != exitFailed || !strings.Contains(all, "--answer 'k0000 accept'") || !strings.Contains(all, "and 1992 more") {
		t.Fatalf("exit %d, want %d naming the first keys and counting the rest\n%.2000s", code, exitFailed, all)
	}
	if lines := strings.Count(all, "\n"); lines > 40 || len(all) > 4000 {
		t.Errorf("the report is %d lines, %d bytes; want a few lines whatever the server asks", lines, len(all))
	}
}

// A ttlMs of the wrong type is printed as the server wrote it, never as a
// zero that looks like a real value.
func TestExecOddResultInfoShownAsWritten(t *testing.T) {
	url := askingServer(t, `{"resultType":"complete","ttlMs":1e400,"content":[{"type":"text","text":"hi"}]}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "ttlMs 1e400 (past the largest whole number of milliseconds, 9223372036854775807)") || strings.Contains(out, "ttlMs 0") {
		t.Errorf("exit %d, want the odd member as written\n%s\n%s", code, out, errOut)
	}
}

// A discover answer listing a version that is not a string still prints
// the server's identity and the versions that are.
func TestExecDiscoverWithOddVersions(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":[7,"2026-07-28"],"capabilities":{"tools":{}},` +
			`"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"oddball","version":"1"}}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if code != exitOK || !strings.Contains(out, "server oddball 1, protocol 2026-07-28 (stateless; supported: 7, 2026-07-28)") {
		t.Errorf("exit %d, want the server named\n%s\n%s", code, out, errOut)
	}
}

// An inputRequests key that is also a short name (here "elicitation", for
// a sampling request) is answered by --answer 'KEY ...', as the hint for it
// says, not read as the method it also names.
func TestExecAnswerKeyNamedLikeAnAlias(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
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
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	if code != exitFailed || !strings.Contains(out+errOut, "--answer 'elicitation THE REPLY'") {
		t.Fatalf("without --answer: exit %d, want %d and the hint naming the key\n%s\n%s", code, exitFailed, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation A reply by hand", srv.URL, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "A reply by hand") {
		t.Errorf("with --answer 'elicitation ...': exit %d, want the sampling request answered\n%s\n%s", code, out, errOut)
	}
}

// A server/discover refused with -32021 or -32020 gets the advice for that
// refusal: a capability asked for, or headers that do not match, not the
// header advice for both.
func TestExecDiscoverRefusedAdviceByCode(t *testing.T) {
	for _, tc := range []struct {
		code      int
		want, not string
	}{
		{-32021, "client capability declared even for server/discover", "-H header"},
		{-32020, "Mcp-* headers not matching its body", "client capability"},
	} {
		t.Run(fmt.Sprint(tc.code), func(t *testing.T) {
			srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
				x.Fail(400, tc.code, "refused", map[string]any{"requiredCapabilities": []string{"telepathy"}})
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
			if code != exitConnect || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, tc.not) {
				t.Errorf("exit %d, want %d and advice saying %q, not %q\n%s\n%s", code, exitConnect, tc.want, tc.not, out, errOut)
			}
		})
	}
}

// A resultType 2026-07-28 does not define, or one that is no string, makes
// the result invalid, as that revision says a client MUST consider it:
// exec says which resultType, as the server wrote it, and exits 1, where
// it printed the content, "read as complete", and exited 0.
func TestExecUnknownResultType(t *testing.T) {
	for _, tc := range []struct{ stated, want string }{
		{`"partial"`, `tools/call answered resultType "partial", which is none of 2026-07-28's (complete, input_required): an invalid result, not a success`},
		{`5`, `tools/call answered resultType 5, which is none of 2026-07-28's`},
	} {
		url := askingServer(t, `{"resultType":`+tc.stated+`,"content":[{"type":"text","text":"hi"}]}`)
		out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
		if code != exitFailed || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("exit %d, want %d and %q\n%s\n%s", code, exitFailed, tc.want, out, errOut)
		}
	}
}

// A server that names only versions newer than mcpscope knows is told
// apart: pinning one would send the 2026-07-28 messages under its name.
func TestExecDiscoverNamesOnlyNewerVersions(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Fail(400, -32022, "unsupported", map[string]any{"supported": []string{"2099-01-01"}, "requested": "2026-07-28"})
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if code != exitConnect || !strings.Contains(errOut, "2099-01-01") || !strings.Contains(errOut, "newer than the newest mcpscope knows") {
		t.Errorf("exit %d, want %d saying the versions are newer than mcpscope knows\n%s\n%s", code, exitConnect, out, errOut)
	}
}

// An initialize answer without serverInfo or protocolVersion says they are
// missing instead of printing blanks.
func TestExecInitializeWithoutIdentity(t *testing.T) {
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"capabilities": map[string]any{"tools": map[string]any{}}})
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "tools/list")
	if code != exitOK || !strings.Contains(out, "server (no serverInfo), protocol (none named)") {
		t.Errorf("exit %d, want the missing identity said\n%s\n%s", code, out, errOut)
	}
}

// A 2026 tools/list answered input_required with nothing else is not
// followed (the specification allows it only on tools/call, prompts/get
// and resources/read): the warning says so, and what is left of the
// answer, no tools, is the list; no second round is sent.
func TestExecToolsListAsksForInput(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), "inputResponses") {
			x.Result(map[string]any{"tools": []map[string]any{{"name": "listed-after-input", "inputSchema": map[string]any{"type": "object"}}}})
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"r":{"method":"roots/list","params":{}}}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if code != exitOK || strings.Contains(out, "listed-after-input") || !strings.Contains(out, `warning: tools/list answered resultType "input_required" asking for r`) {
		t.Errorf("exit %d, want the answer read as it came, with a warning, and no second round\n%s\n%s", code, out, errOut)
	}
}

// An input_required answer whose question is nested deeper than
// encoding/json reads (10,000 levels) is still a question: exec shows its
// message and answers it with --answer, never a success printing the
// unfinished result, nor a failure saying the whole answer cannot be read.
func TestExecInputRequiredTooDeep(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 6000) + `{"type":"string"}` + strings.Repeat(`}}`, 6000)
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), `"inputResponses":{"e":{"action":"decline"}}`) && strings.Contains(string(x.Params), `"requestState":"s"`) {
			x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "done-after-deep-ask"}}})
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"e":{"method":"elicitation/create","params":{"message":"deep-question","requestedSchema":` + deep + `}}}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	if code != exitFailed || !strings.Contains(errOut, "the server asked for e (elicitation/create): deep-question") || strings.Contains(out+errOut, "cannot be read") {
		t.Errorf("without --answer: exit %d, want %d showing the deep question\n%.3000s\n%.3000s", code, exitFailed, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", "--answer", "e decline", srv.URL, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "done-after-deep-ask") {
		t.Errorf("with --answer 'e decline': exit %d, want the result given after the answer\n%.3000s\n%.3000s", code, out, errOut)
	}
}

// What a server asks is quoted in part when it is megabytes long (its key,
// its message, its URL): exec's hint stays a few lines.
func TestExecHugeAskQuotedInPart(t *testing.T) {
	key, msg := strings.Repeat("k", 1<<20), strings.Repeat("m", 1<<20)
	url := askingServer(t, `{"resultType":"input_required","requestState":"s","inputRequests":{"`+key+`":{"method":"elicitation/create",`+
		`"params":{"mode":"url","url":"https://example.com/`+msg+`","message":"`+msg+`","elicitationId":"1"}}}}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	if code != exitFailed || !strings.Contains(out+errOut, "the server asked for kkk") || len(out+errOut) > 16<<10 {
		t.Errorf("exit %d, %d bytes of output, want %d and what was asked quoted in part\n%.2000s", code, len(out+errOut), exitFailed, errOut)
	}
}

// A cacheScope of "" is shown as written, with the scopes the protocol
// defines, where the line left it out as if the result named none.
func TestExecEmptyCacheScopeIsSaid(t *testing.T) {
	url := askingServer(t, `{"resultType":"complete","cacheScope":"","content":[{"type":"text","text":"hi"}]}`)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
	if code != exitOK || !strings.Contains(out, `cacheScope "" (not public or private, the scopes the protocol defines)`) {
		t.Errorf("exit %d, want the empty cacheScope said\n%s\n%s", code, out, errOut)
	}
}
