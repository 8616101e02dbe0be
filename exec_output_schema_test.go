package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// reportSchema is the outputSchema of the fake's "report" tool: a count.
const reportSchema = `{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`

// A tool's structuredContent that breaks its outputSchema: exec says how
// before the content, and still exits 0, as for an isError that is not a
// boolean; one that keeps to it prints no warning, and a schema whose
// $ref loops (which the validator would follow until the stack overflowed)
// or whose pattern costs seconds to match is said to be not checked.
func TestExecSaysStructuredContentBreaksOutputSchema(t *testing.T) {
	cases := []struct{ name, schema, result, want string }{
		{"breaks", reportSchema, `{"content":[{"type":"text","text":"three"}],"structuredContent":{"count":"three"}}`,
			"── tools/call report\nwarning: structuredContent breaks the outputSchema: at /properties/count: type: three has type \"string\", want \"integer\"\nthree\n"},
		{"missing", reportSchema, `{"content":[{"type":"text","text":"3"}]}`,
			"── tools/call report\nwarning: no structuredContent, though the tool has an outputSchema\n3\n"},
		{"keeps to it", reportSchema, `{"content":[{"type":"text","text":"3"}],"structuredContent":{"count":3}}`, "── tools/call report\n3\n"},
		{"loops", string(mcptest.SchemaRefCycle()), `{"content":[{"type":"text","text":"3"}],"structuredContent":{"count":3}}`,
			"── tools/call report\nwarning: structuredContent not checked against the outputSchema: its $ref #/$defs/Node refers back to itself\n3\n"},
		// A pattern the validator would spend 14 s matching on this string.
		{"costly pattern", `{"type":"object","properties":{"s":{"type":"string","pattern":"` + strings.Repeat("(a|b)?", 5000) + `c"}}}`,
			`{"content":[{"type":"text","text":"3"}],"structuredContent":{"s":"` + strings.Repeat("x", 200_000) + `"}}`,
			"── tools/call report\nwarning: structuredContent not checked against the outputSchema: schema too large (a pattern of 30001 bytes, more than 8000)\n3\n"},
	}
	for _, c := range cases {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.OutputSchemaTool(c.schema, c.result)})
		out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call report")
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, want %q in:\n%s\n%s", c.name, code, c.want, out, errOut)
		}
	}
}
