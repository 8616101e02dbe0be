package ui

import "testing"

// At 80 columns the METHOD column is 26 cells: a chain's later round keeps
// the tool's name with a short round marker, where "↳ round 2 · " cut it
// to "tools/call …". Wide terminals keep the words.
func TestPairsLaterRoundKeepsItsToolAtEightyColumns(t *testing.T) {
	narrow := newTestModel(t, 80, 24, newFakeBackend(), statelessRecords().recs)
	view := narrow.View()
	if row(view, "↳2 tools/call confirm", "✓ ok") == "" {
		t.Errorf("80 columns: no round 2 row naming tools/call confirm:\n%s", view)
	}
	wide := newTestModel(t, 160, 45, newFakeBackend(), statelessRecords().recs)
	if row(wide.View(), "↳ round 2 · tools/call confirm", "✓ ok") == "" {
		t.Errorf("160 columns: the round 2 row lost its words:\n%s", wide.View())
	}
}
