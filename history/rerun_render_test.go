package history

import "strings"

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
