package mcp

import (
	"bytes"
	"encoding/json"
)

// peeked holds the spans of a JSON-RPC message's top-level members. The
// session reads every message on the hot path; a full json.Unmarshal would
// cost more than parsing the SSE stream itself, so it only finds where the
// members are and leaves decoding to whoever needs the values.
type peeked struct {
	id, method, result, errv, params []byte
}

// peekObject scans the top-level members of a JSON object and calls fn for
// each with the key's raw bytes (without quotes) and the value's raw bytes.
// It reports false when b is not shaped like an object. It checks structure
// only as far as needed to find member boundaries.
func peekObject(b []byte, fn func(key, value []byte)) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return true
	}
	for i < len(b) {
		if b[i] != '"' {
			return false
		}
		end := stringEnd(b, i)
		if end < 0 {
			return false
		}
		key := b[i+1 : end-1]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		vend := valueEnd(b, i)
		if vend < 0 {
			return false
		}
		fn(key, b[i:vend])
		i = skipSpace(b, vend)
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return true
		default:
			return false
		}
	}
	return false
}

// peekMessage finds the JSON-RPC members of one message object.
func peekMessage(b []byte) (p peeked, ok bool) {
	ok = peekObject(b, func(key, value []byte) {
		switch string(key) {
		case "id":
			p.id = value
		case "method":
			p.method = value
		case "result":
			p.result = value
		case "error":
			p.errv = value
		case "params":
			p.params = value
		}
	})
	return p, ok
}

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

// hasTrueMember reports whether object v has member key set to true, which is
// how a tool result says isError without failing the JSON-RPC call.
func hasTrueMember(v []byte, key string) bool {
	// Most results never say the key is true; skip the walk for them.
	if !mentionsTrue(v, `"`+key+`"`) {
		return false
	}
	found := false
	peekObject(v, func(k, val []byte) {
		if string(k) == key && string(val) == "true" {
			found = true
		}
	})
	return found
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
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		j += k
		// A quote is escaped when an odd number of backslashes precede it.
		n := 0
		for m := j - 1; m > i && b[m] == '\\'; m-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j
		}
	}
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
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				e := stringEnd(b, j)
				if e < 0 {
					return -1
				}
				j = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
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

// mentionsTrue reports whether quotedKey occurs anywhere followed by a colon
// and true. It can be fooled by nesting, so it only rules a walk out.
func mentionsTrue(v []byte, quotedKey string) bool {
	for {
		i := bytes.Index(v, []byte(quotedKey))
		if i < 0 {
			return false
		}
		v = v[i+len(quotedKey):]
		j := skipSpace(v, 0)
		if j < len(v) && v[j] == ':' {
			j = skipSpace(v, j+1)
			if bytes.HasPrefix(v[j:], []byte("true")) {
				return true
			}
		}
	}
}
