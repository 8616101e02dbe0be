package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Tab on a tool's name, then Tab again once the tools/list it sent is
// answered but before the answer's records reach the log (a busy
// machine): the second Tab found no listing on its way and no tools
// listed, and listed them a second time. It waits for the first.
func TestLiveTabAgainBeforeTheListingsRecordsListsOnce(t *testing.T) {
	l, recs, _ := liveHeldRecords(t)
	l.mark()
	l.tm.Type(":tools/call gre")
	l.waitFor("no tools known yet: tab lists them")
	recs.hold()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("tools/list: ok")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("waiting for the listing of the tools already asked for")
	recs.release()
	l.waitFor("tools/call greet ")
	listedOnceCompleted(t, l.quit())
}
