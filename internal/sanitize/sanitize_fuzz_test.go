package sanitize

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// hostileSeeds are wire texts that try every way past the sanitizer: 7-bit
// and 8-bit escape introducers, sequences cut inside a rune, bidi and
// joiner tricks, and invalid UTF-8.
var hostileSeeds = []string{
	"plain ascii",
	"a\x1b[31mred\x1b[0m\x1b]52;c;cm0=\x07\x1b]8;;http://x/\x1b\\l\x1b]8;;\x1b\\",
	"\x1bP+q544e\x1b\\\x1b_G\x1b\\\x1b^pm\x1b\\\x1bX sos\x1b\\",
	"\x9b31m\x9d0;t\x07\u009b\u009d\u0085\u009c",
	"\x1b[\xe6\x97\xa5\x1b]\xe6\x97",
	"\x1b\x1b[\x1b]\x1b",
	"user\u202Egnp.exe\u2066\u2069\u200e\u200f\u061c\u00ad\ufeff\U000E0041",
	"👩\u200d💻 x\u200d\u240d \u2764\ufe0f\u200d🔥 \u200d\u200d😀\u200d",
	"a\r\nb\rc\n\td\u2028e\u2029\x00\x7f",
	"\xff\xfe\xc0\x80\xed\xa0\x80",
	"\u200d\x1b[m😀",
	"😀\u202e\u200d😀",
}

// safe reports what in out would reach a terminal as more than text, using
// the one definition of safe the output-path tests share.
func checkSafe(t *testing.T, name, in, out string, keepNewline bool) {
	t.Helper()
	if p := sanitizetest.Problem(out, keepNewline); p != "" {
		t.Fatalf("%s(%q) = %q holds %s", name, in, out, p)
	}
	for _, r := range out {
		if Invisible(r) {
			t.Fatalf("%s(%q) = %q holds invisible %U", name, in, out, r)
		}
	}
	if !keepNewline && strings.ContainsAny(out, "\t\n") {
		t.Fatalf("%s(%q) = %q holds a tab or newline", name, in, out)
	}
	if keepNewline && strings.ContainsRune(out, '\t') {
		t.Fatalf("%s(%q) = %q holds a tab", name, in, out)
	}
}

// FuzzLineText: whatever the wire sends, Line and Text print nothing a
// terminal acts on, print only printable ASCII unchanged, and give the same
// text again when fed their own output.
func FuzzLineText(f *testing.F) {
	for _, s := range hostileSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, fn := range []struct {
			name      string
			do        func(string) string
			multiline bool
		}{{"Line", Line, false}, {"Text", Text, true}} {
			out := fn.do(in)
			checkSafe(t, fn.name, in, out, fn.multiline)
			if again := fn.do(out); again != out {
				t.Fatalf("%s is not idempotent on %q: %q then %q", fn.name, in, out, again)
			}
			if plainASCII(in) && out != in {
				t.Fatalf("%s(%q) = %q changed printable ASCII", fn.name, in, out)
			}
			// Each input rune becomes at most one of the three-byte
			// pictures or four spaces: the output cannot blow up.
			if len(out) > 4*len(in) {
				t.Fatalf("%s(%q) grew %d bytes to %d", fn.name, in, len(in), len(out))
			}
		}
		if TextKeeps([]byte(in)) && Text(in) != in {
			t.Fatalf("TextKeeps(%q) but Text changed it to %q", in, Text(in))
		}
	})
}

// decodeNumbers decodes b keeping numbers as written: a valid number can be
// too large for a float64 (1.8e309).
func decodeNumbers(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// FuzzJSON: JSON's output holds nothing a terminal acts on apart from
// newlines, it is idempotent, and a valid JSON text keeps its value (with
// invalid UTF-8 read as U+FFFD, as a decoder reads it).
func FuzzJSON(f *testing.F) {
	for _, s := range hostileSeeds {
		b, _ := json.Marshal(s)
		f.Add(b)
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"a":"\"` + "\u202e" + `\\","b":["\x1b[2J",1]}` + "\n\t\r"))
	f.Add([]byte(`"\` + "\u202e\"\x1b"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out := JSON(in)
		checkSafe(t, "JSON", string(in), string(out), true)
		if again := JSON(out); string(again) != string(out) {
			t.Fatalf("JSON is not idempotent on %q: %q then %q", in, out, again)
		}
		if !json.Valid(in) {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("JSON(%q) = %q is no longer JSON", in, out)
		}
		want, werr := decodeNumbers(in)
		got, gerr := decodeNumbers(out)
		if werr != nil || gerr != nil {
			t.Fatalf("JSON(%q) = %q: decode failed: %v, %v", in, out, werr, gerr)
		}
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		if string(w) != string(g) {
			t.Fatalf("JSON(%q) = %q changed the value: %s became %s", in, out, w, g)
		}
		if utf8.Valid(in) && len(out) > 12*len(in) {
			t.Fatalf("JSON(%q) grew %d bytes to %d", in, len(in), len(out))
		}
	})
}
