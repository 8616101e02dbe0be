package history

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 recording whose requests carried a log level in their _meta,
// re-run on a server of an older era, which reads no such _meta: the
// re-run asks it with logging/setLevel before the first request that
// carried the level and again when the level changed, not before every
// request, and the report says so under the request it went before.
func TestRerunOfA2026LogLevelOnAnOlderServerSetsTheLevel(t *testing.T) {
	ctx := testCtx(t)
	echo := func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", json.RawMessage(`{"text":"hi"}`)); err != nil {
			t.Fatal(err)
		}
	}
	level := func(s *mcp.Session, l string) {
		if _, err := s.SetLogLevel(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	older, results := rerunModernOnOlder(t, ctx, func(s *mcp.Session) {
		level(s, "debug")
		echo(s)
		echo(s)
		level(s, "error")
		echo(s)
	})
	var order []string
	for _, r := range older.Requests() {
		switch {
		case r.Is("logging/setLevel"):
			var m struct {
				Params struct{ Level string } `json:"params"`
			}
			if err := json.Unmarshal(r.Body, &m); err != nil {
				t.Fatal(err)
			}
			order = append(order, "setLevel "+m.Params.Level)
		case r.Is("tools/call"):
			order = append(order, "call")
		}
	}
	if got, want := strings.Join(order, ", "), "setLevel debug, call, call, setLevel error, call"; got != want {
		t.Errorf("the older server got %s, want %s", got, want)
	}
	var calls []RerunResult
	for _, res := range results {
		if res.Method == "tools/call" {
			calls = append(calls, res)
		}
	}
	if len(calls) != 3 {
		t.Fatalf("re-ran %d tools/call, want 3: %+v", len(calls), results)
	}
	for i, want := range []string{"debug", "", "error"} {
		res := calls[i]
		if res.Outcome != OutcomeSame {
			t.Errorf("call %d: %s %s %+v, want same", i+1, res.Outcome, res.Error, res.Differences)
		}
		report := RenderRerunResult(res, 80)
		says := strings.Contains(report, "logging/setLevel "+want+" sent first")
		if want != "" && !says || want == "" && res.LogLevel != "" {
			t.Errorf("call %d's report, want it to say logging/setLevel %q went first only when the level changed:\n%s", i+1, want, report)
		}
	}
}
