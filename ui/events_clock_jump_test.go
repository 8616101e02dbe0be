package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// An event a recording stamps 300 years after the connection (a clock
// that jumped, a hostile file) reads "?" in Raw events' TIME column, which
// stays as wide as the other rows need: it read "+2562047…" and the column
// grew to its cap for it.
func TestRawEventsTimeOfAClockJump(t *testing.T) {
	header := func(recs []mcp.Record) (string, string) {
		view := newTestModel(t, 160, 45, nil, recs).View()
		for _, line := range strings.Split(view, "\n") {
			if i := strings.Index(line, "TIME "); i >= 0 && strings.Contains(line, "STREAM") {
				return line[i:], view
			}
		}
		t.Fatalf("no Raw events header:\n%s", view)
		return "", ""
	}
	plain, _ := header(fixtureRecords())
	recs := fixtureRecords()
	bent := false
	for i := range recs {
		if recs[i].Kind == mcp.KindEvent && !bent {
			recs[i].Time = recs[i].Time.AddDate(300, 0, 0)
			bent = true
		}
	}
	if !bent {
		t.Fatal("the fixture has no event to bend")
	}
	got, view := header(recs)
	if got != plain || strings.Contains(view, "2562047") || !strings.Contains(view, "│?   ") {
		t.Errorf("header %q, want %q as without the jump, and the bent event's time \"?\":\n%s", got, plain, view)
	}
}
