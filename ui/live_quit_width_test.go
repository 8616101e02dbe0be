package ui

// quitAtWidth quits and returns the final model, failing the test unless
// the last resize sent, to width, arrived before the quit: the view the
// test checks next is of that size, not of one before it.
func (l *live) quitAtWidth(width int) *Model {
	l.t.Helper()
	m := l.quit()
	if m.width != width {
		l.t.Fatalf("the resize to width %d did not arrive: width %d", width, m.width)
	}
	return m
}
