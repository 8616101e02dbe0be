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
