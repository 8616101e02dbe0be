package history

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// replaceFound is s, valid JSON text, with each of found (the bounds of
// matches of a secret's spelling, in order: foundIn) replaced by with,
// extended to end(s, its end) (token.extend), and placed as
// jsonStrings.place says: one that crosses a string's quote or holds
// punctuation outside strings is no spelling of the secret, left as it is.
// Nothing else of s changes: no match is respelt, so none can hide
// another token's.
func replaceFound(s string, found [][2]int, with string, end func(s string, to int) int) string {
	var b strings.Builder
	last := 0
	js := stringsOf(s)
	for _, m := range found {
		from, to := m[0], end(s, m[1])
		if k := js.index(from); k < 0 || js[k].from-1 >= to {
			// Outside strings: a number the match is part of is
			// replaced whole.
			from, to = widen(s, from, to)
		}
		if from < last {
			continue // within the match before it, as that one was extended
		}
		rep, ok := js.place(s, from, to, with)
		if !ok {
			continue
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

// foundIn are the bounds of the matches scan finds in s, valid JSON text,
// in order, as a reader of it gets them back: each string is searched as
// it decodes, whatever escapes spell it ("\n", "\u0022", "\/", every
// byte as a \uXXXX), and a match in it is widened to the escapes its first
// and last characters are spelt with. Searched as spelt, a match starting
// or ending inside an escape was no spelling of the secret, and the bytes
// of a secret spelt otherwise than its forms were kept. A string that is
// one of whole, its quotes included, is a match whole (jsonStrings.place).
// What lies between strings (a number) is searched as it is.
func foundIn(s string, whole []string, scan func(text string, found func(from, to int) bool)) [][2]int {
	var out [][2]int
	last := 0
	spelt := func(from, to int) {
		scan(s[from:to], func(a, b int) bool {
			out = append(out, [2]int{from + a, from + b})
			return true
		})
	}
	for _, in := range stringsOf(s) {
		spelt(last, in.from-1)
		last = in.to + 1
		raw := s[in.from:in.to]
		if strings.IndexByte(raw, '\\') < 0 {
			if isQuoted(whole, raw) {
				out = append(out, [2]int{in.from - 1, in.to + 1})
			} else {
				spelt(in.from, in.to) // no escapes: it decodes to itself
			}
			continue
		}
		text, starts, ends := decodeString(raw)
		if isQuoted(whole, string(text)) {
			out = append(out, [2]int{in.from - 1, in.to + 1})
			continue
		}
		scan(string(text), func(a, b int) bool {
			out = append(out, [2]int{in.from + starts[a], in.from + ends[b-1]})
			return true
		})
	}
	spelt(last, len(s))
	return out
}

// isQuoted reports whether one of whole is text in quotes.
func isQuoted(whole []string, text string) bool {
	return slices.ContainsFunc(whole, func(f string) bool {
		return len(f) == len(text)+2 && f[0] == '"' && f[len(f)-1] == '"' && f[1:len(f)-1] == text
	})
}

// decodeString is the bytes raw, the content of a valid JSON string,
// stands for, with, for each of them, where in raw the character it is
// part of begins and ends: an escape's bounds for every byte it stands for.
func decodeString(raw string) (text []byte, starts, ends []int) {
	text = make([]byte, 0, len(raw))
	decodeEscapes(raw, func(b []byte, from, to int) {
		for _, c := range b {
			text, starts, ends = append(text, c), append(starts, from), append(ends, to)
		}
	})
	return text, starts, ends
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
	buf := make([]byte, 0, utf8.UTFMax)
	for i := 0; i < len(raw); {
		c, isShort := byte(0), false
		if raw[i] == '\\' && i+1 < len(raw) {
			c, isShort = shortEscapes[raw[i+1]]
		}
		switch {
		case isShort:
			add(append(buf[:0], c), i, i+2)
			i += 2
		case isHexEscape(raw, i):
			r, n := hex4(raw[i+2:i+6]), 6
			if utf16.IsSurrogate(r) && isHexEscape(raw, i+6) {
				if pair := utf16.DecodeRune(r, hex4(raw[i+8:i+12])); pair != utf8.RuneError {
					r, n = pair, 12
				}
			}
			add(utf8.AppendRune(buf[:0], r), i, i+n)
			i += n
		default:
			add(append(buf[:0], raw[i]), i, i+1)
			i++
		}
	}
}

// shortEscapes are the bytes JSON's two-byte escapes stand for, by the
// byte after their backslash.
var shortEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// isHexEscape reports whether a \uXXXX escape starts at s[i].
func isHexEscape(s string, i int) bool {
	if i+6 > len(s) || s[i] != '\\' || s[i+1] != 'u' {
		return false
	}
	for _, c := range []byte(s[i+2 : i+6]) {
		if !isHex(c) {
			return false
		}
	}
	return true
}

// hex4 is the rune of the four hex digits h, of a valid \uXXXX.
func hex4(h string) rune {
	var r rune
	for _, c := range []byte(h) {
		switch {
		case c >= 'a':
			c -= 'a' - 10
		case c >= 'A':
			c -= 'A' - 10
		default:
			c -= '0'
		}
		r = r<<4 | rune(c)
	}
	return r
}
