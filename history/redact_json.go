package history

import (
	"sort"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// jsonStrings are the contents of the strings of valid JSON text, between
// their quotes, in order: where a secret's spelling may stand in it. A
// match of a secret's spelling that crosses a string's quote is no
// spelling of it ("\"quoted-secret\"" against the string "quoted-secret"
// with its quotes), and replacing it would leave the text no JSON.
type jsonStrings []struct{ from, to int }

// stringsOf finds the strings of s, valid JSON text, keys and values, as
// the one JSON tokenizer (jsonspan.Scanner) reads them.
func stringsOf(s string) jsonStrings {
	var out jsonStrings
	sc := jsonspan.NewScanner(bytesOf(s))
	tok := sc.Token()
	for sc.Next() == nil {
		if tok.Kind == jsonspan.String {
			out = append(out, struct{ from, to int }{tok.From + 1, tok.To - 1})
		}
	}
	return out
}

// place says what replaces s[from:to], a match of a secret's spelling,
// given esc, the secret's stand-in escaped as JSON string content
// (jsonEscapedPlain, once for all matches): esc itself when the match is within one string; the stand-in as a string
// of its own when the match is one whole value, a string with its quotes
// or a number (see widen), so a server's value that is the secret is
// hidden and the text stays JSON; and ok false when the match crosses a
// string's edge or holds a name or punctuation outside strings: no
// spelling of the secret, left as it is.
func (js jsonStrings) place(s string, from, to int, esc string) (string, bool) {
	if k := js.index(from); k >= 0 {
		in := js[k]
		switch {
		case in.from <= from && to <= in.to:
			return esc, true
		case from == in.from-1 && to == in.to+1:
			return `"` + esc + `"`, true
		case in.from-1 < to && from < in.to+1:
			return "", false
		}
	}
	if strings.Trim(s[from:to], "0123456789+-.eE") == "" {
		return `"` + esc + `"`, true
	}
	return "", false
}

// widen is s[from:to] widened to the whole number it is part of, outside
// JSON strings: a secret of digits inside a longer number is hidden with
// the number, not cut out of it.
func widen(s string, from, to int) (int, int) {
	if strings.Trim(s[from:to], "0123456789+-.eE") != "" {
		return from, to
	}
	for numberByte(s, from-1) {
		from--
	}
	for numberByte(s, to) {
		to++
	}
	return from, to
}

// index is the index of the first string whose content ends at or after
// p (p may be its closing quote), -1 when none does.
func (js jsonStrings) index(p int) int {
	k := sort.Search(len(js), func(k int) bool { return js[k].to >= p })
	if k == len(js) {
		return -1
	}
	return k
}

// numberByte reports whether s[i] is a byte of a JSON number; false out of
// range.
func numberByte(s string, i int) bool {
	return i >= 0 && i < len(s) && strings.IndexByte("0123456789+-.eE", s[i]) >= 0
}
