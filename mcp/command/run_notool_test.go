package command

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that lists no tools gets a call of one named close to "none"
// warned of as unknown, with no "did you mean none?": "none" says the list
// is empty, it names no tool.
func TestRunUnknownToolWithNoToolsSuggestsNothing(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{}})
	s, _ := open(t, srv.URL)
	_, warnings, _ := runLine(t, s, "tools/call nonr")
	if len(warnings) == 0 || !strings.Contains(warnings[0].Message, `tool "nonr" is not in tools/list (none)`) {
		t.Errorf("warnings %v, want the first to say tool \"nonr\" is not in tools/list (none)", warnings)
	}
}

// A server listing 1,000 tools of one name and one of 10 KB had a call of
// a tool it does not list warned of with every name, the long one whole:
// 15 KB of "dup, dup, …" on stderr and in the TUI. Each name is said once,
// cut as names are shown, a nameless tool as "", and the warning stays
// short.
func TestRunUnknownToolListsKnownNamesBounded(t *testing.T) {
	tools := []mcptest.Tool{{Name: "", InputSchema: []byte(`{"type":"object"}`)}, {Name: strings.Repeat("a", 10240), InputSchema: []byte(`{"type":"object"}`)}}
	for range 1000 {
		tools = append(tools, mcptest.Tool{Name: "dup", InputSchema: []byte(`{"type":"object"}`)})
	}
	for i := range 30 {
		tools = append(tools, mcptest.Tool{Name: fmt.Sprintf("t%02d", i), InputSchema: []byte(`{"type":"object"}`)})
	}
	srv := mcptest.New(t, mcptest.Options{Tools: tools})
	s, _ := open(t, srv.URL)
	_, warnings, _ := runLine(t, s, "tools/call nosuch")
	if len(warnings) == 0 {
		t.Fatal("no warning of the unknown tool")
	}
	msg := warnings[0].Message
	if len(msg) > 1000 || strings.Count(msg, "dup") != 1 || !strings.Contains(msg, `(10240 bytes)`) ||
		!strings.Contains(msg, `("", aaaa`) || !strings.Contains(msg, `(10240 bytes), dup, t00`) || !strings.Contains(msg, "and 13 more") {
		t.Errorf("warning of %d bytes %.600q, want each name once, the long one cut, \"\" for the nameless and the rest counted", len(msg), msg)
	}
}

// A server whose tools/list pages never end (an empty page, a new cursor)
// had a call warned of as "not in tools/list (none)" once the listing
// stopped at its bound: as if the server had no tools, where only the
// pages before the stop were read. The warning says the listing stopped.
func TestRunUnknownToolAfterStoppedListingSaysSo(t *testing.T) {
	var n atomic.Int32
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"tools": []any{}, "nextCursor": fmt.Sprintf("p%d", n.Add(1))})
	})
	s, _ := open(t, srv.Endpoint())
	_, warnings, _ := runLine(t, s, "tools/call nosuch")
	if len(warnings) == 0 {
		t.Fatal("no warning of the unknown tool")
	}
	if msg := warnings[0].Message; !strings.Contains(msg, "(none; the listing stopped early, so the tool may be on a page not read: ") || !strings.Contains(msg, "pages") {
		t.Errorf("warning %q, want it to say the listing stopped before the tool could be found", msg)
	}
}
