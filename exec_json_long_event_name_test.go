package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that names an SSE event with megabytes of control bytes and
// quotes: exec --json built the escaped name in memory whole, several
// times over (a 40 MB name took exec to 1.3 GB). The line is written
// straight to stdout now (history's TestLineWriterLongEventName holds it
// to that), still reads back with the name every byte the server sent, and
// holds no control byte.
func TestExecJSONLongEventName(t *testing.T) {
	name := strings.Repeat("\x01\"\\\x1b", 1<<20)
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.SSE()
		if err := x.WriteRaw("event: " + name + "\ndata: odd\n\n"); err != nil {
			t.Error(err)
		}
		x.Result(map[string]any{"tools": []any{}})
	})
	out, errOut, code := run(t, "exec", "--json", "--no-record", "--transport", "streamable", srv.Endpoint(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	found := false
	for line := range strings.Lines(out) {
		var rec struct {
			Event *struct {
				Name string `json:"name"`
			} `json:"event"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("a line of exec --json is not JSON: %v", err)
		}
		if rec.Event != nil && rec.Event.Name == name {
			found = true
			sanitizetest.Check(t, "the exec --json line of the long name", strings.TrimSuffix(line, "\n"), false)
		}
	}
	if !found {
		t.Errorf("exec --json has no event whose name reads back as the %d bytes the server sent", len(name))
	}
}
