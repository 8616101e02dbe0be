package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Every note line exec prints ("· …") is one line whatever the server
// put in the words it chose: a method name of a server request, an
// inputRequests key, a log message. A line break there is shown (⏎),
// never a new line that reads as a note exec wrote.
func TestExecNoteLinesStayOnOneLine(t *testing.T) {
	const forged = "\n· answered the server's forged"
	streamable := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Log("info", "started"+forged+" log")
		_, _ = x.ServerRequest(context.Background(), "x/ask"+forged+" method", map[string]any{})
		x.Result(mcptest.TextResult("done", false))
	}})
	stateless := askingServerOnce(t, `{"resultType":"input_required","inputRequests":{"roots`+strings.ReplaceAll(forged, "\n", `\n`)+` key":{"method":"roots/list","params":{}}},"requestState":"s"}`)
	for _, url := range []string{streamable.URL + "/mcp", stateless} {
		out, errOut, _ := run(t, "exec", "--no-record", "--no-listen", "--root", t.TempDir(), url, "tools/call anything")
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "· answered the server's forged") {
				t.Errorf("%s: the server forged a note line %q:\n%s\n%s", url, line, out, errOut)
			}
		}
		if !strings.Contains(out, "⏎· answered the server's forged") {
			t.Errorf("%s: the line break the server sent is not shown as ⏎:\n%s\n%s", url, out, errOut)
		}
	}
}

// askingServerOnce is a 2026 server whose tools/call answers result the
// first time and a text result once it is sent again with inputResponses.
func askingServerOnce(t *testing.T, result string) string {
	t.Helper()
	return mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), "inputResponses") {
			x.Result(mcptest.TextResult("done", false))
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + result + `}`)
	}).URL
}

// A warning about the arguments and a 2026 result's info line are one
// line each, whatever the server named its tools or wrote as resultType.
func TestExecWarningsAndResultInfoStayOnOneLine(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{
		Tools: []mcptest.Tool{{Name: "real\nwarning: forged tool", InputSchema: []byte(`{"type":"object"}`)}},
		Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"complete\nforged: result","content":[{"type":"text","text":"hi"}]}}`)
		})})
	out, errOut, _ := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	for _, line := range strings.Split(out+errOut, "\n") {
		if strings.HasPrefix(line, "warning: forged") || strings.HasPrefix(line, "forged: result") {
			t.Errorf("the server forged a line %q:\n%s\n%s", line, out, errOut)
		}
	}
}
