package ui

import "regexp"

// waitRowPending waits until Pairs draws title's row as pending (after a
// spinner frame), since the last mark. "1 pending" on the status bar is no
// such sign at 80 columns: the message that the request was sent hides
// the counts until it expires, five seconds later.
func (l *live) waitRowPending(title string) {
	l.t.Helper()
	row := regexp.MustCompile(regexp.QuoteMeta(title) + ` +\S pending`)
	l.waitUntil(func(seen []byte) bool { return row.Match(seen) })
}
