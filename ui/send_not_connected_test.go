package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// A call with a warning the user sent anyway that could not go out (no
// session is open) does not say "sent anyway": nothing was sent, and the
// status read "not connected … (sent anyway: tool "confirm" is not in
// tools/list)".
func TestNotConnectedDoesNotSaySentAnyway(t *testing.T) {
	err := &mcp.WireError{Cause: mcp.CauseNotConnected, Message: "not connected: no transport has been opened"}
	warns := []command.ArgWarning{{Message: `tool "confirm" is not in tools/list`}}
	_, text := describeSent(sentMsg{label: "tools/call confirm", err: err, warnings: warns})
	if strings.Contains(text, "sent anyway") || !strings.Contains(text, "not connected") {
		t.Errorf("status text %q, want that it was not connected and no word of it being sent", text)
	}
}
