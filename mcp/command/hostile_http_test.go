package command

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose tools/list mixes well-behaved tools with hostile schemas and
// entries that are not tools at all: over real HTTP, the listing keeps every
// readable tool and names the rest, and every tool can be called, with typed
// arguments wherever its schema was read.
func TestHostileToolsOverHTTP(t *testing.T) {
	tools := append(mcptest.DefaultTools(),
		mcptest.Tool{Name: "cycle", InputSchema: mcptest.SchemaRefCycle()},
		mcptest.Tool{Name: "explode", InputSchema: mcptest.SchemaRefExplosion(30, "anyOf")},
		mcptest.Tool{Name: "deep", InputSchema: mcptest.SchemaDeep(100_000, "items")},
		mcptest.Tool{Name: "enum", InputSchema: mcptest.SchemaHugeEnum(1_000_000)},
		mcptest.Tool{Name: "notaschema", InputSchema: json.RawMessage(`[1,2]`)},
	)
	srv := mcptest.New(t, mcptest.Options{Tools: tools, Handle: mcptest.RawToolsList(
		`{"name":42,"inputSchema":{}}`, `{"name":{"en":"x"}}`, `{"description":"no name"}`, `"just a string"`)})
	s := mcp.NewSession(mcp.Config{URL: srv.URL})
	t.Cleanup(func() { s.Close() })
	go func() {
		for range s.Records() {
		}
	}()
	// Bounded cost is what this test holds, not speed: under -race on a
	// busy 2-core machine coercing against a million-value enum and a
	// 100,000-deep schema took past 30s in all.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}

	list, err := ParseCommand("tools/list")
	if err != nil {
		t.Fatal(err)
	}
	resp, _, err := Run(ctx, s, list)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	page, err := mcp.ParseTools(resp.Result)
	if err != nil {
		t.Fatalf("ParseTools: %v", err)
	}
	want := []string{"echo", "add", "search", "fail", "cycle", "explode", "deep", "enum", "notaschema"}
	var names []string
	for _, tool := range s.Tools() {
		names = append(names, tool.Name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("the session lists %q, want every readable tool %q", names, want)
	}
	var unreadable []string
	for _, u := range page.Unreadable {
		unreadable = append(unreadable, u.String())
	}
	if got, want := strings.Join(unreadable, "\n"), strings.Join([]string{
		`tools[9]: its "name" is an integer (42), not a string`,
		`tools[10]: its "name" is an object ({"en":"x"}), not a string`,
		`tools[11]: it has no "name"`,
		`tools[12]: the entry is a string ("just a string"), not an object`,
	}, "\n"); got != want {
		t.Errorf("unreadable entries:\n%s\nwant:\n%s", got, want)
	}

	tests := []struct {
		line, echoed string
		warning      string // in a warning; "" for none
	}{
		{"tools/call add a=2 b=40", "42", ""},
		{"tools/call search query=x limit=5", `{"query":"x","limit":5}`, ""},
		{`tools/call cycle count=3 next:='{"count":1}'`, `{"count":3,"next":{"count":1}}`, ""},
		{"tools/call explode count=3 tree=5", `{"count":3,"tree":5}`, "read only in part (it has more than 10000 parts"},
		{"tools/call deep count=3 deep:=[[1]]", `{"count":3,"deep":[[1]]}`, "read only in part (it nests deeper than 64 levels"},
		{"tools/call enum count=3 pick=v999999", `{"count":3,"pick":"v999999"}`, "read only in part (an enum lists 1000000 values"},
		{"tools/call notaschema count=3", `{"count":"3"}`, "inputSchema is unreadable (schema must be a JSON object, got an array)"},
	}
	for _, tt := range tests {
		c, err := ParseCommand(tt.line)
		if err != nil {
			t.Fatal(err)
		}
		resp, warnings, err := Run(ctx, s, c)
		if err != nil {
			t.Errorf("%s: %v", tt.line, err)
			continue
		}
		var result struct {
			Content []struct{ Text string }
		}
		if err := json.Unmarshal(resp.Result, &result); err != nil || len(result.Content) != 1 || result.Content[0].Text != tt.echoed {
			t.Errorf("%s: the tool got %s, want %s", tt.line, resp.Result, tt.echoed)
		}
		var ws []string
		for _, w := range warnings {
			ws = append(ws, w.String())
		}
		if all := strings.Join(ws, "\n"); (tt.warning == "") != (all == "") || !strings.Contains(all, tt.warning) {
			t.Errorf("%s: warnings %q, want one saying %q", tt.line, ws, tt.warning)
		}
	}
}
