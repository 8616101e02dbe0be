package ui

import (
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
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
// it starts with none (or with an empty one, which shows nothing). The
// tokenizer reads up to the bracket that closes s's first: decoding from
// every bracket to the description's end cost 7.7 ms a hint for 500 "[",
// and the hint is drawn on every frame.
func jsonAt(s string) int {
	kind := jsonspan.Array
	if s[0] == '{' {
		kind = jsonspan.Object
	}
	if n := jsonspan.FirstValueEnd([]byte(s), kind); n > 2 {
		return n
	}
	return 0
}
