package ui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A finished call's row in an 18-cell METHOD column (the proxy's TUI at
// 80 columns) read "tools/call foreca…", where "…/call forecast" fits: it
// is shortened as a pending call's row is, and to the tool's name alone
// when even that does not fit.
func TestFinishedCallRowKeepsTheToolName(t *testing.T) {
	pr := &history.Pair{Kind: history.KindRequest, Method: "tools/call", Tool: "forecast", State: history.StateOK}
	for _, tt := range []struct {
		w    int
		want string
	}{
		{40, "tools/call forecast"},
		{18, "…/call forecast"},
		{10, "forecast"},
	} {
		if got := fitMethod(pr, tt.w); got != tt.want || ansi.StringWidth(got) > tt.w {
			t.Errorf("fitMethod(tools/call forecast, %d) = %q, want %q", tt.w, got, tt.want)
		}
	}
}
