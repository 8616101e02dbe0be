package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// toolsServer serves tools/list with tools and the rest as the fake does.
func toolsServer(t *testing.T, tools string) string {
	t.Helper()
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"tools":` + tools + `}`))
	})
	return srv.Endpoint()
}

// A re-run whose answer differs deep in a tool's schema, and by a whole
// tool added, keeps every line of its report within 80 columns when its
// output is no terminal: the path is cut in its middle, keeping where it
// starts and the member that changed, and the added tool is shown by its
// name and description on one line with its size. The path line ran to 96 columns
// and the added tool was printed up to 1,000 bytes on one line.
func TestRerunDiffLinesFitTheWidth(t *testing.T) {
	t.Setenv("COLUMNS", "")
	greet := func(most int) string {
		return `{"name":"greet","inputSchema":{"type":"object","properties":{"repetitions_of_the_greeting":{"type":"integer","maximum":` +
			strings.Repeat("1", most) + `}}}}`
	}
	long := `{"name":"summarize","description":"` + strings.Repeat("Summarizes the text it is given. ", 30) + `","inputSchema":{"type":"object"}}`
	file := filepath.Join(t.TempDir(), "tools.jsonl")
	if _, errOut, code := run(t, "exec", "--record", file, toolsServer(t, `[`+greet(1)+`]`), "tools/list"); code != exitOK {
		t.Fatalf("recording: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", file, "--against", toolsServer(t, `[`+greet(2)+`,`+long+`]`))
	if code != exitFailed {
		t.Fatalf("re-run: exit %d, want %d (different)\n%s\n%s", code, exitFailed, out, errOut)
	}
	for _, want := range []string{
		`     $.result.tools[0…etitions_of_the_greeting.maximum: changed (name "greet")` + "\n",
		"  - 1\n", "  + 11\n",
		`$.result.tools[1]: added (name "summarize")`,
		`+ {"name":"summarize","description":"Summarizes the text… (1059 bytes)` + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("re-run report lacks %q:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns, want at most 80: %q", n, line)
		}
	}
}
