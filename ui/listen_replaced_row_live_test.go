package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Subscribing on 2026-07-28 replaces the listen stream. The old stream's
// row in Pairs read "✗ cancelled", and only Detail said why: a
// replacement is an end, not a failure. The row says replaced, with no
// error glyph, and the status bar counts no error for it.
func TestLiveReplacedListenRowIsNoFailure(t *testing.T) {
	l := startDemoListening(t)
	l.command("subscribe demo://clock")
	l.waitFor("↻ replaced")
	m := l.quit()
	v := ansi.Strip(m.View())
	var row string
	for _, r := range strings.Split(v, "\n") {
		if strings.Contains(r, "↻ replaced") {
			row = r
		}
	}
	if !strings.Contains(row, "subscriptions/listen") || strings.Contains(row, "✗") {
		t.Errorf("the replaced listen stream's row is %q, want subscriptions/listen ↻ replaced and no ✗", row)
	}
	if strings.Contains(v, "✗ cancelled") {
		t.Errorf("a row reads cancelled:\n%s", v)
	}
	if n := m.com.log.Stats().Errors; n != 0 {
		t.Errorf("the status bar counts %d errors, want none:\n%s", n, v)
	}
	if bar := lastLine(v); strings.Contains(bar, " err") {
		t.Errorf("status bar %q counts an error", bar)
	}
}
