package ui

import (
	"regexp"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// waitUntil waits until done accepts what the screen has drawn since the
// last mark.
func (l *live) waitUntil(done func(seen []byte) bool) {
	l.t.Helper()
	teatest.WaitFor(l.t, l.out, func([]byte) bool { return done(l.seen.Bytes()[l.from:]) },
		teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// waitRowsOK waits until the log has drawn each method's row as ok ✓,
// since the last mark, however wide the column between them.
func (l *live) waitRowsOK(methods ...string) {
	l.t.Helper()
	var rows []*regexp.Regexp
	for _, m := range methods {
		rows = append(rows, regexp.MustCompile(regexp.QuoteMeta(m)+` +✓ ok`))
	}
	l.waitUntil(func(seen []byte) bool {
		for _, r := range rows {
			if !r.Match(seen) {
				return false
			}
		}
		return true
	})
}
