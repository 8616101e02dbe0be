package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// A method typed one letter off is not sent at once to be refused with a
// bare "method not found" or 400: the line says what was meant, and Enter
// again still sends it as typed. When the typo makes the line unreadable
// ("tools/cal greet": greet is not key=value), the refusal names the typo
// first, not the word after it.
func TestCommandLineSuggestsAMistypedMethod(t *testing.T) {
	heldThenForced(t, "tool/list", "tool/list is not a method mcpscope knows: did you mean tools/list?", "tool/list")

	c := newLine(t, "")
	clPress(c, runes("tools/cal search query=x"))
	if s := submitted(clPress(c, keyEnter)); s != nil {
		t.Fatalf("a line that does not parse was sent: %+v", s)
	}
	if hint, want := hintOf(c), "✗ tools/cal is not a method mcpscope knows: did you mean tools/call?"; !strings.HasPrefix(hint, want) {
		t.Errorf("hint %q does not start with %q", hint, want)
	}

	// A tool's name one letter off is named too.
	c = newLine(t, "")
	clPress(c, runes("tools/call serch query=x"))
	clPress(c, keyEnter)
	if hint, want := hintOf(c), "tool serch is not in the tools list (4 tools): did you mean search?"; !strings.Contains(hint, want) {
		t.Errorf("hint %q does not contain %q", hint, want)
	}

	// So is a name typed short, when one tool alone begins so.
	c = newLine(t, "")
	clPress(c, runes("tools/call sea query=x"))
	clPress(c, keyEnter)
	if hint, want := hintOf(c), "tool sea is not in the tools list (4 tools): did you mean search?"; !strings.Contains(hint, want) {
		t.Errorf("hint %q does not contain %q", hint, want)
	}

	// A method of one's own, far from any known one, goes at once.
	c = newLine(t, "")
	clPress(c, runes("acme/frobnicate"))
	if s := submitted(clPress(c, keyEnter)); s == nil || s.Forced {
		t.Errorf("acme/frobnicate: got %+v and hint %q, want it sent at once", s, hintOf(c))
	}
}

// A resource URI a letter off one resources/list named is held back with
// the listed one; one listed nowhere near goes (a server may serve URIs it
// does not list).
func TestCommandLineSuggestsAListedResource(t *testing.T) {
	sf := history.Surface{Resources: []command.Resource{{URI: "demo://readme"}, {URI: "demo://logo.png"}}}
	c := newLine(t, "")
	c.SetSurface(sf)
	clPress(c, runes("read demo://readm"))
	if s := submitted(clPress(c, keyEnter)); s != nil {
		t.Fatalf("sent %+v despite the typo", s)
	}
	if hint, want := hintOf(c), "demo://readm is not in resources/list: did you mean demo://readme?"; !strings.Contains(hint, want) {
		t.Errorf("hint %q does not contain %q", hint, want)
	}
	for _, line := range []string{"read demo://readme", "read other://unlisted", "subscribe demo://logo.png"} {
		c := newLine(t, "")
		c.SetSurface(sf)
		clPress(c, runes(line))
		if s := submitted(clPress(c, keyEnter)); s == nil || s.Forced {
			t.Errorf("%q: got %+v and hint %q, want it sent at once", line, s, hintOf(c))
		}
	}
}

// On a 2026-07-28 session a mistyped method its Mcp-Method header cannot
// carry (not plain ASCII) is refused at Enter in one line that names the
// method meant, as the session would refuse it: it was held back with
// "did you mean", sent on the second Enter, and then refused.
func TestCommandLineRefusesAnUnsendableTypoOn2026(t *testing.T) {
	c := newLine(t, "")
	c.SetTransport(mcp.TransportStateless)
	clPress(c, runes("tööls/list"))
	for range 2 {
		if s := submitted(clPress(c, keyEnter)); s != nil {
			t.Fatalf("sent %+v, which the session cannot send", s)
		}
	}
	hint := hintOf(c)
	if !strings.Contains(hint, "cannot be sent over 2026-07-28") || !strings.Contains(hint, "did you mean tools/list?") {
		t.Errorf("hint %q, want the one refusal naming tools/list", hint)
	}
	// Over 2025 the method goes as typed, held back once as a typo.
	c = newLine(t, "")
	c.SetTransport(mcp.TransportStreamable)
	clPress(c, runes("tööls/list"))
	clPress(c, keyEnter)
	if s := submitted(clPress(c, keyEnter)); s == nil || !s.Forced {
		t.Errorf("over 2025: got %+v and hint %q, want it sent on the second Enter", s, hintOf(c))
	}
}
