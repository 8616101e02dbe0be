package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// A tool's name typed where the method goes (the tools/call prefix erased)
// is held back with a warning that says what to type instead of going to
// the server for a bare "method not found"; Enter again still sends it.
func TestCommandLineWarnsOfAToolNameAsMethod(t *testing.T) {
	heldThenForced(t, "search query=x", "search is a tool, not a method: type tools/call search", "search")
	c := newLine(t, "")
	clPress(c, runes("ping"))
	if s := submitted(clPress(c, keyEnter)); s == nil || s.Forced {
		t.Errorf("ping sent %+v, want it sent at once", s)
	}
}

// Tab completes what the server listed: prompt names and their arguments
// (required first), resource URIs and templates, and completion/complete's
// prompt or template.
func TestCommandLineCompletesPromptsAndResources(t *testing.T) {
	sf := history.Surface{
		Prompts: []command.Prompt{{Name: "review_code", Arguments: []command.PromptArgument{
			{Name: "style"}, {Name: "language", Required: true}}}, {Name: "summarize"}},
		Resources: []command.Resource{{URI: "demo://readme"}, {URI: "demo://logo.png"}},
		Templates: []command.ResourceTemplate{{URITemplate: "notes://{tag}"}},
	}
	checkTabCompletion(t, sf, []tabCase{
		{"prompts/get r", 1, "prompts/get review_code "},
		{"prompt ", 3, "prompt summarize "},
		{"prompts/get review_code ", 2, "prompts/get review_code language="},
		{"prompts/get review_code language=go ", 1, "prompts/get review_code language=go style="},
		{"read demo://r", 1, "read demo://readme "},
		{"read n", 1, "read 'notes://{tag}' "},
		{"subscribe demo://l", 1, "subscribe demo://logo.png "},
		{"complete prompt s", 1, "complete prompt summarize "},
		{"complete resource ", 1, "complete resource 'notes://{tag}' "},
	})
}

// TestCommandLineChecksPromptArguments: prompts/get is checked against the
// arguments its prompt was listed with, as tools/call is against the tool's
// schema: a missing required argument, an unknown one or an unknown prompt
// holds the line back with a warning (a second Enter sends it anyway),
// where it used to go straight to the server's refusal.
func TestCommandLineChecksPromptArguments(t *testing.T) {
	sf := history.Surface{Prompts: []command.Prompt{
		{Name: "review_code", Arguments: []command.PromptArgument{{Name: "style"}, {Name: "language", Required: true}}},
		{Name: "summarize"},
	}}
	tests := []struct {
		typed string
		warn  string // "" sends at once
	}{
		{"prompts/get review_code", "language: missing required key"},
		{"prompt review_code style=terse", "language: missing required key"},
		{"prompts/get review_code language=go tone=kind", "tone: unknown key"},
		{"prompts/get summarize lang=go", "prompt summarize takes no arguments"},
		{"prompts/get nope", "prompt nope is not in prompts/list (2 prompts)"},
		{"prompts/get review_code language=go", ""},
		{"prompts/get summarize", ""},
	}
	for _, tc := range tests {
		c := newLine(t, "")
		c.SetSurface(sf)
		clPress(c, runes(tc.typed))
		s := submitted(clPress(c, keyEnter))
		if tc.warn == "" {
			if s == nil || s.Forced {
				t.Errorf("%q: got %+v and hint %q, want it sent at once", tc.typed, s, hintOf(c))
			}
			continue
		}
		if s != nil {
			t.Errorf("%q: the first Enter sent despite %q", tc.typed, tc.warn)
			continue
		}
		if hint := hintOf(c); !strings.Contains(hint, "enter again sends anyway") || !strings.Contains(hint, tc.warn) {
			t.Errorf("%q: hint %q, want the warning %q", tc.typed, hint, tc.warn)
		}
		if s := submitted(clPress(c, keyEnter)); s == nil || !s.Forced || s.Command.Method != "prompts/get" {
			t.Errorf("%q: the second Enter sent %+v, want a forced prompts/get", tc.typed, s)
		}
	}

	// Before prompts/list nothing is known: the line goes, and the session
	// lists the prompts to check it as it sends.
	c := newLine(t, "")
	clPress(c, runes("prompts/get review_code"))
	if s := submitted(clPress(c, keyEnter)); s == nil || s.Forced {
		t.Errorf("no prompts listed: got %+v, want the line sent at once", s)
	}
}
