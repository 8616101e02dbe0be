package ui

import "testing"

// A frame with the help open lays its groups out once: the keys row laid
// them out a second time to learn whether they scroll, which doubled the
// work of every frame the help was open.
func TestHelpLaidOutOncePerFrame(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?")
	frame := testing.AllocsPerRun(20, func() { _ = m.View() })
	layout := testing.AllocsPerRun(20, func() { _ = m.com.helpContent(m.width) })
	if frame >= 2*layout {
		t.Errorf("a frame with the help open makes %v allocations and one layout of the help %v: it was laid out more than once", frame, layout)
	}
}
