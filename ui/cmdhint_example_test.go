package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// Only a JSON example of an object or array key is quoted, once, and only
// one not written quoted already.
func TestTypedExamples(t *testing.T) {
	obj := &command.Property{Name: "filter", Schema: &command.Schema{Type: []string{"object"}}}
	str := &command.Property{Name: "q", Schema: &command.Schema{Type: []string{"string"}}}
	for _, tt := range []struct {
		p        *command.Property
		in, want string
	}{
		{obj, `e.g. {"a":1}.`, `e.g. '{"a":1}'.`},
		{obj, `e.g. {"a":1} or [1,2] or {} or {broken`, `e.g. '{"a":1}' or '[1,2]' or {} or {broken`},
		{obj, `e.g. '{"a":1}' or filter={"a":1}`, `e.g. '{"a":1}' or filter={"a":1}`},
		{obj, `{"it's":1}`, `'{"it'\''s":1}'`},
		{str, `e.g. {"a":1}`, `e.g. {"a":1}`},
		{obj, `{"a":"]}"} then [{"b":"\"]"}]`, `'{"a":"]}"}' then '[{"b":"\"]"}]'`},
		{obj, `[1, {"a":2}] or {"x":[1}]`, `'[1, {"a":2}]' or {"x":[1}]`},
		{obj, `[[1, {"a":2}] x`, `['[1, {"a":2}]' x`},
		{obj, strings.Repeat("[", 500) + ` {"a":1}`, strings.Repeat("[", 500) + ` '{"a":1}'`},
		{obj, `[[ {"a":1} {"b":2} [3] [`, `[[ '{"a":1}' '{"b":2}' '[3]' [`},
		{obj, `[ [], [1], ["x", [2, 3]], [`, `[ [], '[1]', '["x", [2, 3]]', [`},
	} {
		if got := typedExamples(tt.p, tt.in); got != tt.want {
			t.Errorf("typedExamples(%s, %q) = %q, want %q", tt.p.Name, tt.in, got, tt.want)
		}
	}
}

// A description of brackets that never close (the schema's 500 runes of
// "[") costs a hint what a plain one does: it is drawn on every frame.
func BenchmarkTypedExamplesBrackets(b *testing.B) {
	obj := &command.Property{Name: "filter", Schema: &command.Schema{Type: []string{"object"}}}
	d := strings.Repeat("[", 500)
	for b.Loop() {
		typedExamples(obj, d)
	}
}

// A description of arrays that never close, each holding an empty one
// ("[ [], [ [], …"), costs a hint what a plain one does.
func BenchmarkTypedExamplesUnclosedNested(b *testing.B) {
	obj := &command.Property{Name: "filter", Schema: &command.Schema{Type: []string{"object"}}}
	d := strings.Repeat("[ [], ", 250)
	for b.Loop() {
		typedExamples(obj, d)
	}
}
