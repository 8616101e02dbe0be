package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMiddle(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"short", 5, "short"},
		// 27 bytes of room: 9 of the start, 18 of the end.
		{"$.result.tools[0].inputSchema.properties.times.maximum", 30, "$.result.…ties.times.maximum"},
		{"aé€😀bcdefghijklmnopqrstuvwxyz€", 12, "aé…xyz€"}, // 9 bytes of room: "aé" (3) and "xyz€" (6)
		{"abcdef", 2, "ab"}, // no room for the mark: the start, as Prefix
	}
	for _, tt := range tests {
		if got := Middle(tt.s, tt.n); got != tt.want {
			t.Errorf("Middle(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func TestMiddleNeverSplitsACharacter(t *testing.T) {
	s := strings.Repeat("ü€😀x", 50)
	for n := 0; n <= len(s); n++ {
		got := Middle(s, n)
		if len(got) > n || !utf8.ValidString(got) {
			t.Fatalf("Middle(s, %d) = %d bytes, valid %v", n, len(got), utf8.ValidString(got))
		}
	}
}
