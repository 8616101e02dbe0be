package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A tool hint too wide for the line gives the description the room, not
// the annotations: at 80 columns the everything server's
// trigger-elicitation-request read "trigger-elicitation-request —
// (non-destructive, … · takes no arguments", nothing of what it does (it
// wraps to a second row now; 40 columns are two rows too few).
func TestToolHintDescriptionWinsOverAnnotations(t *testing.T) {
	page, err := mcp.ParseTools(json.RawMessage(`{"tools":[{"name":"trigger-elicitation-request","description":"Trigger a Request from the Server for User Elicitation","inputSchema":{"type":"object","properties":{}},
		"annotations":{"title":"Trigger Elicitation Request","readOnlyHint":false,"destructiveHint":false,"idempotentHint":false,"openWorldHint":false}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		width int
		want  string
		gone  string
	}{
		{40, "trigger-elicitation-request — Trigger Elicitation", "non-destructive"},
		{200, "trigger-elicitation-request — (non-destructive, closed-world) Trigger Elicitation Request: Trigger a Request from the Server for User Elicitation · takes no arguments", ""},
	} {
		c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
		c.SetSize(tc.width)
		c.SetTools(page.Tools)
		c.Focus("")
		clPress(c, runes("tools/call trigger-elicitation-request "))
		hint := strings.Join(viewLines(c)[1:], " ")
		if !strings.Contains(hint, tc.want) || tc.gone != "" && strings.Contains(hint, tc.gone) || !strings.HasSuffix(strings.TrimRight(hint, " "), "takes no arguments") {
			t.Errorf("at %d columns the hint = %q, want %q, without %q, and what it takes", tc.width, hint, tc.want, tc.gone)
		}
	}
}

// Only the lead mcpscope made of a tool's annotations gives way to its
// description: with no annotations, "(Deprecated) use big instead" is the
// server's own first words, and the narrow hint dropped them.
func TestToolHintKeepsServersOwnLead(t *testing.T) {
	page, err := mcp.ParseTools(json.RawMessage(`{"tools":[{"name":"trigger-elicitation-request","description":"(Deprecated, kept for old clients) use trigger-elicitation-request-async, which does not block the session","inputSchema":{"type":"object","properties":{}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	c.SetSize(40)
	c.SetTools(page.Tools)
	c.Focus("")
	clPress(c, runes("tools/call trigger-elicitation-request "))
	if hint := strings.Join(viewLines(c)[1:], " "); !strings.Contains(hint, "— (Deprecated") {
		t.Errorf("at 40 columns the hint = %q, want the server's own \"(Deprecated\" kept", hint)
	}
}
