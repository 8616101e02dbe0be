package sanitize

import (
	"unicode/utf16"
	"unicode/utf8"
)

// JSON makes JSON text safe to print without changing the value it holds:
// inside strings, every character that Line would replace or drop (C0 and C1
// controls, DEL, bidi and other invisible format characters, the line and
// paragraph separators) is written as a \u escape, and invalid UTF-8 as
// \ufffd, which is what a JSON decoder reads it as anyway. Between tokens a
// tab or CR becomes a space, and anything else that is not JSON is escaped
// the same way, so the output holds no byte a terminal acts on even when the
// input is not JSON. A newline between tokens is kept: indented JSON stays
// indented.
//
// The common case (ASCII JSON as encoding/json writes it) returns b itself.
func JSON(b []byte) []byte {
	if plainASCIIOrNewline(b) {
		return b
	}
	return AppendJSON(make([]byte, 0, len(b)+len(b)/8), b)
}

// AppendJSON appends what JSON makes of b to out: a writer that sanitizes a
// long text a piece at a time can reuse one buffer for all of them.
func AppendJSON(out, b []byte) []byte {
	inString, escaped := false, false
	for i := 0; i < len(b); {
		c := b[i]
		if c >= 0x20 && c < 0x7f {
			switch {
			case escaped:
				escaped = false
			case inString && c == '\\':
				escaped = true
			case c == '"':
				inString = !inString
			}
			out = append(out, c)
			i++
			continue
		}
		// A control or non-ASCII character ends an escape: the escape was
		// malformed, and the character is judged on its own.
		escaped = false
		r, size := utf8.DecodeRune(b[i:])
		i += size
		switch {
		case !inString && (c == '\n'):
			out = append(out, c)
		case !inString && (c == '\t' || c == '\r'):
			out = append(out, ' ')
		case r == utf8.RuneError && size == 1:
			out = AppendEscape(out, utf8.RuneError)
		case Unsafe(r) || !inString:
			out = AppendEscape(out, r)
		case r == zwj:
			prev, _ := utf8.DecodeLastRune(out)
			next, _ := utf8.DecodeRune(b[i:])
			if JoinsEmoji(prev, next) {
				out = utf8.AppendRune(out, r)
			} else {
				out = AppendEscape(out, r)
			}
		default:
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// Unsafe reports whether r is a character Line or Text would not print as
// it is. A writer of JSON that must stay safe on a terminal escapes these
// (with AppendEscape) and nothing else.
func Unsafe(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) ||
		r == '\u2028' || r == '\u2029' || Invisible(r)
}

// AppendEscape appends r as a JSON \u escape, as a surrogate pair above the
// Basic Multilingual Plane (the tag characters U+E0000... are format
// characters too).
func AppendEscape(out []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	one := func(out []byte, u rune) []byte {
		return append(out, '\\', 'u', hex[u>>12&0xf], hex[u>>8&0xf], hex[u>>4&0xf], hex[u&0xf])
	}
	if r > 0xffff {
		hi, lo := utf16.EncodeRune(r)
		return one(one(out, hi), lo)
	}
	return one(out, r)
}

// plainASCIIOrNewline reports whether b holds only printable ASCII and
// newlines.
func plainASCIIOrNewline(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
}
