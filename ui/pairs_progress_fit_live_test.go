package ui

import (
	"testing"
)

// At 80 columns a pending tools/call keeps its progress words whole in
// the METHOD column ("step 1 of 4", not "step 1 …"), with the tool's name
// still on the row.
func TestLiveProgressWordsFitAt80Columns(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.mark()
	l.call("slow seconds=8")
	l.waitFor("slow · step 1 of 4")
	l.quit()
}
