package ui

import (
	"testing"
)

// c lists the tools for completion; a call typed and sent before that
// listing is back waits for it, rather than listing the tools a second
// time itself: one tools/list row, not two the user never asked for.
func TestCallWaitsForTheListingCSent(t *testing.T) {
	l, release := callBeforeListing(t, "echo text=hi")
	close(release)
	l.waitOK("tools/call echo")
	l.waitRowsOK("tools/list", "tools/call echo")
	m := l.quit()
	if got := pairsOf(m, "tools/list"); len(got) != 1 {
		t.Errorf("tools/list rows %v, want the one c sent", got)
	}
	if got := pairsOf(m, "tools/call echo"); len(got) != 1 || got[0] != "ok" {
		t.Errorf("tools/call echo rows %v, want one ok", got)
	}
}
