package ui

import (
	"testing"
)

// A tool that answers isError: the status line says what the tool said,
// readable on an 80-column terminal, instead of only "see Detail".
func TestLiveToolErrorSaysWhatTheToolSaid(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.listTools()
	l.call("fail message='disk full'")
	l.waitFor("tools/call fail: ✗ isError: disk full")
	l.quit()
}
