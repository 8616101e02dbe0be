package command

import (
	"strings"
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
