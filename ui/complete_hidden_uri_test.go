package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Tab's list names a URI holding a bidi override escaped in quotes: it
// listed "file:///a\u202egnp.exe" as file:///agnp.exe, a URI the server
// never listed, beside the plain one it could be taken for.
func TestTabListsHiddenCharacterURIEscaped(t *testing.T) {
	c := newLine(t, "")
	c.SetSurface(history.Surface{Resources: []command.Resource{{URI: "file:///a\u202egnp.exe"}, {URI: "file:///agnp.txt"}}})
	clPress(c, runes("read file"))
	clPress(c, keyTab)
	got := c.candidates()
	if !strings.Contains(got, `"file:///a\u202egnp.exe"`) || strings.Contains(got, "file:///agnp.exe") {
		t.Errorf("Tab's list does not show the URI's bidi override escaped:\n%s", got)
	}
}

// Tab's list names a prompt holding a zero-width character escaped in
// quotes, as it names tools: "a\u200db" read "ab", beside the prompt ab.
func TestTabListsHiddenCharacterPromptEscaped(t *testing.T) {
	c := newLine(t, "")
	c.SetSurface(history.Surface{Prompts: []command.Prompt{{Name: "a\u200db"}, {Name: "ab"}}})
	clPress(c, runes("prompts/get a"))
	clPress(c, keyTab)
	got := c.candidates()
	if !strings.Contains(got, `"a\u200db"`) {
		t.Errorf("Tab's list does not show the prompt's zero-width joiner escaped:\n%s", got)
	}
}

// Tab's list after unsubscribe names a subscribed URI holding a bidi
// override escaped in quotes, as read's list names it: it listed
// "file:///a\u202egnp.exe" as file:///agnp.exe.
func TestTabListsHiddenCharacterSubscriptionEscaped(t *testing.T) {
	c := newLine(t, "")
	c.SetSurface(history.Surface{Subscribed: []string{"file:///a\u202egnp.exe", "file:///agnp.txt"}})
	clPress(c, runes("unsubscribe file"))
	clPress(c, keyTab)
	got := c.candidates()
	if !strings.Contains(got, `"file:///a\u202egnp.exe"`) || strings.Contains(got, "file:///agnp.exe") {
		t.Errorf("Tab's list does not show the subscribed URI's bidi override escaped:\n%s", got)
	}
}
