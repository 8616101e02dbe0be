package ui

import (
	"path/filepath"
	"strings"
	"testing"
)

// roots add of a path that is no directory here still offers it (a
// debugger may offer what the server should refuse) but says so, where it
// said only "1 root offered" to a typo; a directory that is there is
// added without a word more.
func TestRootsAddSaysWhenTheDirectoryIsMissing(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	there := t.TempDir()
	submitLine(t, m, "roots add "+there, isRootsSet)
	if v := m.status.view(); !strings.Contains(v, "1 root offered") || strings.Contains(v, "no directory here") {
		t.Errorf("adding an existing directory: status %q", v)
	}
	missing := filepath.Join(there, "no-such-dir")
	submitLine(t, m, "roots add "+missing, isRootsSet)
	if got := b.Roots(); len(got) != 2 {
		t.Errorf("roots %+v, want the missing directory offered anyway", got)
	}
	if v := m.View(); !strings.Contains(v, "roots added "+missing+": offered, but it is no directory here (a typo? roots rm takes it back)") {
		t.Errorf("adding a missing directory does not say so:\n%s", v)
	}
}
