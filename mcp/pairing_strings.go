package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxEscapedID bounds the string ids pairing reads past their text: a
// client's id is its to make up, megabytes long, and one that long is
// paired by its exact text alone.
const maxEscapedID = 4096

// SameID reports whether two ids, as written, name the same request as
// pairing matches an answer to it: the same text, the same integer
// written another way (sameInteger), or the same string written with
// other escapes (sameString). Whoever else matches an answer to its
// request (the proxy, as a session opens) asks this, so the two never
// disagree.
func SameID(a, b string) bool {
	return a != "" && idValue(a) == idValue(b)
}

// idValue is the text id is paired by, on either side: the id as written,
// except an integer written with a fraction or an exponent, which is
// sameInteger's, and a string written with escapes, which is sameString's.
func idValue(id string) string {
	if n, ok := sameInteger(id); ok {
		return n
	}
	if s, ok := sameString(id); ok {
		return s
	}
	return id
}

// sameString is a string id written with escapes ("\u00e9", "\/",
// "\u0041") as its value written with only the escapes JSON requires: a
// quote and a backslash escaped, control characters as \u00XX, all else
// as it is. A server that decodes an id and encodes it again writes the
// same JSON string with other escapes (a Python client's ensure_ascii
// "\u00e9" comes back "é" from Go and TypeScript servers, and the other
// way round), and every SDK pairs it: paired by its text alone, the
// answer read as one to an id never sent. ok is false for anything else:
// not a string, a string with no escapes (written so already), one past
// maxEscapedID, and one whose value is not valid Unicode (the lone
// surrogates "\ud800" and "\udc00" both read as U+FFFD, and would pair
// with each other).
func sameString(id string) (string, bool) {
	if len(id) < 2 || id[0] != '"' || len(id) > maxEscapedID || !strings.Contains(id, `\`) {
		return "", false
	}
	var v string
	if json.Unmarshal([]byte(id), &v) != nil || strings.ContainsRune(v, utf8.RuneError) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(v) + 2)
	b.WriteByte('"')
	for _, r := range v {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String(), true
}
