package command

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// BenchmarkOutputMismatch checks one tools/call answer against its tool's
// outputSchema as a tools/list answer listed it, as each answer is checked
// when it comes: a typical schema
// of a few dozen parts, and one made long by its descriptions (under the
// bound of what is read at all).
func BenchmarkOutputMismatch(b *testing.B) {
	var props []string
	for i := range 12 {
		props = append(props, fmt.Sprintf(`"f%d":{"type":"string","description":"field %d","maxLength":64}`, i, i))
	}
	typical := `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":["f0","f1"]}`
	long := `{"type":"object","description":"` + strings.Repeat("a long description ", 40_000) + `","properties":{` + strings.Join(props, ",") + `},"required":["f0","f1"]}`
	result := json.RawMessage(`{"content":[],"structuredContent":{"f0":"a","f1":"b","f2":"c"}}`)
	for _, c := range []struct{ name, schema string }{{"typical", typical}, {"long", long}} {
		b.Run(c.name, func(b *testing.B) {
			page, err := mcp.ParseTools(json.RawMessage(`{"tools":[{"name":"counter","inputSchema":{"type":"object"},"outputSchema":` + c.schema + `}]}`))
			if err != nil || len(page.Tools) != 1 {
				b.Fatalf("the listing reads as %d tools (%v)", len(page.Tools), err)
			}
			tools := page.Tools
			b.ReportAllocs()
			for b.Loop() {
				if got := OutputMismatch(tools, "counter", result); got != "" {
					b.Fatal(got)
				}
			}
		})
	}
}
