package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 recording's ping, refused there as an unknown method (2026-07-28
// has no ping), re-run on a server of an older era that answers it:
// still different, but the report says the eras differ, where a bare
// "different" read as the server having changed.
func TestRerunSaysAPingDiffersByEra(t *testing.T) {
	ctx := testCtx(t)
	_, results := rerunModernOnOlder(t, ctx, func(s *mcp.Session) {
		resp, err := s.Request(ctx, "ping", nil)
		if err != nil || resp == nil || resp.Error == nil || resp.Error.Code != mcp.CodeMethodNotFound {
			t.Fatalf("the 2026 fake answered ping %+v, %v; want it refused as an unknown method", resp, err)
		}
	})
	var ping *RerunResult
	for i := range results {
		if results[i].Method == "ping" {
			ping = &results[i]
		}
	}
	if ping == nil {
		t.Fatalf("no ping re-run: %+v", results)
	}
	out := RenderRerunResult(*ping, 80)
	want := "differs because the eras differ: ping is not in 2026-07-28"
	if ping.Outcome != OutcomeDifferent || !strings.Contains(out, want) {
		t.Errorf("ping %s, want different and why:\n%s\ngot:\n%s", ping.Outcome, want, out)
	}
	for _, res := range results {
		if res.Method != "ping" && res.Era != "" {
			t.Errorf("%s says the eras differ: %s", res.Method, res.Era)
		}
	}
}
