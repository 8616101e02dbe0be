package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A link back to the directory it is in, or above it, is not offered:
// /usr/bin/X11 -> . was, and Tab after Tab walked into
// /usr/bin/X11/X11/X11/... for ever. A link beside it is offered, and the
// status says why the looping one is not when it alone matches.
func TestListDirsLeavesOutLinksBackUp(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	for _, d := range []string{in, filepath.Join(dir, "other")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, to := range map[string]string{"X11": ".", "up": "..", "top": dir, "side": "../other"} {
		if err := os.Symlink(to, filepath.Join(in, name)); err != nil {
			t.Fatal(err)
		}
	}
	line := "roots add " + in + "/"
	msg := listDirs(line, analyze(line, nil))().(dirsListedMsg)
	if want := []string{in + "/side/"}; msg.err != nil || !slices.Equal(msg.comp.items, want) {
		t.Errorf("Tab on %q offers %q (%v), want %q", line, msg.comp.items, msg.err, want)
	}
	line = "roots add " + in + "/X"
	msg = listDirs(line, analyze(line, nil))().(dirsListedMsg)
	if len(msg.comp.items) != 0 || msg.loop != "X11" {
		t.Fatalf("Tab on %q offers %q, loop %q; want none, X11 named as a loop", line, msg.comp.items, msg.loop)
	}
	m := newTestModel(t, 80, 24, nil, nil)
	m.dirsListed(msg)
	if m.status.msg == nil || !strings.Contains(m.status.msg.text, in+"/X11 links back up") {
		t.Errorf("the status after Tab on %q says %+v, not why X11 is not offered", line, m.status.msg)
	}
}
