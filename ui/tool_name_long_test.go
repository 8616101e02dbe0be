package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server lists a tool whose name is a megabyte long: the hint naming the
// tools, Tab's candidates and the hint describing the tool once typed name
// it by its start and its size, as the export and exec do, where each held
// the whole megabyte and the line's cut left no sign of how long it was.
func TestHintsSayHowLongAMegabyteToolNameIs(t *testing.T) {
	long := strings.Repeat("t", 1<<20)
	size := "(1048576 bytes)"
	c := newLine(t, "")
	c.SetSize(200)
	c.SetTools([]mcp.Tool{{Name: long, Description: "Counts"}, {Name: "boom"}})
	clPress(c, runes("tools/call "))
	if hint := hintOf(c); !strings.Contains(hint, size) || !strings.Contains(hint, "boom") {
		t.Errorf("the hint of the tools is %.300q, want the long name's size %q and boom", hint, size)
	}
	clPress(c, keyTab)
	if hint := hintOf(c); !strings.Contains(hint, size) || !strings.Contains(hint, "boom") {
		t.Errorf("the candidates are %.300q, want the long name's size %q and boom", hint, size)
	}

	typed := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	typed.SetSize(200)
	typed.SetTools([]mcp.Tool{{Name: long, Description: "Counts"}})
	typed.Focus("tools/call " + long)
	if hint := hintOf(typed); !strings.Contains(hint, size+" — Counts") {
		t.Errorf("the hint of the typed tool is %.300q, want its name's size %q before its description", hint, size)
	}
}
