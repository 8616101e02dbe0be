package jsonspan

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Unquote decodes a JSON string a JSON scanner has accepted (quotes
// included) into one new allocation of the exact size: a first pass
// measures, a second writes. It reports false for anything it leaves to
// encoding/json: text that is not UTF-8, whose replacement characters could
// make the output longer. FuzzUnquoteAgreesWithJSON holds it to
// encoding/json's reading.
func Unquote(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	s := b[1 : len(b)-1]
	var size sizer
	if !unescape(&size, s) {
		return "", false
	}
	out := appender(make([]byte, 0, int(size)))
	unescape(&out, s)
	return unsafeString(out), true
}

// Pieces hands fn the decoded text of the JSON string b (quotes included)
// a piece at a time, in order, without holding the text whole: a 60 MB
// answer can be printed from its JSON. A piece is only valid during the
// call. It reports false for what Unquote leaves to encoding/json, and
// then fn has not been called.
func Pieces(b []byte, fn func(piece []byte)) bool {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return false
	}
	s := b[1 : len(b)-1]
	var size sizer
	if !unescape(&size, s) {
		return false
	}
	unescape(&piecer{fn: fn}, s)
	return true
}

// piecer hands each decoded run or character to fn.
type piecer struct {
	fn  func([]byte)
	buf [utf8.UTFMax]byte
}

func (c *piecer) write(p []byte) {
	if len(p) > 0 {
		c.fn(p)
	}
}
func (c *piecer) writeByte(b byte) { c.buf[0] = b; c.fn(c.buf[:1]) }
func (c *piecer) writeRune(r rune) { c.fn(c.buf[:utf8.EncodeRune(c.buf[:], r)]) }

// sink receives decoded string bytes: sizer counts them, appender keeps them.
type sink interface {
	write(p []byte)
	writeByte(c byte)
	writeRune(r rune)
}

type sizer int

func (n *sizer) write(p []byte)   { *n += sizer(len(p)) }
func (n *sizer) writeByte(byte)   { *n++ }
func (n *sizer) writeRune(r rune) { *n += sizer(utf8.RuneLen(r)) }

type appender []byte

func (a *appender) write(p []byte)   { *a = append(*a, p...) }
func (a *appender) writeByte(c byte) { *a = append(*a, c) }
func (a *appender) writeRune(r rune) { *a = utf8.AppendRune(*a, r) }

// unescape decodes the inside of a JSON string into out: strictly, false
// for text that is no UTF-8 and a backslash that starts no escape.
func unescape(out sink, s []byte) bool {
	for {
		i := bytes.IndexByte(s, '\\')
		plain := s
		if i >= 0 {
			plain = s[:i]
		}
		if !utf8.Valid(plain) {
			return false
		}
		out.write(plain)
		if i < 0 {
			return true
		}
		r, n := EscapeAt(s, i)
		if n == 0 {
			return false
		}
		if r < utf8.RuneSelf {
			out.writeByte(byte(r))
		} else {
			out.writeRune(r)
		}
		s = s[i+n:]
	}
}

// EscapeAt reads the escape that starts at s[i] in s, the inside of a JSON
// string: the rune it stands for and how many bytes of s spell it (2 for
// "\n" and its kind, 6 for "\u00e9", 12 for a surrogate pair). n is 0
// where no escape starts (a stray backslash, a "\u" without four hex
// digits, any other byte): leniently, the caller says what that is, so a
// search over text that is not quite JSON can read it on. A surrogate half
// not followed by its other half stands for U+FFFD, as encoding/json reads
// it. Unquote, Pieces and history's redaction all read escapes here.
func EscapeAt[T string | []byte](s T, i int) (r rune, n int) {
	if i+1 >= len(s) || s[i] != '\\' {
		return 0, 0
	}
	switch c := s[i+1]; c {
	case '"', '\\', '/':
		return rune(c), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		r = hex4(s, i+2)
		if r < 0 {
			return 0, 0
		}
		if !utf16.IsSurrogate(r) {
			return r, 6
		}
		// A pair of escapes spells one rune; anything else in place of
		// the second half makes the first a U+FFFD.
		r2 := rune(-1)
		if i+8 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
			r2 = hex4(s, i+8)
		}
		if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
			return dec, 12
		}
		return utf8.RuneError, 6
	}
	return 0, 0
}

// hex4 reads the four hex digits at s[i], or returns -1.
func hex4[T string | []byte](s T, i int) rune {
	if i+4 > len(s) {
		return -1
	}
	var r rune
	for j := i; j < i+4; j++ {
		c := s[j]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// unsafeString views b as a string without a copy; b must never change again.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
