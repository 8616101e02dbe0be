package history

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The summary under a re-run said "12 requests: 0 same, 12 different, 0
// missing, 0 errors" when 6 of the answers were JSON-RPC errors: its
// "errors" counted the requests that failed (no answer: the POST refused,
// the stream gone), and read as "no errors". Those are "failed" now, and
// the JSON-RPC error answers are counted on their own, now and in the
// recording.
func TestRerunSummaryCountsErrorAnswers(t *testing.T) {
	ctx := testCtx(t)
	tools := append(mcptest.DefaultTools(), mcptest.Tool{Name: "retired", InputSchema: json.RawMessage(`{"type":"object"}`)})
	recs := recordSession(t, ctx, statelessConfig(t, tools), func(s *mcp.Session) {
		callRecorded(t, ctx, s, "retired", `{}`)
		for _, method := range []string{"nowhere/at-all", "nowhere/else"} {
			if resp, err := s.Request(ctx, method, nil); err != nil || resp.Error == nil {
				t.Fatalf("%s: %v, %v; want a JSON-RPC error answer", method, resp, err)
			}
		}
	})
	// The live server does not offer retired: its call is answered with
	// an error now too.
	_, results := rerunOnStateless(t, ctx, recs)
	got := renderRerun(results, 80)
	for _, want := range []string{
		"4 requests: 3 same, 1 different, 0 missing, 0 failed\n",
		"3 answers are JSON-RPC errors now (2 in the recording): answers like any other,\ncounted above as same or different, not as failed\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report does not say %q:\n%s", want, got)
		}
	}
	for _, line := range strings.Split(got, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("a line of %d columns: %q", len([]rune(line)), line)
		}
	}
}

// The error answers counted are those of the requests compared: a
// recorded error whose request is missing or failed now, or a live one
// with nothing recorded to compare, was counted under a line saying they
// were all same or different.
func TestRerunSummaryCountsOnlyComparedErrorAnswers(t *testing.T) {
	var s RerunSummary
	s.Add(RerunResult{N: 1, Outcome: OutcomeMissing, RecordedErrorAnswer: true})
	s.Add(RerunResult{N: 2, Outcome: OutcomeError, RecordedErrorAnswer: true})
	s.Add(RerunResult{N: 3, Outcome: OutcomeUnrecorded, ErrorAnswer: true})
	if got := s.Counts(); strings.Contains(got, "JSON-RPC error") {
		t.Errorf("answers not compared are counted as compared:\n%s", got)
	}
	s.Add(RerunResult{N: 4, Outcome: OutcomeSame, ErrorAnswer: true, RecordedErrorAnswer: true})
	if got := s.Counts(); !strings.Contains(got, "1 answer is a JSON-RPC error now (1 in the recording)") {
		t.Errorf("a compared error answer is not counted:\n%s", got)
	}
}
