package ui

import "testing"

// The listing a list_changed caused said "listing the tools again" on the
// status line for seconds after its answer came, read as still on its
// way. Once answered it says so.
func TestLiveListChangedSaysTheListingIsDone(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.listTools()
	l.mark()
	l.call("mcp-add name=dice")
	l.waitFor("the server's tool list changed: listed the tools again")
	l.quit()
}
