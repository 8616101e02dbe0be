package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Scrolling Raw events down a long session, a 19.6 KiB event and the
// endpoint event go off the top: the columns stay as wide as they were, so
// the data stays where the eye left it. Laid out for the rows on screen
// alone, SIZE and EVENT narrowed and DATA moved left as those rows left.
func TestEventColumnsOnlyGrowWhileScrolling(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	s.event("message", `{"jsonrpc":"2.0","method":"big","params":{"text":"`+strings.Repeat("x", 20000)+`"}}`)
	for range 80 {
		s.event("message", `{"jsonrpc":"2.0","method":"notifications/progress"}`)
	}
	m := newTestModel(t, 160, 45, nil, s.recs)
	m.setFocus(paneEvents)
	press(m, "home")
	at := func() int {
		header := row(ansi.Strip(m.View()), "TIME", "STREAM", "DATA")
		return strings.Index(header, "DATA")
	}
	first := at()
	for i := range 80 {
		press(m, "down")
		if got := at(); got != first {
			t.Fatalf("after %d rows down DATA is at %d, was at %d at the top", i+1, got, first)
		}
	}
}
