package history

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// FuzzCompare: a recorded answer and a live one are the servers' bytes and
// the ignore pattern is the user's; comparing them never panics, an answer
// never differs from itself, and the rendered diff is safe to print.
func FuzzCompare(f *testing.F) {
	for _, s := range []struct{ a, b, pattern string }{
		{`{"result":{"content":[{"type":"text","text":"a"}],"meta":{"timestamp":1}}}`, `{"result":{"content":[{"type":"text","text":"b"}]}}`, "$.result.content[*].text"},
		{`[1,2,3]`, `[1,2]`, "$[1]"},
		{`{"a":1.0}`, `{"a":1}`, "..a"},
		{`{"a":"\u202e\u001b[2J"}`, `{"a":"x"}`, "["},
		{"not json \x1b]52;c;\x07", `{"b":[]}`, "$..[*]..["},
		{`{"a":{"b":{"c":[{"d":1e999}]}}}`, `{"a":{"b":{"c":[{"d":-0}]}}}`, "$.a.b.c[-1].d"},
		{`{"a":1}{"b":2}`, `{"a":1}`, ".]"},
	} {
		f.Add(s.a, s.b, s.pattern)
	}
	f.Fuzz(func(t *testing.T, a, b, pattern string) {
		if d := Compare(json.RawMessage(a), json.RawMessage(a), []string{pattern}); len(d) != 0 {
			t.Fatalf("Compare(%q, itself) = %v", a, d)
		}
		diffs := Compare(json.RawMessage(a), json.RawMessage(b), []string{pattern})
		out := RenderDiff(diffs)
		sanitizetest.Check(t, "RenderDiff", out, true)
		if len(diffs) > 0 && strings.Count(out, "\n") < len(diffs) {
			t.Fatalf("RenderDiff of %d differences is %d lines", len(diffs), strings.Count(out, "\n"))
		}
	})
}
