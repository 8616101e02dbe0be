package ui

import (
	"strings"
	"testing"
)

// A tool whose argument name holds an escape sequence: Tab inserts it as
// the hint shows it, Go-quoted, and the hint under the value's word is
// that argument's, not "is not in the tool's schema" of the key Tab put in.
func TestCommandLineKeyWithControlTextTypedAsShown(t *testing.T) {
	c := lineWithTool(200, "odd", `{"type":"object","properties":{"n\u001b[2Jame":{"type":"string","enum":["Ann","Bob"]}}}`)
	clPress(c, runes("tools/call odd "), keyTab)
	if got, want := c.input.Value(), `tools/call odd "n\x1b[2Jame"=`; got != want {
		t.Fatalf("completed key = %q, want %q", got, want)
	}
	if got := hintOf(c); !strings.Contains(got, `"n\x1b[2Jame": enum: Ann|Bob`) {
		t.Errorf("hint %q, want the argument's", got)
	}
	clPress(c, keyTab)
	if view := c.View(); !strings.Contains(view, "Ann") || !strings.Contains(view, "Bob") {
		t.Errorf("Tab on the value offers no enum values:\n%s", view)
	}
}
