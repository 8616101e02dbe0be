package demo

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// schemaOf decodes a tool's input schema as the client received it.
func schemaOf(t *testing.T, schema any) map[string]any {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatalf("marshaling schema: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("schema %s is not a JSON object: %v", b, err)
	}
	return m
}

func TestListToolsHasSchemas(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	tools := toolNames(t, cs)
	tests := []struct {
		tool     string
		required []any
		props    []string
	}{
		{"greet", []any{"name"}, []string{"name", "times", "loud"}},
		{"convert", []any{"value", "from", "to"}, []string{"value", "from", "to", "precision"}},
		{"search_notes", nil, []string{"query", "tags", "filter"}},
		{"slow", nil, []string{"seconds", "steps"}},
		{"fail", nil, []string{"message"}},
		{"big", []any{"bytes"}, []string{"bytes"}},
		{"mcp-find", nil, []string{"query"}},
		{"mcp-add", []any{"name"}, []string{"name"}},
		{"log", nil, []string{"message", "level"}},
		{"sample", []any{"prompt"}, []string{"prompt", "max_tokens"}},
		{"confirm", nil, []string{"action"}},
		{"link_account", nil, []string{"service"}},
		{"list_roots", nil, nil},
		{"cut_stream", nil, []string{"steps", "cut_after", "step_ms", "retry_ms"}},
		{"forecast", []any{"region"}, []string{"region", "days", "metric"}},
	}
	if got, want := len(tools), len(tests); got != want {
		t.Errorf("tools/list has %d tools, want %d", got, want)
	}
	for _, tt := range tests {
		tool, ok := tools[tt.tool]
		if !ok {
			t.Errorf("tools/list lacks %q", tt.tool)
			continue
		}
		if tool.Description == "" {
			t.Errorf("%s has no description", tt.tool)
		}
		s := schemaOf(t, tool.InputSchema)
		if got, _ := s["required"].([]any); !reflect.DeepEqual(got, tt.required) {
			t.Errorf("%s required = %v, want %v", tt.tool, got, tt.required)
		}
		props, _ := s["properties"].(map[string]any)
		for _, p := range tt.props {
			prop, _ := props[p].(map[string]any)
			if prop["type"] == nil || prop["description"] == "" || prop["description"] == nil {
				t.Errorf("%s.%s = %v, want a type and a description", tt.tool, p, prop)
			}
		}
	}

	// Spot checks of the hints the debugger shows.
	greetTimes := schemaOf(t, tools["greet"].InputSchema)["properties"].(map[string]any)["times"].(map[string]any)
	if got := fmt.Sprint(greetTimes["minimum"], greetTimes["maximum"], greetTimes["default"]); got != "1 10 1" {
		t.Errorf("greet.times minimum, maximum, default = %s, want 1 10 1", got)
	}
	addName := schemaOf(t, tools["mcp-add"].InputSchema)["properties"].(map[string]any)["name"].(map[string]any)
	if got, want := fmt.Sprint(addName["enum"]), "[fetch time dice]"; got != want {
		t.Errorf("mcp-add.name enum = %s, want %s", got, want)
	}
	if tools["convert"].OutputSchema == nil {
		t.Error("convert has no output schema, want one for its structured content")
	}
}

func TestGreet(t *testing.T) {
	tests := []struct {
		greeting string
		args     map[string]any
		want     string
	}{
		{"", map[string]any{"name": "Ann"}, "Hello, Ann!"},
		{"", map[string]any{"name": "Ann", "times": 3}, "Hello, Ann! Hello, Ann! Hello, Ann!"},
		{"", map[string]any{"name": "Ann", "times": 2, "loud": true}, "HELLO, ANN! HELLO, ANN!"},
		{"Bonjour", map[string]any{"name": "Ann"}, "Bonjour, Ann!"},
	}
	for _, tt := range tests {
		cs := connect(t, startDemo(t, Options{Greeting: tt.greeting}).URL, nil)
		res := call(t, cs, "greet", tt.args)
		if got := text(t, res); got != tt.want || res.IsError {
			t.Errorf("greet %v (greeting %q) = %q isError=%v, want %q", tt.args, tt.greeting, got, res.IsError, tt.want)
		}
	}
}

// TestBadArgumentsAreToolErrors checks that the schemas are enforced: a
// client gets isError with the reason, not a silent default.
func TestBadArgumentsAreToolErrors(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	tests := []struct {
		tool string
		args map[string]any
		want string // part of the error text
	}{
		{"greet", map[string]any{}, "name"},
		{"greet", map[string]any{"name": "Ann", "times": 11}, "times"},
		{"greet", map[string]any{"name": "Ann", "shout": true}, "shout"},
		{"convert", map[string]any{"value": 1, "from": "c", "to": "x"}, "to"},
		{"convert", map[string]any{"value": -300, "from": "c", "to": "k"}, "below absolute zero"},
		{"big", map[string]any{"bytes": 0}, "bytes"},
		{"search_notes", map[string]any{"filter": map[string]any{"after": "2024-13-01"}}, "YYYY-MM-DD"},
		{"mcp-add", map[string]any{"name": "weather"}, "name"},
	}
	for _, tt := range tests {
		res := call(t, cs, tt.tool, tt.args)
		if got := text(t, res); !res.IsError || !strings.Contains(got, tt.want) {
			t.Errorf("%s %v = %q isError=%v, want isError with %q", tt.tool, tt.args, got, res.IsError, tt.want)
		}
	}
}

func TestFail(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	tests := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"message": "disk on fire"}, "disk on fire"},
		{map[string]any{}, defaultFailMessage},
		{map[string]any{"message": ""}, defaultFailMessage},
	}
	for _, tt := range tests {
		res := call(t, cs, "fail", tt.args)
		if got := text(t, res); got != tt.want || !res.IsError {
			t.Errorf("fail %v = %q isError=%v, want %q isError=true", tt.args, got, res.IsError, tt.want)
		}
	}
}

func TestConvert(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	tests := []struct {
		args       map[string]any
		wantText   string
		wantResult float64
	}{
		{map[string]any{"value": 100, "from": "c", "to": "f"}, "100 °C = 212.00 °F", 212},
		{map[string]any{"value": 212, "from": "f", "to": "c", "precision": 1}, "212 °F = 100.0 °C", 100},
		{map[string]any{"value": 21.5, "from": "c", "to": "k", "precision": 3}, "21.5 °C = 294.650 K", 294.65},
		{map[string]any{"value": 0, "from": "k", "to": "c", "precision": 0}, "0 K = -273 °C", -273},
	}
	for _, tt := range tests {
		res := call(t, cs, "convert", tt.args)
		if got := text(t, res); got != tt.wantText || res.IsError {
			t.Errorf("convert %v = %q isError=%v, want %q", tt.args, got, res.IsError, tt.wantText)
		}
		var out conversion
		if err := remarshalInto(res.StructuredContent, &out); err != nil {
			t.Fatalf("convert %v structured content: %v", tt.args, err)
		}
		if out.Result != tt.wantResult || out.Text != tt.wantText {
			t.Errorf("convert %v structured = %+v, want result %v and text %q", tt.args, out, tt.wantResult, tt.wantText)
		}
	}
}

func remarshalInto(v, into any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, into)
}

func TestSearchNotes(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	tests := []struct {
		args       map[string]any
		wantInterp interpreted
		wantTitles []string
		wantTotal  int
	}{
		{
			args:       map[string]any{"tags": []string{"mcp"}, "filter": map[string]any{"after": "2024-01-01", "limit": 2}},
			wantInterp: interpreted{Query: "", Tags: []string{"mcp"}, After: "2024-01-01", Limit: 2},
			wantTitles: []string{"Why the endpoint event is not JSON", "Progress tokens and slow tools"},
			wantTotal:  3,
		},
		{
			args:       map[string]any{"query": " SSE ", "tags": []string{"ops", "sse"}},
			wantInterp: interpreted{Query: "sse", Tags: []string{"ops", "sse"}, Limit: defaultNotesLimit},
			wantTitles: []string{"Retro notes: flaky SSE reconnects"},
			wantTotal:  1,
		},
		{
			args:       map[string]any{"query": "no such words"},
			wantInterp: interpreted{Query: "no such words", Tags: []string{}, Limit: defaultNotesLimit},
			wantTitles: []string{},
			wantTotal:  0,
		},
	}
	for _, tt := range tests {
		res := call(t, cs, "search_notes", tt.args)
		if res.IsError {
			t.Fatalf("search_notes %v failed: %s", tt.args, text(t, res))
		}
		var out searchAnswer
		if err := remarshalInto(res.StructuredContent, &out); err != nil {
			t.Fatalf("search_notes %v structured content: %v", tt.args, err)
		}
		if !reflect.DeepEqual(out.Interpreted, tt.wantInterp) {
			t.Errorf("search_notes %v interpreted = %+v, want %+v", tt.args, out.Interpreted, tt.wantInterp)
		}
		titles := []string{}
		for _, n := range out.Matches {
			titles = append(titles, n.Title)
		}
		if !reflect.DeepEqual(titles, tt.wantTitles) || out.Total != tt.wantTotal {
			t.Errorf("search_notes %v = %q (total %d), want %q (total %d)", tt.args, titles, out.Total, tt.wantTitles, tt.wantTotal)
		}
	}
}

func TestBig(t *testing.T) {
	cs := connect(t, startDemo(t, Options{}).URL, nil)
	for _, n := range []int{1, 64, 65, 100000} {
		got := text(t, call(t, cs, "big", map[string]any{"bytes": n}))
		if len(got) != n {
			t.Errorf("big bytes=%d gave %d bytes, want %d", n, len(got), n)
		}
		if want := bigPayload(n); got != want {
			t.Errorf("big bytes=%d content differs from bigPayload(%d)", n, n)
		}
	}
	got := bigPayload(130)
	if want := "00000064 " + bigFiller + "\n"; got[64:128] != want {
		t.Errorf("bigPayload line 2 = %q, want %q", got[64:128], want)
	}
}
