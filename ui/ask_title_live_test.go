package ui

import (
	"testing"
)

// The question's title names the call it came during before the server's
// own id for it: at 80 columns it read "from the server (its request 1)
// duri…", the call that asked cut off.
func TestLiveAskTitleNamesTheCallAt80Columns(t *testing.T) {
	l := liveDemoAt80(t)
	l.call("sample prompt=hi")
	l.waitFor("left · during tools/call sample")
	l.quit()
}
