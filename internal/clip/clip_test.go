package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrefix(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello", 3, "hel"},
		{"hello", 0, ""},
		{"hello", -4, ""},
		{"", 0, ""},
		{"aé", 2, "a"},  // é is two bytes: not split
		{"a€b", 3, "a"}, // € is three bytes
		{"a😀b", 4, "a"}, // 😀 is four bytes
		{"a😀b", 5, "a😀"},
		{"\x80\x80\x80\x80\x80", 2, "\x80\x80"}, // not UTF-8: keeps the budget
	}
	for _, tt := range tests {
		if got := Prefix(tt.s, tt.n); got != tt.want {
			t.Errorf("Prefix(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func TestPrefixNeverSplitsACharacter(t *testing.T) {
	s := strings.Repeat("ü€😀x", 50)
	for n := 0; n <= len(s); n++ {
		got := Prefix(s, n)
		if len(got) > n || !utf8.ValidString(got) || n-len(got) >= utf8.UTFMax {
			t.Fatalf("Prefix(s, %d) = %d bytes, valid %v", n, len(got), utf8.ValidString(got))
		}
	}
}

func TestQuote(t *testing.T) {
	if got := Quote("short", 10); got != "short" {
		t.Errorf("Quote(short, 10) = %q, want it whole", got)
	}
	if got, want := Quote(strings.Repeat("x", 300), 4), "xxxx… (300 bytes)"; got != want {
		t.Errorf("Quote(300 x, 4) = %q, want %q", got, want)
	}
	if got, want := Quote("aé", 2), "a… (3 bytes)"; got != want {
		t.Errorf("Quote(aé, 2) = %q, want %q", got, want)
	}
}

func TestMarked(t *testing.T) {
	if got := Marked("short", 5); got != "short" {
		t.Errorf("Marked(short, 5) = %q, want it whole", got)
	}
	if got, want := Marked(strings.Repeat("x", 300), 4), "xxxx…"; got != want {
		t.Errorf("Marked(300 x, 4) = %q, want %q", got, want)
	}
	if got, want := Marked("aé", 2), "a…"; got != want {
		t.Errorf("Marked(aé, 2) = %q, want %q", got, want)
	}
}

func TestFirstLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"one line", "one line"},
		{" first\nsecond", " first"},
		{"first\r\nsecond", "first"},
		{"first\rsecond", "first"},
		{"\nafter a blank line", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := FirstLine(tt.in); got != tt.want {
			t.Errorf("FirstLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLineBreaksCountsWhatFirstLineLeavesOut(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{{"one", 0}, {"a\nb", 1}, {"a\r\nb\r\n", 2}, {"a\rb", 1}, {"a\r\rb\n", 3}} {
		if got := LineBreaks(tc.in); got != tc.want {
			t.Errorf("LineBreaks(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// Headline is the first line, cut, with how many lines it leaves out.
func TestHeadline(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"one line", 0, "one line"},
		{"  first\nsecond\r\nthird\rfourth\n", 0, "first (+3 more lines)"},
		{"abcdef\nmore", 3, "abc… (6 bytes) (+1 more lines)"},
		{"", 10, ""},
	} {
		if got := Headline(tc.in, tc.n); got != tc.want {
			t.Errorf("Headline(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
