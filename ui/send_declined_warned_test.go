package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// A call sent despite a warning whose 2026 sampling the user declined
// still says it was sent anyway, as every other end of a sent call does:
// the status read "declined sampling/createMessage; …" with the note gone.
func TestDeclinedCallSaysSentAnyway(t *testing.T) {
	err := &mcp.InputRequiredError{Method: "tools/call", Err: mcp.ErrDeclined,
		Missing: []mcp.InputRequest{{Key: "a", Method: "sampling/createMessage"}}}
	warns := []command.ArgWarning{{Message: `tool "nosuch" is not in tools/list`}}
	level, text := describeSent(sentMsg{label: "tools/call nosuch", err: err, warnings: warns})
	if level != levelInfo || !strings.Contains(text, "declined sampling/createMessage") ||
		!strings.HasSuffix(text, `(sent anyway: tool "nosuch" is not in tools/list)`) {
		t.Errorf("status %v %q, want the decline as info, ending with what it was sent despite", level, text)
	}
}
