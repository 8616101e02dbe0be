package history

import (
	"encoding/json"
	"slices"
	"testing"
)

// CompareIgnoring says which ignore patterns matched a field: one below a
// field another pattern (or a built-in rule) skips counts, one naming
// nothing there does not.
func TestCompareIgnoringSaysWhatMatched(t *testing.T) {
	recorded := json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}],"meta":{"etag":"1"},"_meta":{"x":1}}}`)
	live := json.RawMessage(`{"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"b"}],"meta":{"etag":"2"},"_meta":{"x":2}}}`)
	ignore := []string{"tools", "$.result.tools[*].name", "etag", "$.result._meta.x", "$.result.nope", "etga"}
	diffs, matched := CompareIgnoring(recorded, live, ignore)
	if len(diffs) != 0 {
		t.Errorf("differences %v, want none (all ignored)", diffs)
	}
	if want := []string{"tools", "$.result.tools[*].name", "etag", "$.result._meta.x"}; !slices.Equal(matched, want) {
		t.Errorf("matched %q, want %q", matched, want)
	}
}

// A list matched by name (tools) skips an element as a list matched by
// position does: a pattern naming a field inside the skipped element
// matched it, and is not said to have matched nothing.
func TestCompareIgnoringBelowAKeyedElement(t *testing.T) {
	recorded := json.RawMessage(`{"result":{"tools":[{"name":"a","description":"old"},{"name":"b"}]}}`)
	live := json.RawMessage(`{"result":{"tools":[{"name":"b"},{"name":"a","description":"new"},{"name":"c","title":"C"}]}}`)
	ignore := []string{"$.result.tools[*]", "description", "title"}
	diffs, matched := CompareIgnoring(recorded, live, ignore)
	if len(diffs) != 0 {
		t.Errorf("differences %v, want none (all ignored)", diffs)
	}
	if !slices.Equal(matched, ignore) {
		t.Errorf("matched %q, want %q", matched, ignore)
	}
}
