package history

import "strings"

// renderRerun is the report re-run prints (cmd_history.go): each result as
// RenderRerunResult gives it, then the counts under them all.
func renderRerun(results []RerunResult, width int) string {
	var b strings.Builder
	for _, r := range results {
		b.WriteString(RenderRerunResult(r, width))
	}
	b.WriteString(RenderRerunCounts(results))
	return b.String()
}
