package ui

import (
	"regexp"
	"strings"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// waitRowState waits until Pairs draws the row whose title starts with
// title in state (as
// pairStateWith words it: "✓ ok", "✗ rpc error", "✗ cancelled"), since the
// last mark. The status line's "method: ok" is no such sign: the command's
// answer comes back to Update on its own, and the records that make the
// row travel on the record channel, so either can come first.
func (l *live) waitRowState(title, state string) {
	l.t.Helper()
	// The title may be cut to the column's width: what follows it on the
	// row, up to the state, stays inside the Pairs pane's borders.
	// The status line's "title: state" is not the row.
	// Its method may be shortened to its last segment ("…/read …"), as
	// fitHeads does before it cuts the name after it.
	titles := regexp.QuoteMeta(title)
	method, _, _ := strings.Cut(title, " ")
	if i := strings.LastIndexByte(method, '/'); i > 0 {
		titles = "(?:" + titles + "|" + regexp.QuoteMeta("…"+title[i:]) + ")"
	}
	row := regexp.MustCompile(titles + `(?:[^:│\n][^│\n]*?)? +` + regexp.QuoteMeta(state))
	l.waitUntil(func(seen []byte) bool { return row.Match(seen) })
}

// waitOK waits until the status line says method's request was answered ok
// and Pairs draws its row so: what the answer brought (the tools listed,
// the resources offered) is then in the log the test reads.
func (l *live) waitOK(method string) {
	l.t.Helper()
	l.waitFor(method + ": ok")
	l.waitRowState(method, "✓ ok")
}

// waitRowsDrawn waits until Pairs has drawn n rows (told apart by their
// ids) whose title starts with title, over all the test drew: a row drawn
// again (a selection moved, the panes resized) is no new row.
func (l *live) waitRowsDrawn(title string, n int) {
	l.t.Helper()
	l.waitRowsDrawnAs(title, "", n)
}

// waitRowsDrawnAs is waitRowsDrawn of the rows drawn in state ("●
// listening"; "" for any), words waitRowState matches as it does.
func (l *live) waitRowsDrawnAs(title, state string, n int) {
	l.t.Helper()
	// A request mcpscope sent on its own (Tab's) is KIND "→ auto".
	expr := `(?:request|auto) +(\S+) +` + regexp.QuoteMeta(title)
	if state != "" {
		expr += `(?:[^:│\n][^│\n]*?)? +` + regexp.QuoteMeta(state)
	}
	row := regexp.MustCompile(expr)
	teatest.WaitFor(l.t, l.out, func([]byte) bool {
		ids := map[string]bool{}
		for _, m := range row.FindAllSubmatch(l.seen.Bytes(), -1) {
			ids[string(m[1])] = true
		}
		return len(ids) >= n
	}, teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}
