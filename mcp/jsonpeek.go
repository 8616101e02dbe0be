package mcp

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
)

// peeked holds the spans of a JSON-RPC message's top-level members. The
// session reads every message on the hot path; a full json.Unmarshal would
// cost more than parsing the SSE stream itself, so it only finds where the
// members are and leaves decoding to whoever needs the values.
type peeked struct {
	id, method, result, errv, params []byte
	// toolError: the result is an object whose own isError member is true,
	// which is how a tool call fails without failing the JSON-RPC call.
	toolError bool
}

// peekMessage finds the JSON-RPC members of one message object. It reports
// false when b is not shaped like an object, and checks structure only as
// far as needed to find member boundaries.
func peekMessage(b []byte) (p peeked, ok bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return p, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return p, true
	}
	for i < len(b) {
		if b[i] != '"' {
			return p, false
		}
		end := stringEnd(b, i)
		if end < 0 {
			return p, false
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return p, false
		}
		i = skipSpace(b, i+1)
		vend, isErr := 0, false
		if string(key) == "result" && i < len(b) && b[i] == '{' {
			// The result is walked anyway to find its end; looking for
			// isError on the way saves walking it again.
			vend, isErr = compositeEnd(b, i, isErrorKey)
		} else {
			vend = valueEnd(b, i)
		}
		if vend < 0 {
			return p, false
		}
		v := b[i:vend]
		switch string(key) {
		case "id":
			p.id = v
		case "method":
			p.method = v
		case "result":
			p.result, p.toolError = v, isErr
		case "error":
			p.errv = v
		case "params":
			p.params = v
		}
		i = skipSpace(b, vend)
		if i >= len(b) {
			return p, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return p, true
		default:
			return p, false
		}
	}
	return p, false
}

const isErrorKey = `"isError"`

// unquote decodes a JSON string value; anything else decodes to "".
func unquote(v []byte) string {
	if len(v) < 2 || v[0] != '"' {
		return ""
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1])
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return ""
	}
	return s
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the index just past the string starting at b[i] == '"',
// or -1 when it is not terminated.
func stringEnd(b []byte, i int) int {
	j := i + 1
	for {
		k := quoteOrBackslash(b[j:])
		if k < 0 {
			return -1
		}
		j += k
		if b[j] == '"' {
			return j + 1
		}
		j += 2 // a backslash and the byte it escapes
		if j > len(b) {
			return -1
		}
	}
}

// quoteOrBackslash returns the index of the first '"' or '\\' in b, or -1.
// Every byte of every message passes through here, so it looks at eight
// bytes at a time: x^c has a zero byte where x has c, and the classic
// has-zero-byte test finds the first one (the lowest flagged byte is exact).
func quoteOrBackslash(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		q, s := x^(ones*'"'), x^(ones*'\\')
		if m := ((q-ones)&^q | (s-ones)&^s) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '"' || b[i] == '\\' {
			return i
		}
	}
	return -1
}

// valueEnd returns the index just past the JSON value starting at b[i], or -1.
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		end, _ := compositeEnd(b, i, "")
		return end
	default:
		j := i
		for j < len(b) {
			switch b[j] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				if j == i {
					return -1
				}
				return j
			}
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}

// compositeEnd returns the index just past the object or array starting at
// b[i], or -1. When trueKey (a quoted key) is given, it also reports whether
// the value's own member of that name is true; nested ones do not count.
func compositeEnd(b []byte, i int, trueKey string) (int, bool) {
	depth, found := 0, false
	for j := i; j < len(b); j++ {
		if !structural[b[j]] {
			continue
		}
		switch b[j] {
		case '"':
			e := stringEnd(b, j)
			if e < 0 {
				return -1, false
			}
			if depth == 1 && trueKey != "" && string(b[j:e]) == trueKey {
				k := skipSpace(b, e)
				if k < len(b) && b[k] == ':' {
					k = skipSpace(b, k+1)
					v := valueEnd(b, k)
					// The last duplicate wins, as in encoding/json.
					found = v > 0 && string(b[k:v]) == "true"
				}
			}
			j = e - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1, found
			}
		}
	}
	return -1, false
}

// structural marks the bytes compositeEnd stops at; one table load per byte
// beats the switch's comparisons on the bytes between them.
var structural = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}
