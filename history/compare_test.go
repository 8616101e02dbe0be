package history

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	rec := `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hello"},{"type":"text","text":"b"}],
		"meta":{"timestamp":"t1","etag":"x","count":1.0,"sessionId":"A"},"gone":true}}`
	tests := []struct {
		name     string
		recorded string
		live     string
		ignore   []string
		want     []Difference
	}{
		{"identical but renumbered and re-timed", rec,
			`{"result":{"gone":true,"meta":{"count":1,"etag":"x","timestamp":"t2","sessionId":"B"},"content":[{"text":"hello","type":"text"},{"type":"text","text":"b"}]},"id":9,"jsonrpc":"2.0"}`,
			nil, nil},
		{"changed, missing and added", rec,
			`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hullo"}],"meta":{"timestamp":"t1","etag":"y","count":2},"new":[1]}}`,
			nil, []Difference{
				{Path: "$.result.content[0].text", Recorded: `"hello"`, Live: `"hullo"`, Kind: DiffChanged},
				{Path: "$.result.content[1]", Recorded: `{"text":"b","type":"text"}`, Kind: DiffMissing},
				{Path: "$.result.gone", Recorded: `true`, Kind: DiffMissing},
				{Path: "$.result.meta.count", Recorded: `1.0`, Live: `2`, Kind: DiffChanged},
				{Path: "$.result.meta.etag", Recorded: `"x"`, Live: `"y"`, Kind: DiffChanged},
				{Path: "$.result.new", Live: `[1]`, Kind: DiffAdded},
			}},
		{"ignore patterns", rec,
			`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"X"},{"type":"text","text":"Y"}],"meta":{"timestamp":"t1","etag":"y","count":1},"gone":false}}`,
			[]string{"$.result.content[*].text", "etag", "$..gone"}, nil},
		{"ignore by index and quoted key", `{"a":[1,2],"b c":1}`, `{"a":[1,3],"b c":2}`,
			[]string{"$.a[1]", `$["b c"]`}, nil},
		{"a pattern ignores only what it names", `{"a":{"b":1,"c":1}}`, `{"a":{"b":2,"c":2}}`,
			[]string{"$.a.b", "$.a[", "$..", "$"}, []Difference{{Path: "$.a.c", Recorded: "1", Live: "2", Kind: DiffChanged}}},
		{"type change", `{"result":{"x":[1]}}`, `{"result":{"x":{"y":1}}}`, nil,
			[]Difference{{Path: "$.result.x", Recorded: "[1]", Live: `{"y":1}`, Kind: DiffChanged}}},
		{"odd keys are quoted", `{"a-b":1,"":2}`, `{"a-b":2,"":2}`, nil,
			[]Difference{{Path: `$["a-b"]`, Recorded: "1", Live: "2", Kind: DiffChanged}}},
		{"not JSON compares as text", `oops`, `oops!`, nil,
			[]Difference{{Path: "$", Recorded: "oops", Live: "oops!", Kind: DiffChanged}}},
		{"nothing recorded", ``, `{"a":1}`, nil, []Difference{{Path: "$", Live: `{"a":1}`, Kind: DiffAdded}}},
		{"nothing live", `{"a":1}`, ` `, nil, []Difference{{Path: "$", Recorded: `{"a":1}`, Kind: DiffMissing}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compare(json.RawMessage(tt.recorded), json.RawMessage(tt.live), tt.ignore)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Compare() =\n%#v\nwant\n%#v", got, tt.want)
			}
		})
	}
}

func TestParsePattern(t *testing.T) {
	tests := []struct {
		pattern string
		path    []seg
		want    bool
	}{
		{"$.result.meta.timestamp", []seg{{key: "result", index: -1}, {key: "meta", index: -1}, {key: "timestamp", index: -1}}, true},
		{"$.result.meta.timestamp", []seg{{key: "result", index: -1}, {key: "meta", index: -1}}, false},
		{"$..sessionId", []seg{{key: "result", index: -1}, {key: "", index: 0}, {key: "sessionId", index: -1}}, true},
		{"$..sessionId", []seg{{key: "sessionId", index: -1}}, true},
		{"$.result.content[*].text", []seg{{key: "result", index: -1}, {key: "content", index: -1}, {key: "", index: 4}, {key: "text", index: -1}}, true},
		{"$.result.*.text", []seg{{key: "result", index: -1}, {key: "x", index: -1}, {key: "text", index: -1}}, true},
		{"result.x", []seg{{key: "result", index: -1}, {key: "x", index: -1}}, true},
		{"[0]", []seg{{key: "", index: 0}}, true},
		{"$['a.b']", []seg{{key: "a.b", index: -1}}, true},
	}
	for _, tt := range tests {
		if got := matchPattern(parsePattern(tt.pattern), tt.path); got != tt.want {
			t.Errorf("pattern %q on %s = %v, want %v", tt.pattern, renderPath(tt.path), got, tt.want)
		}
	}
}

func TestRenderDiff(t *testing.T) {
	diffs := []Difference{
		{Path: "$.result.content[0].text", Recorded: `"hello"`, Live: `"hullo\u001b"`, Kind: DiffChanged},
		{Path: "$.result.gone", Recorded: `true`, Kind: DiffMissing},
		{Path: "$.result.new", Live: `"` + strings.Repeat("é", 600) + `"`, Kind: DiffAdded},
	}
	got := RenderDiff(diffs, 75)
	want := "$.result.content[0].text: changed\n  - \"hello\"\n  + \"hullo\\u001b\"\n" +
		"$.result.gone: missing\n  - true\n" +
		"$.result.new: added\n  + \"" + strings.Repeat("é", 27) + "… (1202 bytes)\n"
	if got != want {
		t.Errorf("RenderDiff() =\n%s\nwant\n%s", got, want)
	}
	if got := RenderDiff(nil, 75); got != "no differences\n" {
		t.Errorf("RenderDiff(nil, 75) = %q", got)
	}
}
