package jsonspan

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzUnquoteAgreesWithJSON: Unquote, Pieces and a parsed string's Text
// read a JSON string as encoding/json does. Text is checked on every
// string, since Unquote declines text that is no UTF-8 and Text does not.
func FuzzUnquoteAgreesWithJSON(f *testing.F) {
	for _, s := range []string{`"plain"`, `"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\ud83d\ude00"`, `"\ud800x"`, `"\udc00\ud800"`, `"\ud83d\u0041"`, "\"\xff\"", "\"a\xc3(\\n\"", `"é"`, `"\u"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var want string
		if json.Unmarshal([]byte(in), &want) != nil {
			return
		}
		doc, err := Parse([]byte(in), Limits{Depth: 1, Values: 1, Children: 1})
		if err != nil {
			t.Fatalf("Parse(%q) = %v; encoding/json read it", in, err)
		}
		if text, _ := doc.Root().Text(); text != want {
			t.Errorf("Text of %q = %q, encoding/json reads %q", in, text, want)
		}
		got, ok := Unquote([]byte(strings.TrimSpace(in)))
		if ok && got != want {
			t.Errorf("Unquote(%q) = %q, encoding/json reads %q", in, got, want)
		}
		var pieces strings.Builder
		piecesOK := Pieces([]byte(strings.TrimSpace(in)), func(p []byte) { pieces.Write(p) })
		if piecesOK != ok || (ok && pieces.String() != want) {
			t.Errorf("Pieces(%q) = %q, %v; encoding/json reads %q, Unquote says %v", in, pieces.String(), piecesOK, want, ok)
		}
		if !ok && strings.ToValidUTF8(in, "") == in {
			t.Errorf("Unquote(%q) gave up on valid UTF-8", in)
		}
	})
}

// EscapeAt reads one escape where it starts, in a string or bytes, and
// says 0 where none does, for a lenient reader (history's redaction) to
// keep the byte as it is.
func TestEscapeAtReadsOneEscapeOrNone(t *testing.T) {
	for _, c := range []struct {
		in string
		i  int
		r  rune
		n  int
	}{
		{`a\nb`, 1, '\n', 2},
		{`\/`, 0, '/', 2},
		{`x\u00e9`, 1, 'é', 6},
		{`\ud83d\ude00!`, 0, '😀', 12},
		{`\ud83d\u0041`, 0, '\uFFFD', 6},
		{`\ud800`, 0, '\uFFFD', 6},
		{`\x`, 0, 0, 0},
		{`\u12`, 0, 0, 0},
		{`\u12g4`, 0, 0, 0},
		{`\`, 0, 0, 0},
		{`ab`, 0, 0, 0},
	} {
		r, n := EscapeAt(c.in, c.i)
		rb, nb := EscapeAt([]byte(c.in), c.i)
		if r != c.r || n != c.n || rb != r || nb != n {
			t.Errorf("EscapeAt(%q, %d) = %q, %d (bytes: %q, %d); want %q, %d", c.in, c.i, r, n, rb, nb, c.r, c.n)
		}
	}
}
