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

// unescape decodes the inside of a JSON string into out.
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
		s = s[i:]
		if len(s) < 2 {
			return false
		}
		switch c := s[1]; c {
		case '"', '\\', '/':
			out.writeByte(c)
		case 'b':
			out.writeByte('\b')
		case 'f':
			out.writeByte('\f')
		case 'n':
			out.writeByte('\n')
		case 'r':
			out.writeByte('\r')
		case 't':
			out.writeByte('\t')
		case 'u':
			r := hex4(s[2:])
			if r < 0 {
				return false
			}
			n := 6
			if utf16.IsSurrogate(r) {
				// A pair of escapes spells one rune; anything else in
				// place of the second half makes the first a U+FFFD.
				r2 := rune(-1)
				if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
					r2 = hex4(s[8:])
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					r, n = dec, 12
				} else {
					r = utf8.RuneError
				}
			}
			out.writeRune(r)
			s = s[n:]
			continue
		default:
			return false
		}
		s = s[2:]
	}
}

// hex4 reads four hex digits, or returns -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
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
