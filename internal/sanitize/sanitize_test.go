package sanitize

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// hostileWire is wire text that would change the terminal if drawn as is.
var hostileWire = []struct {
	name, in string
	line     string // Line's exact output
}{
	{"SGR colour", "a\x1b[31mred\x1b[0m", "ared"},
	{"clear screen and home", "x\x1b[2J\x1b[Hy", "xy"},
	{"OSC 52 clipboard write BEL", "\x1b]52;c;cm0gLXJmIH4=\x07after", "after"},
	{"OSC 52 clipboard write ST", "\x1b]52;c;cm0gLXJmIH4=\x1b\\after", "after"},
	{"OSC 8 hyperlink", "\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\", "click"},
	{"OSC title", "\x1b]0;pwned\x07ok", "ok"},
	{"DCS request", "\x1bP+q544e\x1b\\ok", "ok"},
	{"APC", "\x1b_Gf=100;AAAA\x1b\\ok", "ok"},
	{"C1 CSI rune", "\u009b31mred", "\uFFFD31mred"},
	{"C1 OSC rune", "\u009d52;c;eA==\u009c", "\uFFFD52;c;eA==\uFFFD"},
	{"raw 8-bit CSI byte", "\x9b31mred", "\uFFFD31mred"},
	{"NEL", "a\u0085b", "a\uFFFDb"},
	{"bidi override", "user\u202Egnp.exe", "usergnp.exe"},
	{"bidi isolates", "a\u2066b\u2067c\u2068d\u2069e", "abcde"},
	{"bidi marks", "a\u200Eb\u200Fc\u061Cd", "abcd"},
	{"embeddings", "\u202Aa\u202Bb\u202Cc\u202Dd", "abcd"},
	{"invisible format chars", "a\u2060b\uFEFFc\u00ADd\U000E0041e", "abcde"},
	{"BEL", "ding\x07", "ding␇"},
	{"backspace", "abc\b\b\bxyz", "abc␈␈␈xyz"},
	{"carriage return", "safe\revil", "safe␍evil"},
	{"CRLF", "a\r\nb", "a⏎b"},
	{"NUL", "a\x00b", "a␀b"},
	{"DEL", "a\x7fb", "a␡b"},
	{"lone ESC", "a\x1b", "a"},
	{"tab and newline", "k\tv\nw", "k→v⏎w"},
	{"line separator", "a\u2028b\u2029c", "a⏎b⏎c"},
	{"invalid UTF-8", "a\xffb\xc3", "a\uFFFDb\uFFFD"},
	{"truncated rune after ESC", "\x1b\xe6\x97", "\uFFFD"},
	{"ESC before a rune", "\x1bé!", "é!"},
	{"joiner before a CR", "x\u200d\ry", "x␍y"},
	{"joiners between letters", "a\u200db\u200d\u200dc\u200d", "abc"},
	{"joiner after an emoji, before a letter", "👩\u200dx", "👩x"},
}

// A zero-width joiner stays where it makes one emoji of two, skin tones and
// the emoji variation selector included, in text and in JSON alike.
func TestJoinerKeptInEmoji(t *testing.T) {
	for _, in := range []string{"👩\u200d💻", "👩🏽\u200d💻", "🏳\ufe0f\u200d🌈", "❤\ufe0f\u200d🔥", "👨\u200d👩\u200d👧"} {
		if got := Line(in); got != in {
			t.Errorf("Line(%q) = %q, want it unchanged", in, got)
		}
		j := `"` + in + `"`
		if got := string(JSON([]byte(j))); got != j {
			t.Errorf("JSON(%s) = %s, want it unchanged", j, got)
		}
	}
	if got, want := string(JSON([]byte("\"x\u200d\u240dy\""))), `"x\u200d␍y"`; got != want {
		t.Errorf("JSON of a joiner between x and ␍ = %s, want %s (escaped: the value is kept, the terminal never sees it)", got, want)
	}
}

func TestLineHostile(t *testing.T) {
	for _, tc := range hostileWire {
		got := Line(tc.in)
		if got != tc.line {
			t.Errorf("%s: Line(%q) = %q, want %q", tc.name, tc.in, got, tc.line)
		}
		sanitizetest.Check(t, tc.name, got, false)
		sanitizetest.Check(t, tc.name+" (text)", Text(tc.in), true)
	}
}

func TestTextKeepsLines(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\nb", "a\nb"},
		{"a\r\nb\r\n", "a\nb\n"},
		{"a\u2028b", "a\nb"},
		{"k\tv", "k    v"},
		{"x\ry", "x␍y"},
		{"\x1b[1mbold\x1b[0m\nnext", "bold\nnext"},
	}
	for _, tc := range tests {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSanitizeKeepsOrdinaryText(t *testing.T) {
	ordinary := []string{
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`,
		"héllo wörld, ça va? ñ",
		"e\u0301 combining accent",
		"日本語のテキスト、中文，한국어",
		"emoji 😀 🎉 family 👩‍👩‍👧 coder 👩‍💻 flag 🇯🇵 skin 👍🏽 keycap 1️⃣",
		"مرحبا بالعالم and שלום",
		"math ∑ ≤ ∞ → ⏎ box ┌─┐",
		"\uFFFD is a real replacement character",
	}
	for _, s := range ordinary {
		if got := Line(s); got != s {
			t.Errorf("Line(%q) = %q, want it unchanged", s, got)
		}
		if got := Text(s); got != s {
			t.Errorf("Text(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestSanitizeLongLines(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 20000; i++ {
		b.WriteString("data 日本 😀 \x1b[31m\u202e\x07\x00\u009b\xff|")
	}
	in := b.String()
	got := Line(in)
	sanitizetest.Check(t, "long line", got, false)
	if want := strings.Repeat("data 日本 😀 ␇␀\uFFFD\uFFFD|", 20000); got != want {
		t.Errorf("Line(long) differs from the expected text (len %d, want %d)", len(got), len(want))
	}
	// An unterminated string sequence hides what follows it but must not
	// let anything through.
	got = Text("before\x1b]52;c;" + strings.Repeat("QUFB", 100000))
	sanitizetest.Check(t, "unterminated OSC", got, true)
	if got != "before" {
		t.Errorf("Text(unterminated OSC) = %.40q..., want %q", got, "before")
	}
}
