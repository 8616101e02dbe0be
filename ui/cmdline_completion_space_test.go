package ui

import (
	"reflect"
	"testing"
)

// A completion ends in a space, as a shell's does, so a space typed after
// it makes two, as in bash; the line sent means what one space would:
// the words, and a JSON object of arguments, are the same. Only the line
// kept for history shows the second space, as typed.
func TestCompletionSpaceThenATypedSpaceSendsTheSame(t *testing.T) {
	for _, rest := range []string{"query=hi limit=3", `{"query":"hi"}`} {
		c := newLine(t, "")
		clPress(c, runes("tools/call sea"), keyTab)
		if got, want := c.input.Value(), "tools/call search "; got != want {
			t.Fatalf("tools/call sea + tab = %q, want %q", got, want)
		}
		twice := submitted(clPress(c, runes(" "+rest), keyEnter))
		c = newLine(t, "")
		once := submitted(clPress(c, runes("tools/call search "+rest), keyEnter))
		if twice == nil || once == nil {
			t.Fatalf("%q: not sent (two spaces %+v, one %+v)", rest, twice, once)
		}
		a, b := twice.Command, once.Command
		a.Line, b.Line = "", ""
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%q after the completion's space and a typed one sends %+v, want %+v as with one space", rest, a, b)
		}
	}
}
