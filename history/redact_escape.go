package history

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// replaceFound is s, valid JSON text whose strings are js (stringsOf),
// with each of found (the bounds of matches of a secret's spelling, in
// order, extended: foundIn) replaced by with, placed as
// jsonStrings.place says: one that crosses a string's quote or holds
// punctuation outside strings is no spelling of the secret, left as it is.
// Nothing else of s changes: no match is respelt, so none can hide
// another token's.
func replaceFound(s string, js jsonStrings, found [][2]int, with string) string {
	var b strings.Builder
	last := 0
	esc := jsonEscapedPlain(with)
	for _, m := range found {
		from, to := m[0], m[1]
		if k := js.index(from); k < 0 || js[k].from-1 >= to {
			// Outside strings: a number the match is part of is
			// replaced whole.
			from, to = widen(s, from, to)
		}
		if from < last {
			continue // within the match before it, as that one was extended
		}
		rep, ok := js.place(s, from, to, esc)
		if !ok {
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:from])
		b.WriteString(rep)
		last = to
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// foundIn are the bounds of the matches scan finds in s, valid JSON text
// whose strings are js (stringsOf: read once for this and replaceFound),
// in order, as a reader of it gets them back: each string is searched as
// it decodes, whatever escapes spell it ("\n", "\u0022", "\/", every
// byte as a \uXXXX), and a match in it is widened to the escapes its first
// and last characters are spelt with. Searched as spelt, a match starting
// or ending inside an escape was no spelling of the secret, and the bytes
// of a secret spelt otherwise than its forms were kept. A string that is
// JSON itself (a tool's result quoted as text) is searched so in turn, up
// to maxNested strings deep: decoded once, a secret spelt with escapes
// inside it was kept. A string that is one of whole, its quotes included,
// is a match whole (jsonStrings.place). What lies between strings (a
// number) is searched as it is.
//
// Each match is extended by ext (token.extendIn) where it was found: in
// s, or in the decoding of the string it is in, so the rest of a
// credential a record cut is counted a byte a character however deeply
// it is quoted (in s a "\/" quoted again is "\\\/", read as a backslash,
// which stopped a token68's rest and kept it).
func foundIn(s string, js jsonStrings, whole []string, scan func(text string, found func(from, to int) bool), ext func(s string, to int, inJSON bool) int) [][2]int {
	var out [][2]int
	foundAt(s, js, whole, scan, ext, maxNested, func(from, to int) { out = append(out, [2]int{from, to}) })
	return out
}

// maxNested bounds how deep foundIn decodes strings held in strings: each
// level costs a decoding of what it holds, and real answers quote JSON
// once or twice.
const maxNested = 4

// foundAt is foundIn to depth levels of strings, handing each match's
// bounds in s to add, in order.
func foundAt(s string, js jsonStrings, whole []string, scan func(text string, found func(from, to int) bool), ext func(s string, to int, inJSON bool) int, depth int, add func(from, to int)) {
	last := 0
	spelt := func(from, to int) {
		scan(s[from:to], func(a, b int) bool {
			add(from+a, ext(s, from+b, true))
			return true
		})
	}
	for _, in := range js {
		spelt(last, in.from-1)
		last = in.to + 1
		raw := s[in.from:in.to]
		if strings.IndexByte(raw, '\\') < 0 {
			if isQuoted(whole, raw) {
				add(in.from-1, ext(s, in.to+1, true))
			} else {
				spelt(in.from, in.to) // no escapes: it decodes to itself
			}
			continue
		}
		text := unescaped(raw)
		if isQuoted(whole, text) {
			add(in.from-1, ext(s, in.to+1, true))
			continue
		}
		// Where each match in text was spelt in raw: matches come in
		// order, so one walk of raw maps them all, and no table of a
		// place for each decoded byte is built (a 20 MB string's was
		// 16 bytes more for each of its bytes).
		at := escapeCursor{raw: raw}
		inText := func(a, b int) {
			from, _ := at.char(a)
			_, to := at.char(b - 1)
			add(in.from+from, in.from+to)
		}
		if depth > 1 && strings.IndexByte(text, '\\') >= 0 && json.Valid([]byte(text)) {
			// Not whole: a quoted string inside is no value of s's own.
			foundAt(text, stringsOf(text), nil, scan, ext, depth-1, inText)
			continue
		}
		// text is decoded: no escapes, and a line break is a byte that
		// stops the rest as "\n" does in s.
		scan(text, func(a, b int) bool { inText(a, ext(text, b, false)); return true })
	}
	spelt(last, len(s))
}

// isQuoted reports whether one of whole is text in quotes.
func isQuoted(whole []string, text string) bool {
	return slices.ContainsFunc(whole, func(f string) bool {
		return len(f) == len(text)+2 && f[0] == '"' && f[len(f)-1] == '"' && f[1:len(f)-1] == text
	})
}

// escapeCursor walks raw, the content of a JSON string, a character at a
// time, keeping where in raw (r) and in its decoding (t) the character it
// is at begins.
type escapeCursor struct {
	raw  string
	r, t int
}

// char is where in raw the character the decoded byte i is part of begins
// and ends: an escape's bounds for every byte it stands for. i must not be
// before the last asked for but one character; an earlier one starts the
// walk again.
func (c *escapeCursor) char(i int) (from, to int) {
	if i < c.t {
		c.r, c.t = 0, 0
	}
	for c.r < len(c.raw) {
		var buf [utf8.UTFMax]byte
		n, w := escapeAt(c.raw, c.r, buf[:0])
		if i < c.t+len(n) {
			return c.r, c.r + w
		}
		c.r, c.t = c.r+w, c.t+len(n)
	}
	return len(c.raw), len(c.raw)
}

// unescaped is s with each JSON escape in it decoded, wherever it stands:
// the content of a JSON string as a reader gets it back, and of any other
// text a loose reading, for a quick test (token.in). A backslash that
// starts no escape is kept.
func unescaped(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	decodeEscapes(s, func(c []byte, _, _ int) { b.Write(c) })
	return b.String()
}

// decodeEscapes calls add, in order, with the bytes each character of raw
// stands for and its bounds in raw: an escape's decoded, any other byte as
// it is. b is valid only during the call: one buffer holds them all, as a
// new one for each byte of a 20 MB answer is millions of allocations.
func decodeEscapes(raw string, add func(b []byte, from, to int)) {
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(raw); {
		b, n := escapeAt(raw, i, buf[:0])
		add(b, i, i+n)
		i += n
	}
}

// escapeAt is what the character of raw at i stands for, appended to buf,
// and how many bytes of raw spell it: an escape's decoded
// (jsonspan.EscapeAt), a backslash that starts no escape or any other
// byte as it is.
func escapeAt(raw string, i int, buf []byte) ([]byte, int) {
	if raw[i] == '\\' { // most bytes are none: no call for them
		if r, n := jsonspan.EscapeAt(raw, i); n > 0 {
			return utf8.AppendRune(buf, r), n
		}
	}
	return append(buf, raw[i]), 1
}
