package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// What the server asked while a tool ran, and how exec answered, is said
// with the tool's result on every era: a server request answered or
// refused (legacy and streamable), a 2026 request sent again with the
// input its answer asked for.
func TestExecSaysWhatTheServerAsked(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for _, tc := range []struct{ url, answered, refused string }{
		{srv.SSEURL(), "· answered the server's roots/list\n", "· refused the server's sampling/createMessage: "},
		{srv.MCPURL(), "· answered the server's roots/list\n", "· refused the server's sampling/createMessage: "},
		{srv.StatelessURL(), "· sent tools/call again with the input it asked for: roots\n", ""},
	} {
		out, errOut, _ := run(t, "exec", "--no-record", "--root", t.TempDir(), tc.url, "tools/call list_roots", "tools/call sample prompt=hi")
		if !strings.Contains(out, tc.answered) || !strings.Contains(out, tc.refused) {
			t.Errorf("%s: want %q and %q in:\n%s\n%s", tc.url, tc.answered, tc.refused, out, errOut)
		}
	}
}

// A server request exec cannot answer (a URL elicitation given --answer
// with fields, as server-everything's trigger-url-elicitation met) is said
// refused once, with why, not "refused ...: mcpscope could not answer
// ...: why", the refusal twice.
func TestExecRefusalSaysWhyOnce(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	call := `tools/call ask method=elicitation/create params:='{"mode":"url","url":"https://example.com/go","message":"Open it","elicitationId":"e1"}'`
	out, errOut, _ := run(t, "exec", "--no-record", "--no-get-stream", "--answer", "elicitation accept name=Ann", srv.Endpoint(), call)
	want := "· refused the server's elicitation/create: this elicitation asks to open a URL"
	if !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s\n%s", want, out, errOut)
	}
}
