package history

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// replaceOutsideEscapes is strings.ReplaceAll(s, old, with), each match
// extended to end(s, its end) (token.extend), but for the
// matches that begin or end inside an escape sequence of s, JSON text, or
// that cross a string's quote (jsonStrings.place, which also says how a
// whole value is replaced so the text stays JSON);
// with respell, a character of such a match is spelt otherwise (respelt)
// so its bytes no longer read as the secret.
func replaceOutsideEscapes(s, old, with string, respell bool, end func(s string, to int) int) string {
	return replaceFound(s, func(s string, i int) (int, int) {
		j := strings.Index(s[i:], old)
		if j < 0 {
			return -1, -1
		}
		return i + j, i + j + len(old)
	}, with, respell, end)
}

// replaceFound is replaceOutsideEscapes of the matches find gives: the
// bounds of the first one in s at or after i, from < 0 when none is.
func replaceFound(s string, find func(s string, i int) (from, to int), with string, respell bool, end func(s string, to int) int) string {
	var b strings.Builder
	// Bounded: a respelling could in principle undo another.
	last, respells, maxRespells := 0, 0, len(s)
	js := stringsOf(s)
	for i := 0; i <= len(s); {
		from, to := find(s, i)
		if from < 0 {
			break
		}
		if inEscape(s, from) || inEscape(s, to) {
			// No spelling of the secret, but its bytes read as one:
			// the character after the escape is spelt as an escape
			// too, which means the same and breaks the match.
			if respell && inEscape(s, from) && respells < maxRespells {
				// The escape the match starts in when it is short
				// ("\/" before a PHP spelling), else the character
				// after it.
				at := escapeStart1(s, from)
				if at >= last && s[at+1] != 'u' {
					if esc, ok := respelt(s[at:]); ok {
						s, respells = s[:at]+esc, respells+1
						js = stringsOf(s)
						continue
					}
				}
				if e := escapeEnd(s, from); e > last && e < to {
					if esc, ok := respelt(s[e:]); ok {
						s, respells = s[:e]+esc, respells+1
						js = stringsOf(s)
						continue
					}
				}
			}
			i = from + 1
			continue
		}
		to = end(s, to)
		if k := js.index(from); k < 0 || js[k].from-1 >= to {
			// Outside strings: a number the match is part of is
			// replaced whole.
			from, to = widen(s, from, to)
		}
		rep, ok := js.place(s, from, to, with)
		if !ok {
			i = from + 1
			continue
		}
		b.WriteString(s[last:from])
		b.WriteString(rep)
		last, i = to, to
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// inEscape reports whether s[p] is past the backslash of an escape
// sequence but part of it: right after a backslash that starts one, or
// within the four hex digits of a \uXXXX.
func inEscape(s string, p int) bool {
	if p <= 0 || p >= len(s) {
		return false
	}
	for k := 1; k <= 5 && p-k >= 0; k++ {
		at := p - k
		if s[at] != '\\' || !escapeStart(s, at) {
			continue
		}
		// The backslash at at starts an escape; it holds s[p] when p is
		// its next byte, or one of four hex digits after 'u'.
		return k == 1 || (at+1 < len(s) && s[at+1] == 'u')
	}
	return false
}

// escapeStart1 is the index of the backslash of the escape sequence that
// holds s[p] (inEscape(s, p)).
func escapeStart1(s string, p int) int {
	for at := p - 1; at >= 0 && at >= p-5; at-- {
		if s[at] == '\\' && escapeStart(s, at) {
			return at
		}
	}
	return p
}

// escapeEnd is the index just past the escape sequence that holds s[p]
// (inEscape(s, p)).
func escapeEnd(s string, p int) int {
	at := escapeStart1(s, p)
	switch {
	case at == p:
		return p
	case at+1 < len(s) && s[at+1] == 'u':
		return min(at+6, len(s))
	}
	return at + 2
}

// respelt is rest, JSON string text, with its first character spelt
// otherwise, meaning the same: a character as a \uXXXX escape, a short
// escape (\n) as \u000a, a \uXXXX with lower-case letters in upper case.
// Each step only goes one way, so respelling ends. ok is false for a
// quote (the string's end) and a \uXXXX of digits and capitals.
func respelt(rest string) (string, bool) {
	if strings.HasPrefix(rest, `\u`) && len(rest) >= 6 {
		if upper := strings.ToUpper(rest[2:6]); upper != rest[2:6] {
			return `\u` + upper + rest[6:], true
		}
		return "", false
	}
	if strings.HasPrefix(rest, `\`) && len(rest) >= 2 {
		short := map[byte]rune{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
		r, ok := short[rest[1]]
		if !ok {
			return "", false
		}
		return fmt.Sprintf(`\u%04x`, r) + rest[2:], true
	}
	r, n := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError || r == '"' {
		return "", false
	}
	var b strings.Builder
	for _, u := range utf16.Encode([]rune{r}) {
		fmt.Fprintf(&b, `\u%04x`, u)
	}
	return b.String() + rest[n:], true
}

// escapeStart reports whether the backslash s[at] starts an escape: an
// even number of backslashes (pairs, each an escaped one) precedes it.
func escapeStart(s string, at int) bool {
	n := 0
	for i := at - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 0
}

// runsOf are the bounds of the runs of p's forms in s, valid JSON text,
// in order, as a reader of it gets them back: each string is searched as
// it decodes, whatever escapes spell it ("\n", "\u0022", "\/"), and a run
// in it is widened to the escapes its first and last characters are
// spelt with. Searched as spelt, a piece starting or ending inside an
// escape was no spelling of the secret and left whole, while the 16 bytes
// before the escape were the credential's. What lies between strings (a
// number) is searched as it is.
func runsOf(p *pieceIndex, s string) [][2]int {
	var out [][2]int
	last := 0
	outside := func(from, to int) {
		scanPieces(p, s[from:to], func(a, b int) bool {
			out = append(out, [2]int{from + a, from + b})
			return true
		})
	}
	for _, in := range stringsOf(s) {
		outside(last, in.from-1)
		last = in.to + 1
		text, starts, ends := decodeString(s[in.from:in.to])
		scanPieces(p, text, func(a, b int) bool {
			out = append(out, [2]int{in.from + starts[a], in.from + ends[b-1]})
			return true
		})
	}
	outside(last, len(s))
	return out
}

// decodeString is the bytes raw, the content of a valid JSON string,
// stands for, with, for each of them, where in raw the character it is
// part of begins and ends: an escape's bounds for every byte it stands for.
func decodeString(raw string) (text []byte, starts, ends []int) {
	text = make([]byte, 0, len(raw))
	add := func(b []byte, from, to int) {
		for _, c := range b {
			text, starts, ends = append(text, c), append(starts, from), append(ends, to)
		}
	}
	for i := 0; i < len(raw); {
		if raw[i] != '\\' || i+1 >= len(raw) {
			add([]byte{raw[i]}, i, i+1)
			i++
			continue
		}
		if raw[i+1] != 'u' || i+6 > len(raw) {
			short := map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
			add([]byte{short[raw[i+1]]}, i, i+2)
			i += 2
			continue
		}
		r, n := hex4(raw[i+2:i+6]), 6
		if utf16.IsSurrogate(r) && i+12 <= len(raw) && raw[i+6:i+8] == `\u` {
			if pair := utf16.DecodeRune(r, hex4(raw[i+8:i+12])); pair != utf8.RuneError {
				r, n = pair, 12
			}
		}
		add(utf8.AppendRune(nil, r), i, i+n)
		i += n
	}
	return text, starts, ends
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
