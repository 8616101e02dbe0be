package mcp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestParseTools(t *testing.T) {
	deep := strings.Repeat(`{"items":`, 100_000) + `{}` + strings.Repeat(`}`, 100_000)
	tests := []struct {
		name, result string
		tools        []string // names
		next         string
		unreadable   []string
		err          string
	}{
		{"plain", `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}},{"name":"b\u00e9"}],"nextCursor":"p2"}`,
			[]string{"a", "bé"}, "p2", nil, ""},
		{"no tools", `{}`, nil, "", nil, ""},
		{"null tools", `{"tools":null}`, nil, "", nil, ""},
		{"one bad name hides nothing", `{"tools":[{"name":"a"},{"name":42},{"name":"c"}]}`,
			[]string{"a", "c"}, "", []string{`tools[1]: its "name" is an integer (42), not a string`}, ""},
		{"every way not to be a tool", `{"tools":[{"name":1e400},{"name":null},{"name":["x"]},{"name":true},{},5,"x",null,[]]}`,
			nil, "", []string{
				`tools[0]: its "name" is a number (1e400), not a string`,
				`tools[1]: its "name" is null, not a string`,
				`tools[2]: its "name" is an array (["x"]), not a string`,
				`tools[3]: its "name" is a boolean (true), not a string`,
				`tools[4]: it has no "name"`,
				`tools[5]: the entry is an integer (5), not an object`,
				`tools[6]: the entry is a string ("x"), not an object`,
				`tools[7]: the entry is null, not an object`,
				`tools[8]: the entry is an array ([]), not an object`,
			}, ""},
		{"a long name is quoted short", `{"tools":[{"name":{"k":"` + strings.Repeat("x", 1000) + `"}}]}`,
			nil, "", []string{`tools[0]: its "name" is an object ({"k":"` + strings.Repeat("x", 34) + `…), not a string`}, ""},
		{"a title or description of the wrong type is dropped", `{"tools":[{"name":"a","title":5,"description":{"x":1}}]}`,
			[]string{"a"}, "", nil, ""},
		{"a schema deeper than encoding/json reads", `{"tools":[{"name":"deep","inputSchema":` + deep + `},{"name":"next"}]}`,
			[]string{"deep", "next"}, "", nil, ""},
		{"not JSON", `{"tools":[`, nil, "", nil, "the tools/list result is not JSON: unexpected end of JSON input"},
		{"not an object", `[1]`, nil, "", nil, "the tools/list result is an array, not an object"},
		{"tools not an array", `{"tools":{"name":"a"}}`, nil, "", nil, `the tools/list result's "tools" is an object, not an array`},
	}
	for _, tt := range tests {
		page, err := ParseTools(json.RawMessage(tt.result))
		if got := errString(err); got != tt.err {
			t.Errorf("%s: error %q, want %q", tt.name, got, tt.err)
			continue
		}
		var names, unreadable []string
		for _, tool := range page.Tools {
			names = append(names, tool.Name)
		}
		for _, u := range page.Unreadable {
			unreadable = append(unreadable, u.String())
		}
		if strings.Join(names, ",") != strings.Join(tt.tools, ",") || page.NextCursor != tt.next ||
			strings.Join(unreadable, "\n") != strings.Join(tt.unreadable, "\n") {
			t.Errorf("%s: tools %q next %q unreadable %q, want %q %q %q", tt.name, names, page.NextCursor, unreadable, tt.tools, tt.next, tt.unreadable)
		}
	}
	page, _ := ParseTools(json.RawMessage(`{"tools":[{"name":"a","description":"d","title":"T","inputSchema": {"type":"object"} }]}`))
	if a := page.Tools[0]; a.Description != "d" || a.Title != "T" || string(a.InputSchema) != `{"type":"object"}` {
		t.Errorf("tool a = %+v, want its title, description and schema exactly", a)
	}
	if FindTool(page.Tools, "a") != &page.Tools[0] || FindTool(page.Tools, "b") != nil {
		t.Errorf("FindTool does not find a, or finds b")
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// BenchmarkParseTools reads a 1,000-tool page; encoding/json decoding the
// same page into []Tool (what ParseTools did before it read tools one by
// one) is the yardstick.
func BenchmarkParseTools(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"tools":[`)
	for i := range 1000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`{"name":"tool` + strings.Repeat("x", i%7) + `","description":"Does a thing.\nOn two lines.","inputSchema":` +
			`{"type":"object","properties":{"query":{"type":"string","description":"what to find"},"limit":{"type":"integer","minimum":1}},"required":["query"]}}`)
	}
	sb.WriteString(`],"nextCursor":"abc"}`)
	result := json.RawMessage(sb.String())
	b.Run("ParseTools", func(b *testing.B) {
		b.SetBytes(int64(len(result)))
		b.ReportAllocs()
		for b.Loop() {
			if page, err := ParseTools(result); err != nil || len(page.Tools) != 1000 {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(result)))
		b.ReportAllocs()
		for b.Loop() {
			var r struct {
				Tools      []Tool `json:"tools"`
				NextCursor string `json:"nextCursor"`
			}
			if err := json.Unmarshal(result, &r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// A listed tool's outputSchema is compiled once, for the first answer
// checked against it, and every copy of the listing shares it (each view
// holds its own); the next listing compiles its own.
func TestOutputCompiledOncePerListing(t *testing.T) {
	listing := json.RawMessage(`{"tools":[{"name":"counter","inputSchema":{"type":"object"},"outputSchema":{"type":"object"}}]}`)
	compiled := 0
	compile := func(schema json.RawMessage) any {
		compiled++
		return string(schema)
	}
	page, err := ParseTools(listing)
	if err != nil {
		t.Fatal(err)
	}
	copied := slices.Clone(page.Tools)
	for _, tools := range [][]Tool{page.Tools, copied, page.Tools} {
		if got := FindTool(tools, "counter").OutputCompiled(compile); got != `{"type":"object"}` {
			t.Fatalf("OutputCompiled = %v, want the schema compiled", got)
		}
	}
	if compiled != 1 {
		t.Errorf("one listing's schema compiled %d times, want once", compiled)
	}
	next, err := ParseTools(listing)
	if err != nil {
		t.Fatal(err)
	}
	next.Tools[0].OutputCompiled(compile)
	if compiled != 2 {
		t.Errorf("a second listing's schema compiled %d times in all, want it compiled anew (2)", compiled)
	}
}
