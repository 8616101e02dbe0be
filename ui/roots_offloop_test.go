package ui

import (
	"path/filepath"
	"testing"
)

// roots add resolves its directory off the update loop: making a relative
// path absolute reads the working directory, and Update does no I/O. The
// Cmd Update returns does it, so a directory changed between the two
// decides, and Update itself offers nothing yet.
func TestRootsAddResolvesOffTheUpdateLoop(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	first, second := t.TempDir(), t.TempDir()
	t.Chdir(first)
	_, cmd := m.Update(RootsMsg{Verb: "add", Args: []string{"proj"}, Line: "roots add proj"})
	if len(b.Roots()) != 0 || cmd == nil {
		t.Fatalf("Update offered %+v at once (cmd %v), want the directory resolved by a command", b.Roots(), cmd != nil)
	}
	t.Chdir(second)
	res, ok := cmd().(rootsResolvedMsg)
	if !ok {
		t.Fatal("roots add's command did not resolve the directory")
	}
	_, cmd = m.Update(res)
	m.Update(runCmd(t, cmd, isRootsSet))
	if got := b.Roots(); len(got) != 1 || got[0].URI != "file://"+filepath.ToSlash(filepath.Join(second, "proj")) {
		t.Errorf("roots %+v, want proj under the directory the command ran in, %s", got, second)
	}
}
