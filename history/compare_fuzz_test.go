package history

import (
	"encoding/json"
	"slices"
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
		// Lists whose elements are matched by name, uri or uriTemplate.
		{`{"result":{"tools":[{"name":"a","description":"x"},{"name":"b","description":"y"}]}}`, `{"result":{"tools":[{"name":"b","description":"z"},{"name":"a","description":"x"},{"name":"c"}]}}`, "$.result.tools[*].description"},
		{`{"result":{"resources":[{"uri":"file:///a","size":1},{"uri":"file:///b"}]}}`, `{"result":{"resources":[{"uri":"file:///b"},{"uri":"file:///a","size":2}]}}`, "size"},
		{`{"result":{"tools":[{"name":"a","annotations":{"title":"t"}},{"name":"a","x":1}]}}`, `{"result":{"tools":[{"name":"a","x":2},{"name":"a"}]}}`, "$.result.tools[*]"},
		{`{"tools":[{"name":"a","inputSchema":{"properties":{"p":{"description":"d"}}}}]}`, `{"tools":[{"name":"a","inputSchema":{"properties":{"p":{"description":"e"}}}}]}`, "$..description"},
		{`{"prompts":[{"name":"p","arguments":[{"name":"x","required":true}]}]}`, `{"prompts":[{"name":"p","arguments":[{"name":"y"},{"name":"x","required":false}]}]}`, "$.prompts[*].arguments[*].required"},
		{`{"resourceTemplates":[{"uriTemplate":"a/{x}","name":"n"},{"uriTemplate":1}]}`, `{"resourceTemplates":[{"uriTemplate":1},{"uriTemplate":"a/{x}","name":"m"}]}`, "name"},
		{`{"tools":[{"name":"\u001b[2J","v":1},{"name":"\u202e"}]}`, `{"tools":[{"name":"\u202e"},{"name":"\u001b[2J","v":2}]}`, "$.tools[0].v"},
	} {
		f.Add(s.a, s.b, s.pattern)
	}
	f.Fuzz(func(t *testing.T, a, b, pattern string) {
		if d := Compare(json.RawMessage(a), json.RawMessage(a), []string{pattern}); len(d) != 0 {
			t.Fatalf("Compare(%q, itself) = %v", a, d)
		}
		diffs, matched := CompareIgnoring(json.RawMessage(a), json.RawMessage(b), []string{pattern})
		if len(matched) > 1 || len(matched) == 1 && matched[0] != pattern {
			t.Fatalf("CompareIgnoring(%q) says %q matched", pattern, matched)
		}
		// A pattern that changed what was compared matched something, and
		// says so; what it leaves is what comparing without it finds.
		all := Compare(json.RawMessage(a), json.RawMessage(b), nil)
		if len(matched) == 0 && !slices.Equal(diffs, all) {
			t.Fatalf("Compare(%q, %q) ignoring %q = %v, not %v, yet the pattern matched nothing", a, b, pattern, diffs, all)
		}
		if len(diffs) > len(all) {
			t.Fatalf("Compare(%q, %q) ignoring %q finds more (%v) than without it (%v)", a, b, pattern, diffs, all)
		}
		// Without patterns (an index in one names the recorded side's
		// element), the other way round finds the same places.
		if back := Compare(json.RawMessage(b), json.RawMessage(a), nil); len(back) != len(all) {
			t.Fatalf("Compare(%q, %q) = %v, but the other way round %v", a, b, all, back)
		}
		out := RenderDiff(diffs, 75)
		sanitizetest.Check(t, "RenderDiff", out, true)
		if len(diffs) > 0 && strings.Count(out, "\n") < len(diffs) {
			t.Fatalf("RenderDiff of %d differences is %d lines", len(diffs), strings.Count(out, "\n"))
		}
	})
}
