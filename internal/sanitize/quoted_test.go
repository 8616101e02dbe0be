package sanitize

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// QuotedIn quotes as %q does and cuts after escaping, by cells: whole
// escapes and characters, never wider than asked, and the size said of
// what was cut, however much the escapes grew it.
func TestQuotedInCutsAfterEscaping(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"message", `"message"`},
		{"a\x01b", `"a\x01b"`},
		{strings.Repeat("\x01", 10), `"\x01\x01\x01"… (10 bytes)`},
		{strings.Repeat("\xff", 10), `"\xff\xff\xff"… (10 bytes)`},
		{strings.Repeat("界", 10), `"界界界界界界界"… (30 bytes)`},
		{"abcdefghijklmnop\u202e", `"abcdefghijklmn"… (19 bytes)`},
	} {
		if got := QuotedIn(c.in, 16); got != c.want {
			t.Errorf("QuotedIn(%q, 16) = %s, want %s", c.in, got, c.want)
		}
	}
	long := strings.Repeat("\x1b", 1<<20)
	if got := QuotedIn(long, 48); ansi.StringWidth(strings.TrimSuffix(got, "… (1048576 bytes)")) > 48 {
		t.Errorf("QuotedIn of a megabyte of escapes = %s, wider than 48 cells before its size", got)
	}
}
