package history

import (
	"encoding/json"
	"strings"
	"testing"
)

// One tool added at the top of a tools/list answer is one difference, not
// every tool after it changed into its neighbour; a tool changed is named
// beside its path; tools only reordered are no difference.
func TestCompareMatchesNamedElementsByName(t *testing.T) {
	recorded := `{"result":{"tools":[{"name":"greet","description":"Says hello."},{"name":"add","description":"Adds."},{"name":"echo","description":"Echoes."}]}}`
	tests := []struct {
		name   string
		live   string
		ignore []string
		want   []Difference
	}{
		{"one added at the top", `{"result":{"tools":[{"name":"alpha"},{"name":"greet","description":"Says hello."},{"name":"add","description":"Adds."},{"name":"echo","description":"Echoes."}]}}`, nil,
			[]Difference{{Path: "$.result.tools[0]", Live: `{"name":"alpha"}`, Kind: DiffAdded, Of: `name "alpha"`}}},
		{"one removed", `{"result":{"tools":[{"name":"add","description":"Adds."},{"name":"echo","description":"Echoes."}]}}`, nil,
			[]Difference{{Path: "$.result.tools[0]", Recorded: `{"description":"Says hello.","name":"greet"}`, Kind: DiffMissing, Of: `name "greet"`}}},
		{"one changed and moved", `{"result":{"tools":[{"name":"echo","description":"Echoes."},{"name":"greet","description":"Says hello."},{"name":"add","description":"Adds up."}]}}`, nil,
			[]Difference{{Path: "$.result.tools[1].description", Recorded: `"Adds."`, Live: `"Adds up."`, Kind: DiffChanged, Of: `name "add"`}}},
		{"reordered", `{"result":{"tools":[{"name":"echo","description":"Echoes."},{"name":"add","description":"Adds."},{"name":"greet","description":"Says hello."}]}}`, nil, nil},
		{"ignored by index pattern", `{"result":{"tools":[{"name":"greet","description":"Hi."},{"name":"add","description":"Adds."},{"name":"echo","description":"Echoes."}]}}`, []string{"$.result.tools[*].description"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compare(json.RawMessage(recorded), json.RawMessage(tt.live), tt.ignore)
			if g, w := mustJSON(t, got), mustJSON(t, tt.want); g != w {
				t.Errorf("Compare = %s\nwant %s", g, w)
			}
		})
	}
	diff := RenderDiff(Compare(json.RawMessage(recorded), json.RawMessage(tests[2].live), nil), 75)
	if want := `$.result.tools[1].description: changed (name "add")`; !strings.Contains(diff, want) {
		t.Errorf("RenderDiff lacks %q:\n%s", want, diff)
	}
}

// Arrays whose elements have no unique name are still compared by
// position: content blocks, and names that repeat.
func TestCompareKeepsPositionWithoutUniqueNames(t *testing.T) {
	for _, tt := range []struct{ recorded, live, want string }{
		{`{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}`, `{"content":[{"type":"text","text":"b"},{"type":"text","text":"a"}]}`, "$.content[0].text"},
		{`[{"name":"x","v":1},{"name":"x","v":2}]`, `[{"name":"x","v":2},{"name":"x","v":2}]`, "$[0].v"},
	} {
		got := Compare(json.RawMessage(tt.recorded), json.RawMessage(tt.live), nil)
		if len(got) == 0 || got[0].Path != tt.want || got[0].Of != "" {
			t.Errorf("Compare(%s, %s) = %+v, want a difference at %s by position", tt.recorded, tt.live, got, tt.want)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
