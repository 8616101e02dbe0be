package ui

import (
	"testing"
)

// The hint for search_notes' filter= said e.g. {"after":"2024-01-01",
// "limit":5}; typed so, shell-style quoting took the double quotes away
// and Enter refused "{after:2024-01-01,limit:5}" as no JSON object. The
// example is shown as it must be typed, quoted, and so typed it is sent.
func TestLiveObjectExampleTypedAsShown(t *testing.T) {
	l := liveDemoAt80(t)
	l.listTools()
	l.mark()
	shown := `'{"after":"2024-01-01","limit":5}'`
	l.tm.Type("c")
	l.tm.Type("search_notes filter=")
	l.waitText("— Narrows the search, e.g. " + shown + ".")
	l.typeLine(shown)
	l.waitRowState("tools/call search_notes", "✓ ok")
	l.quit()
}
