package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A notification's name with "notifications/" dropped says so at every
// width: at 80 columns "subscriptions/acknowledged" just fit its METHOD
// column and read as a method of that name, where 160 columns read
// "…/subscriptions/acknowledged".
func TestFitMethodMarksNotificationsCutAtEveryWidth(t *testing.T) {
	pr := &history.Pair{Kind: history.KindNotificationIn, Method: "notifications/subscriptions/acknowledged"}
	for w := 2; w < 40; w++ {
		got := fitMethod(pr, w)
		if n := ansi.StringWidth(got); n > w {
			t.Errorf("fitMethod(acknowledged, %d) = %q, %d cells wide", w, got, n)
		}
		if got != pr.Method && !strings.HasPrefix(got, "…") {
			t.Errorf("fitMethod(acknowledged, %d) = %q, dropped its start with no mark", w, got)
		}
		if w >= 16 && !strings.HasPrefix(got, "…/") {
			t.Errorf("fitMethod(acknowledged, %d) = %q, want it to begin with …/", w, got)
		}
	}
	for _, tc := range []struct {
		rest string
		w    int
		want string
	}{
		{"subscriptions/acknowledged", 27, "…/subscriptio…/acknowledged"},
		{"subscriptions/acknowledged", 26, "…/subscripti…/acknowledged"},
		{"subscriptions/acknowledged", 20, "…/subs…/acknowledged"},
		{"subscriptions/acknowledged", 16, "…/acknowledged"},
		{"subscriptions/acknowledged", 13, "…acknowledged"},
		{"initialized", 11, "…/initiali…"},
	} {
		if got := cutNotification(tc.rest, tc.w); got != tc.want {
			t.Errorf("cutNotification(%q, %d) = %q, want %q", tc.rest, tc.w, got, tc.want)
		}
	}
}

// At 80x24 the listen stream's acknowledgement is marked as cut in the
// Pairs pane, as at 160 columns, or whole: its row takes the room of the
// columns it leaves empty (pairColumns.spanned).
func TestLiveAcknowledgementMarkedAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL()}, 80, 24, "● listening")
	l.waitFor("acknowledged")
	view := ansi.Strip(l.quit().View())
	got := row(view, "← notify", "acknowledged")
	if !strings.Contains(got, "…/subscri") && !strings.Contains(got, " notifications/subscriptions/acknowledged ") {
		t.Errorf("the acknowledgement's row at 80 columns = %q, want it whole or its dropped start marked …/", got)
	}
}
