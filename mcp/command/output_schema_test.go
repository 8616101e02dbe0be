package command

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// countSchema is an outputSchema of one required integer, count.
const countSchema = `{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`

func outputTools(schema string) []mcp.Tool {
	return []mcp.Tool{{Name: "counter", OutputSchema: json.RawMessage(schema)}}
}

// listedTools is the tool counter with outputSchema schema (none when "")
// as a tools/list answer lists it.
func listedTools(t *testing.T, schema string) []mcp.Tool {
	t.Helper()
	entry := `{"name":"counter","inputSchema":{"type":"object"}`
	if schema != "" {
		entry += `,"outputSchema":` + schema
	}
	page, err := mcp.ParseTools(json.RawMessage(`{"tools":[` + entry + `}]}`))
	if err != nil || len(page.Tools) != 1 {
		t.Fatalf("the listing reads as %d tools (%v)", len(page.Tools), err)
	}
	return page.Tools
}

func TestOutputMismatch(t *testing.T) {
	cases := []struct {
		name, schema, result, want string
	}{
		{"conforms", countSchema, `{"content":[],"structuredContent":{"count":3}}`, ""},
		{"wrong type", countSchema, `{"content":[],"structuredContent":{"count":"three"}}`,
			`structuredContent breaks the outputSchema: at /properties/count: type: three has type "string", want "integer"`},
		{"missing required", countSchema, `{"structuredContent":{}}`,
			`structuredContent breaks the outputSchema: required: missing properties: ["count"]`},
		{"no structuredContent", countSchema, `{"content":[{"type":"text","text":"3"}]}`,
			"no structuredContent, though the tool has an outputSchema"},
		{"null structuredContent", countSchema, `{"structuredContent":null}`,
			"no structuredContent, though the tool has an outputSchema"},
		{"not an object", countSchema, `{"structuredContent":[3]}`, "structuredContent is an array, not an object"},
		// 2026-07-28 allows any JSON value, and its results carry resultType.
		{"any value in 2026", `{"type":"array","items":{"type":"integer"}}`, `{"resultType":"complete","structuredContent":[3]}`, ""},
		{"any value in 2026, checked", `{"type":"array","items":{"type":"integer"}}`, `{"resultType":"complete","structuredContent":["x"]}`,
			`structuredContent breaks the outputSchema: at /items: type: x has type "string", want "integer"`},
		{"tool error", countSchema, `{"isError":true,"content":[{"type":"text","text":"no"}]}`, ""},
		{"a task made", countSchema, `{"task":{"taskId":"t1","status":"working"}}`, ""},
		{"input required", countSchema, `{"resultType":"input_required","inputRequests":{}}`, ""},
		{"no outputSchema", ``, `{"structuredContent":[3]}`, ""},
		{"a $ref followed", `{"$defs":{"n":{"type":"integer"}},"type":"object","properties":{"count":{"$ref":"#/$defs/n"}}}`,
			`{"structuredContent":{"count":1.5}}`, `structuredContent breaks the outputSchema: at /$defs/n: type: 1.5 has type "number", want "integer"`},
		{"remote $ref", `{"type":"object","properties":{"count":{"$ref":"https://example.com/n.json"}}}`,
			`{"structuredContent":{"count":1}}`, `structuredContent not checked against the outputSchema: its $ref https://example.com/n.json is not a local JSON pointer to a part of it`},
		{"unreadable", `{"type":7}`, `{"structuredContent":{}}`, "structuredContent not checked: the outputSchema is unreadable ("},
	}
	for _, c := range cases {
		got := OutputMismatch(outputTools(c.schema), "counter", json.RawMessage(c.result))
		if got != c.want && (c.want == "" || !strings.HasPrefix(got, c.want)) {
			t.Errorf("%s: OutputMismatch = %q, want %q", c.name, got, c.want)
		}
		// A listed tool's schema is read once, for its first answer: the
		// answers after it read the same line.
		listed := listedTools(t, c.schema)
		for i := range 2 {
			if again := OutputMismatch(listed, "counter", json.RawMessage(c.result)); again != got {
				t.Errorf("%s: answer %d of a listed tool: OutputMismatch = %q, want %q as unlisted", c.name, i+1, again, got)
			}
		}
	}
	// What an answer says is its own, whatever the answer before it said.
	listed := listedTools(t, countSchema)
	for _, c := range []struct{ result, want string }{
		{`{"structuredContent":{"count":3}}`, ""},
		{`{"structuredContent":{"count":"three"}}`, `structuredContent breaks the outputSchema: at /properties/count: type: three has type "string", want "integer"`},
		{`{"structuredContent":{"count":4}}`, ""},
	} {
		if got := OutputMismatch(listed, "counter", json.RawMessage(c.result)); got != c.want {
			t.Errorf("answer %s after others: OutputMismatch = %q, want %q", c.result, got, c.want)
		}
	}
	if got := OutputMismatch(outputTools(countSchema), "other", json.RawMessage(`{"structuredContent":[]}`)); got != "" {
		t.Errorf("a tool not listed: OutputMismatch = %q, want nothing said", got)
	}
}

// Every hostile schema class is either checked or said to be not checked,
// in the time one walk of its text takes: a $ref loop (which the validator
// would follow until the stack overflowed), references that multiply into
// millions of paths, deep nesting, huge enums and lists.
func TestOutputMismatchHostileSchemas(t *testing.T) {
	result := json.RawMessage(`{"structuredContent":{"count":3,"next":{"count":"x"},"tree":5,"deep":{"a":{}},"pick":"v1"}}`)
	for _, hc := range hostileCases() {
		got := OutputMismatch(outputTools(string(hc.raw)), "counter", result)
		if !strings.HasPrefix(got, "structuredContent not checked against the outputSchema: ") {
			t.Errorf("%s: OutputMismatch = %q, want it not checked", hc.name, got)
		}
		// Listed, it is read once, and each answer is said not checked.
		listed := listedTools(t, string(hc.raw))
		for i := range 2 {
			if again := OutputMismatch(listed, "counter", result); again != got {
				t.Errorf("%s: answer %d of a listed tool: OutputMismatch = %q, want %q", hc.name, i+1, again, got)
			}
		}
	}
	// A $ref that loops without reading deeper into the value: the
	// validator alone overflows the stack on it, a crash of the program.
	loop := `{"$defs":{"n":{"anyOf":[{"$ref":"#/$defs/n"}]}},"$ref":"#/$defs/n"}`
	if got := OutputMismatch(outputTools(loop), "counter", result); got != "structuredContent not checked against the outputSchema: its $ref #/$defs/n refers back to itself" {
		t.Errorf("a looping $ref: OutputMismatch = %q, want it not checked", got)
	}
	// A schema within its own budget still costs its size for each part of
	// the value: a union of 300 branches over 100,000 items is not checked.
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"items":{"type":"array","items":{"anyOf":[`)
	for i := range 300 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"type":"string","const":"v` + string(rune('a'+i%26)) + `"}`)
	}
	b.WriteString(`]}}}}`)
	items := strings.Repeat(`1,`, 100_000)
	got := OutputMismatch(outputTools(b.String()), "counter", json.RawMessage(`{"structuredContent":{"items":[`+items+`1]}}`))
	if !strings.Contains(got, "not checked against the outputSchema: schema too large for a structuredContent this large") {
		t.Errorf("a wide union over many items: OutputMismatch = %q, want it not checked", got)
	}
	// The same listed schema checks a small value, and then still counts
	// the large one's parts: what is kept of the schema is its own cost.
	union := listedTools(t, b.String())
	if got := OutputMismatch(union, "counter", json.RawMessage(`{"structuredContent":{"items":["va"]}}`)); got != "" {
		t.Errorf("a wide union over one item: OutputMismatch = %q, want it checked and kept to", got)
	}
	if again := OutputMismatch(union, "counter", json.RawMessage(`{"structuredContent":{"items":[`+items+`1]}}`)); again != got {
		t.Errorf("a listed wide union over many items: OutputMismatch = %q, want %q", again, got)
	}
}

// A pattern costs the validator its compiled length for each byte of the
// string it is matched on, and a schema is read again for each answer: a
// pattern of 30 KB took 14 s over a string of 200 KB on the TUI's update
// loop, one of 8 KB of a{1000} compiles to a million instructions, and a
// 20 MB description cost a third of a second an answer. Each is said to be
// not checked, at once; a pattern of realistic size is still checked.
func TestOutputMismatchCostlyText(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	stringSchema := func(keyword string) string {
		return `{"type":"object","properties":{"s":{"type":"string",` + keyword + `}}}`
	}
	var many strings.Builder
	many.WriteString(`{"type":"object","properties":{"s":{"allOf":[`)
	for i := range 600 {
		if i > 0 {
			many.WriteString(",")
		}
		many.WriteString(`{"pattern":"` + strings.Repeat("(a|b)?", 100) + `x"}`)
	}
	many.WriteString(`]}}}`)
	cases := []struct{ name, schema, value, want string }{
		{"a long pattern", stringSchema(`"pattern":"` + strings.Repeat("(a|b)?", 5000) + `c"`), `{"s":"` + long + `"}`,
			"schema too large (a pattern of 30001 bytes, more than 8000)"},
		{"a pattern over a long string", stringSchema(`"pattern":"` + strings.Repeat("[a-z]*", 200) + `c"`), `{"s":"` + long + `"}`,
			"schema too large for a structuredContent this large"},
		{"repeats that compile to a million", stringSchema(`"pattern":"` + strings.Repeat("a{1000}", 1100) + `"`), `{"s":"a"}`,
			"schema too large (its patterns hold more than 2000 parts)"},
		{"patternProperties", `{"type":"object","patternProperties":{"` + strings.Repeat("(a|b)?", 1000) + `":{}}}`, `{"s":"a"}`,
			"schema too large (its patterns hold more than 2000 parts)"},
		{"many patterns", many.String(), `{"s":"ab"}`, "schema too large (its patterns hold more than 2000 parts)"},
		{"a long description", `{"type":"object","description":"` + strings.Repeat("d", 20<<20) + `"}`, `{"s":1}`,
			"schema too large (20971554 bytes, more than 1048576)"},
	}
	for _, c := range cases {
		start := time.Now()
		got := OutputMismatch(outputTools(c.schema), "counter", json.RawMessage(`{"structuredContent":`+c.value+`}`))
		if !strings.HasPrefix(got, "structuredContent not checked against the outputSchema: "+c.want) {
			t.Errorf("%s: OutputMismatch = %q, want it not checked: %s", c.name, got, c.want)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s: OutputMismatch took %v", c.name, took)
		}
	}
	email := stringSchema(`"pattern":"^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$"`)
	if got := OutputMismatch(outputTools(email), "counter", json.RawMessage(`{"structuredContent":{"s":"not an address"}}`)); !strings.HasPrefix(got, "structuredContent breaks the outputSchema: at /properties/s: pattern: ") {
		t.Errorf("a realistic pattern: OutputMismatch = %q, want it checked", got)
	}
}
