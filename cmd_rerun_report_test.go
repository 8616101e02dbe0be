package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// replay --against --json writes each result as it is judged; the report
// must read as the one encoded whole did, byte for byte, for scripts that
// compare it: with and without warnings, and with no result (an
// interrupted re-run).
func TestRerunJSONReportIsTheWholeOne(t *testing.T) {
	results := []history.RerunResult{
		{N: 1, Method: "initialize", Outcome: history.OutcomeSame},
		{N: 2, Method: "tools/call", Tool: "echo <b>", Outcome: history.OutcomeDifferent,
			Differences: []history.Difference{{Path: "$.result.text", Recorded: `"a"`, Live: "\"b\x1b[2J\"", Kind: history.DiffChanged}}},
		{N: 3, Method: "tools/list", Outcome: history.OutcomeError, Error: "gone", Unreachable: true, NotSent: 4},
	}
	for _, tc := range []struct {
		name     string
		results  []history.RerunResult
		skipped  history.NotResent
		warnings []string
	}{
		{"results", results, history.NotResent{}, nil},
		{"warnings", results, history.NotResent{}, []string{"line 7 is cut short", "records out of order"}},
		{"none", nil, history.NotResent{}, nil},
		// What the count's "not re-sent" line says, a script reads too.
		{"skipped", results, history.NotResent{DetectionProbes: 1, OwnListens: 2}, []string{"line 7 is cut short"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got bytes.Buffer
			report := newJSONReport(&got, "/tmp/s.jsonl", "http://127.0.0.1:9761/mcp")
			same := true
			for _, r := range tc.results {
				report.add(r)
				same = same && r.Outcome == history.OutcomeSame
			}
			report.end(same, tc.skipped, tc.warnings)
			whole := map[string]any{"recording": "/tmp/s.jsonl", "against": "http://127.0.0.1:9761/mcp", "same": same, "results": tc.results}
			if len(tc.warnings) > 0 {
				whole["warnings"] = tc.warnings
			}
			if tc.skipped != (history.NotResent{}) {
				whole["skipped"] = tc.skipped
			}
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetIndent("", "  ")
			_ = enc.Encode(whole)
			if w := sanitize.JSON(want.Bytes()); got.String() != string(w) {
				t.Errorf("report written a result at a time:\n%s\nwant, as encoded whole:\n%s", got.String(), w)
			}
		})
	}
}
