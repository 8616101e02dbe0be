package ui

import (
	"regexp"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// liveWait bounds every wait of a live test, for a frame or for the
// program to end after a quit: on a loaded machine under -race a quit
// with a call still pending took over 5 s to end, though nothing was stuck.
const liveWait = 15 * time.Second

// waitUntil waits until done accepts what the screen has drawn since the
// last mark.
func (l *live) waitUntil(done func(seen []byte) bool) {
	l.t.Helper()
	l.waitUntilWithin(liveWait, done)
}

// waitUntilWithin is waitUntil bounded by d, for a test whose work takes
// a loaded machine under -race longer than liveWait.
func (l *live) waitUntilWithin(d time.Duration, done func(seen []byte) bool) {
	l.t.Helper()
	teatest.WaitFor(l.t, l.out, func([]byte) bool { return done(l.seen.Bytes()[l.from:]) },
		teatest.WithDuration(d), teatest.WithCheckInterval(20*time.Millisecond))
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
