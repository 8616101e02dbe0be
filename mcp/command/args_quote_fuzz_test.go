package command

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// FuzzRefusalIsClipped: a line refused for any reason, however long a
// value it holds (a paste), is refused in words that fit a screen: each
// value quoted by its start and size, so the error stays under a bound
// whatever the line's length; and it never panics.
func FuzzRefusalIsClipped(f *testing.F) {
	for _, s := range []struct {
		head, value, tail string
		times             uint16
	}{
		{"tools/call t ", "x", "", 5000},
		{"tools/call t ", "[1,", "2]", 3000},
		{"tools/call t k=v ", "bare", " n=1", 4000},
		{"call t ", "k:=[", "]", 2000},
		{"params ", "{\"a\":", "", 3000},
		{"tools/call t ", "a b ", "", 3000},
		{"read ", "x", " k=v", 3000},
		{"tools/call t ", "\x1b]52;c;", "", 2000},
		{"tools/call ", "x", " [1]", 5000},
	} {
		f.Add(s.head, s.value, s.tail, s.times)
	}
	f.Fuzz(func(t *testing.T, head, value, tail string, times uint16) {
		n := int(times) % 20000
		if len(value)*n > 1<<20 {
			n = (1 << 20) / max(len(value), 1)
		}
		line := head + strings.Repeat(value, n) + tail
		_, err := ParseCommand(line)
		if err == nil {
			return
		}
		msg := err.Error()
		if bound := 4*len(head+tail) + 4*len(value) + 3000; len(msg) > bound {
			t.Fatalf("refusing a line of %d bytes says %d (over %d): %.300q…", len(line), len(msg), bound, msg)
		}
		if utf8.ValidString(line) && sanitize.Text(msg) != msg && !strings.ContainsFunc(line, sanitize.Unsafe) {
			t.Fatalf("refusing %q says what the terminal would not print as it is: %q", line, msg)
		}
	})
}
