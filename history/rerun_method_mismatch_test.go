package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A record whose method field says another method than its raw JSON-RPC
// (a recording edited by hand, or written by another tool) is re-run with
// the raw one, which is what went on the wire, and the report says the two
// disagreed: the field's method was sent with the raw's params, unsaid.
func TestRerunSendsTheRawMethodAndSaysTheFieldDisagreed(t *testing.T) {
	recs := fullSession()
	edited := false
	for i := range recs {
		if r := &recs[i]; r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/list" {
			r.RPC.Method, edited = "resources/list", true
		}
	}
	if !edited {
		t.Fatal("the session holds no tools/list request")
	}
	var s echoSender
	results := rerunRecorded(t, context.Background(), recs, &s)
	if strings.Contains(strings.Join(s.sent, " "), "resources/list") || !strings.Contains(strings.Join(s.sent, " "), "tools/list") {
		t.Errorf("sent %q, want tools/list (the raw's) and no resources/list (the field's)", s.sent)
	}
	report := renderRerun(results, 80)
	if !strings.Contains(report, `the record's method field says "resources/list" but its raw JSON-RPC, what was sent, says "tools/list": sent "tools/list"`) {
		t.Errorf("the report does not say the method field disagreed with the raw JSON-RPC:\n%s", report)
	}
	for _, r := range results {
		if r.Mismatch != "" && r.Method != "tools/list" {
			t.Errorf("the result names %q, want the method sent, tools/list", r.Method)
		}
	}
}
