package clip

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMiddle: a name or path of any length and bytes, cut to any budget,
// is never longer than the budget, never splits a character of UTF-8 text
// (no replacement character on screen), and keeps the start and the end of
// what it cut.
func FuzzMiddle(f *testing.F) {
	for _, s := range []string{"", "a", "…", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "日本語のテキスト/ファイル名", "e\u0301e\u0301e\u0301", "\xff\xfe\xfd", "a\xe2\x80", "ab…cdefghijklmnopqrstuvwxyz…q"} {
		for _, n := range []int{math.MinInt, math.MinInt + 2, -1, 0, 1, 2, 3, 4, 5, 7, 12, 20, 40} {
			f.Add(s, n)
		}
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n > 1<<20 {
			n = 1 << 20
		}
		got := Middle(s, n)
		if len(s) <= n {
			if got != s {
				t.Fatalf("Middle(%q, %d) = %q, want it whole", s, n, got)
			}
			return
		}
		if len(got) > max(n, 0) {
			t.Fatalf("Middle(%q, %d) = %q: %d bytes, over the budget", s, n, got, len(got))
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Middle(%q, %d) = %q splits a character", s, n, got)
		}
		if n <= len(Ellipsis) {
			return
		}
		if !keepsEnds(s, got) {
			t.Fatalf("Middle(%q, %d) = %q: not the start and end of it", s, n, got)
		}
		// The cut gives up at most a character's bytes less one to a
		// character it would split: the room is used, not wasted.
		if len(got) < n-(utf8.UTFMax-1) {
			t.Fatalf("Middle(%q, %d) = %q: %d bytes, the budget left unused", s, n, got, len(got))
		}
	})
}

// keepsEnds says got is a start of s, the mark, and an end of s: at one of
// the marks in got, as s may hold the mark itself on either side of the cut.
func keepsEnds(s, got string) bool {
	for i := 0; ; {
		k := strings.Index(got[i:], Ellipsis)
		if k < 0 {
			return false
		}
		if strings.HasPrefix(s, got[:i+k]) && strings.HasSuffix(s, got[i+k+len(Ellipsis):]) {
			return true
		}
		i += k + len(Ellipsis)
	}
}
