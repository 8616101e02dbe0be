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
