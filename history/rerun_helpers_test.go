package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// renderRerun is the report re-run prints (cmd_history.go): each result as
// RenderRerunResult gives it, then the counts under them all.
func renderRerun(results []RerunResult, width int) string {
	var b strings.Builder
	for _, r := range results {
		b.WriteString(RenderRerunResult(r, width))
	}
	sum := summarize(results)
	b.WriteString(sum.Counts())
	return b.String()
}

// summarize is the summary of results, as a re-run keeps it.
func summarize(results []RerunResult) *RerunSummary {
	var sum RerunSummary
	for _, r := range results {
		sum.Add(r)
	}
	return &sum
}

// openRecorded writes recs to a recording, as a Recorder writes the
// user's, and opens it for a re-run as replay --against does; the test
// closes it when it ends.
func openRecorded(t testing.TB, recs []mcp.Record) *RerunFile {
	t.Helper()
	f, err := OpenRerun(record(t, recs, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// rerunRecorded re-runs recs on s as replay --against does, from the
// recording a Recorder writes of them, and returns every result.
func rerunRecorded(t testing.TB, ctx context.Context, recs []mcp.Record, s Sender) []RerunResult {
	t.Helper()
	var out []RerunResult
	if _, err := openRecorded(t, recs).Rerun(ctx, s, nil, RecordOptions{}, "", func(r RerunResult) { out = append(out, r) }); err != nil {
		t.Fatal(err)
	}
	return out
}
