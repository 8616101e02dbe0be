package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// hostileUITools are tools whose schemas are built to be expensive to read
// (see mcptest's Schema* builders), each with the readable key "count" and
// a hostile key, and the line that reaches the hostile key's values.
func hostileUITools() []struct {
	tool mcp.Tool
	key  string // typed after "tools/call NAME " to reach a value
} {
	mk := func(name string, raw json.RawMessage) mcp.Tool {
		return mcp.Tool{Name: name, Description: "hostile: " + name, InputSchema: raw}
	}
	return []struct {
		tool mcp.Tool
		key  string
	}{
		{mk("refCycle", mcptest.SchemaRefCycle()), "next="},
		{mk("refExplosion", mcptest.SchemaRefExplosion(30, "anyOf")), "tree="},
		{mk("deep", mcptest.SchemaDeep(100_000, "properties")), "deep="},
		{mk("hugeEnum", mcptest.SchemaHugeEnum(1_000_000)), "pick=v9"},
		{mk("manyProperties", mcptest.SchemaManyProperties(100_000)), "p1"},
		{mk("wideUnion", mcptest.SchemaWideUnion(100_000)), "either="},
	}
}

// hostileLine is a focused command line, 160 columns wide, that knows tools.
func hostileLine(tools []mcp.Tool) *CommandLine {
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	c.SetSize(160)
	c.SetTools(tools)
	c.Focus("")
	return c
}

// The hint line and Tab cost what one line shows, whatever the schema: a
// frame draws the hint, Tab lists candidates. The first frame parses the
// schema; the benchmarks measure the frames after it.
func BenchmarkHostileHint(b *testing.B) {
	for _, h := range hostileUITools() {
		for _, typed := range []string{"", h.key} {
			c := hostileLine([]mcp.Tool{h.tool})
			line := "tools/call " + h.tool.Name + " " + typed
			c.Focus(line)
			_ = c.View() // the schema is parsed once, on first use
			name := h.tool.Name + "/frame"
			if typed != "" {
				name += "-" + strings.TrimSuffix(typed, "=")
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = c.View()
				}
			})
			b.Run(strings.Replace(name, "frame", "tab", 1), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.Focus(line)
					c.Update(keyTab)
				}
			})
		}
	}
}

// A hostile tool's hint is one short line that says the schema was read in
// part, and the readable key still shows its type.
func TestHostileToolHint(t *testing.T) {
	for _, h := range hostileUITools() {
		c := hostileLine([]mcp.Tool{h.tool})
		line := "tools/call " + h.tool.Name + " "
		// The hint before the line is cut to the screen's width.
		hint := analyze(line, c.info).hint(c.tools, c.keys)
		if n := len([]rune(hint)); n > 800 {
			t.Errorf("%s: hint is %d runes long, want a line (at most 800)", h.tool.Name, n)
		}
		want := "count integer"
		if h.tool.Name == "manyProperties" {
			want = "p0* integer" // required keys come first, and it requires thousands
		}
		if !strings.Contains(hint, want) {
			t.Errorf("%s: hint %q does not show %q", h.tool.Name, hint, want)
		}
		// A recursive type is read whole: it repeats, it is not too big.
		if truncated := strings.HasPrefix(hint, "schema read in part · "); truncated != (h.tool.Name != "refCycle") {
			t.Errorf("%s: hint %q, want it to start with \"schema read in part\" only when the schema was cut", h.tool.Name, hint)
		}
		c.Focus(line + "count=")
		if hint := strings.Split(c.View(), "\n")[1]; !strings.Contains(hint, "count: integer (>= 0)") {
			t.Errorf("%s: hint for count= is %q, want its type", h.tool.Name, hint)
		}
	}
}
