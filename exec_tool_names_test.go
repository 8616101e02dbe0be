package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list naming two tools alike, or one with an empty name, is
// listed with a note on each: a call names one tool, so it cannot say
// which of the two it means, and an empty name cannot be called at all.
func TestExecListingSaysWhichToolNamesAreAmbiguous(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{
		{Name: "ok", Description: "the first"}, {Name: "ok", Description: "the second"}, {Name: "", Description: "nameless"}, {Name: "fine", Description: "alone"},
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list")
	for _, want := range []string{
		`⚠ tools/call cannot tell apart the 2 tools named "ok" · the first`,
		`⚠ tools/call cannot tell apart the 2 tools named "ok" · the second`,
		`⚠ its name is empty: tools/call cannot name it · nameless`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d, the listing lacks %q:\n%s\n%s", code, want, out, errOut)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "alone") && strings.Contains(line, "⚠") {
			t.Errorf("a tool whose name is fine is marked: %q", line)
		}
	}
}

// A tool whose name the server wrote in bytes that are not UTF-8 is listed
// with the U+FFFD they read as and a note: a call by the name shown sends
// that character, not the server's bytes, so it names no tool.
func TestExecListingSaysANameIsNotUTF8(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Status(200, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[`+
			`{"name":"caf`+"\xe9"+`","description":"latin-1","inputSchema":{"type":"object"}},`+
			`{"name":"fine","description":"alone","inputSchema":{"type":"object"}}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if want := "⚠ its name holds U+FFFD, what bytes that are not UTF-8 read as"; code != exitOK || strings.Count(out, want) != 1 || !strings.Contains(out, "latin-1") {
		t.Errorf("exit %d, want the listing to say once %q:\n%s\n%s", code, want, out, errOut)
	}
}

// A hostile server can list "a\u200db" beside "ab": the screen drops the
// zero-width joiner, so both read "ab", and a user calls the one they did
// not mean. The listing marks the hidden one with its escaped name, and
// only it; a joiner between two emoji is shown as it is and not marked.
func TestExecListingSaysANameHoldsHiddenCharacters(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: []mcptest.Tool{
		{Name: "a\u200db", Description: "the hidden one"}, {Name: "ab", Description: "the plain one"},
		{Name: "r\u202eab", Description: "reversed"}, {Name: "👩\u200d💻", Description: "an emoji"},
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list", "tools/call 'a\u200db'")
	for _, want := range []string{
		"── tools/call " + `"a\u200db"`,
		`⚠ its name holds characters a terminal does not show as they are: the server sent "a\u200db" · the hidden one`,
		`⚠ its name holds characters a terminal does not show as they are: the server sent "r\u202eab" · reversed`,
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d, the listing lacks %q:\n%s\n%s", code, want, out, errOut)
		}
	}
	if !strings.Contains(out, "\n"+`"a\u200db"  `) {
		t.Errorf("the hidden one is not listed under its escaped name:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if (strings.Contains(line, "the plain one") || strings.Contains(line, "an emoji")) && strings.Contains(line, "⚠") {
			t.Errorf("a tool whose name shows as it is is marked: %q", line)
		}
	}
}
