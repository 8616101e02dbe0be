package advice

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// exec's advice on an initialize whose answer began and stalled is the
// stalled one, as the TUI's is: it asked whether the port was right.
func TestForErrorOpeningTimeoutThatStalled(t *testing.T) {
	err := &mcp.TimeoutError{Method: "initialize", ID: "1", After: "3s", Opening: true, Accepted: true, Unfinished: 88, Length: 196}
	got := ForError(err, CLI)
	if !strings.Contains(got, "stuck mid-answer") || strings.Contains(got, "right port") {
		t.Errorf("ForError(stalled initialize) = %q, want the stalled answer's advice", got)
	}
}
