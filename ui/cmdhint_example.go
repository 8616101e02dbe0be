package ui

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// typedExamples is the description d of key p, an object or an array,
// with each JSON example in it shown as it must be typed after name= on
// the command line: '{"after":"2024-01-01"}'. Typed as the server wrote
// it, filter={"after":"2024-01-01","limit":5}, shell-style quoting took
// the double quotes away and the line was refused as no JSON object. Only
// the quotes are added: with name= the hint for filter= no longer fit 80
// columns. d is the sanitized one-line description; an example is JSON
// that decodes whole.
func typedExamples(p *command.Property, d string) string {
	if !slices.Contains(p.Schema.Type, "object") && !slices.Contains(p.Schema.Type, "array") {
		return d
	}
	var b strings.Builder
	i := 0 // d[:i] is in b
	for k := 0; k < len(d); k++ {
		if d[k] != '{' && d[k] != '[' || k > 0 && strings.ContainsRune(`'"=`, rune(d[k-1])) {
			continue // no example, or one written quoted already, or as key=
		}
		n := jsonAt(d[k:])
		if n == 0 {
			continue
		}
		b.WriteString(d[i:k])
		b.WriteString(command.ShellQuote(d[k : k+n]))
		i, k = k+n, k+n-1
	}
	return b.String() + d[i:]
}

// jsonAt is the length of the JSON object or array s starts with, 0 when
// it starts with none (or with an empty one, which shows nothing). Only
// the span up to the bracket that closes s's first is decoded: decoding
// from every bracket to the description's end cost 5 ms a hint for 500
// "[", and the hint is drawn on every frame.
func jsonAt(s string) int {
	n := closedAt(s)
	if n <= 2 || !json.Valid([]byte(s[:n])) {
		return 0
	}
	return n
}

// closedAt is the length of s up to the bracket that closes the one s
// starts with, skipping brackets inside strings; 0 when it never closes.
// A JSON value's brackets balance, so its span is found whole.
func closedAt(s string) int {
	depth, inStr, esc := 0, false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case esc:
			esc = false
		case inStr:
			esc, inStr = c == '\\', c != '"'
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}
