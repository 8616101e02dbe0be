package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A request whose raw JSON-RPC was edited into what is no JSON object is
// sent by its method field, as wireOf says, but with no params, which the
// recording no longer holds: the report says so where the answer that
// follows (an unknown tool "") was shown as the server's difference alone.
func TestRerunOfARequestWhoseRawIsNoObjectSaysItsParamsWereLost(t *testing.T) {
	s := newScript()
	s.initialized()
	for i, raw := range []string{`not json`, `[{"jsonrpc":"2.0","id":3,"method":"tools/call"}]`} {
		id := string(rune('2' + i))
		call := s.send(mcp.ClassRequest, id, "tools/call", "greet", raw)
		s.result(id, call, `{"content":[]}`)
	}

	_, results := rerunEchoed(t, record(t, s.recs, RecordOptions{}))
	if len(results) != 3 {
		t.Fatalf("re-ran %d requests, want 3", len(results))
	}
	for _, r := range results[1:] {
		if !strings.Contains(r.Mismatch, "not a JSON object") || !strings.Contains(r.Mismatch, `sent "tools/call"`) || !strings.Contains(r.Mismatch, "without params") {
			t.Errorf("%s: the report says %q, want that its raw is no JSON object, so it was sent by its method field without params", r.Method, r.Mismatch)
		}
		if out := renderRerun([]RerunResult{r}, 200); !strings.Contains(out, "not a JSON object") {
			t.Errorf("the report reads %q, want the note shown", out)
		}
	}
	if results[0].Mismatch != "" {
		t.Errorf("initialize, whose raw is whole: note %q, want none", results[0].Mismatch)
	}
}
