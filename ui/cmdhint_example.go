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
	src := []byte(d)
	for k := 0; k < len(d); k++ {
		if d[k] != '{' && d[k] != '[' || quotedAt(d, k) {
			continue
		}
		// Read up to the bracket that closes d[k], not to d's end, and
		// once for a run of brackets: trying each of 500 "[" read the
		// rest of d from each, 6 ms a hint.
		_, spans, stop := jsonspan.Closed(src[k:])
		for _, sp := range spans {
			from, to := k+sp.From, k+sp.To
			if to-from <= 2 || quotedAt(d, from) {
				continue // an empty one shows nothing
			}
			b.WriteString(d[i:from])
			b.WriteString(command.ShellQuote(d[from:to]))
			i = to
		}
		k += stop - 1
	}
	return b.String() + d[i:]
}

// quotedAt reports whether the bracket at d[k] is written quoted already,
// or as key=: it is no example to quote.
func quotedAt(d string, k int) bool {
	return k > 0 && strings.ContainsRune(`'"=`, rune(d[k-1]))
}
