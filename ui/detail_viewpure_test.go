package ui

import (
	"strings"
	"testing"
)

// The detail pane's View draws the lines the last Update made and changes
// nothing: it used to format, cache and move the kept place itself when
// the selection had changed under it.
func TestDetailViewChangesNothing(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "enter")
	before := m.detail.cacheKey
	m.detail.showPair(m.com.log.Pair(0)) // changed outside Update
	view := m.View()
	if m.detail.cacheKey != before {
		t.Errorf("View formatted the new selection's lines (cache key changed)")
	}
	press(m, "down", "up") // any Update brings the lines up to date
	if m.detail.cacheKey == before || !strings.Contains(m.View(), "Detail") {
		t.Errorf("the next Update did not format the new selection:\n%s", view)
	}
}
