package ui

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab after "roots add " completes directories as a shell does: the
// candidates are the directories (not files, not hidden ones) starting
// with what was typed, their common prefix is filled in, Tab steps through
// them, and "~/" is the home directory, kept as typed on the line.
func TestLiveRootsAddCompletesDirectories(t *testing.T) {
	dir := t.TempDir()
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, d := range []string{"alpha", "alpine", "beta", ".alps", filepath.Join(home, "projects", "app")} {
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "alps.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	tab := tea.KeyMsg{Type: tea.KeyTab}

	l.tm.Type(":roots add ")
	l.waitFor("the directories to offer (tab complete; ~/ is your home)")
	l.tm.Type(dir + "/al")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("alpha/  alpine/")
	l.tm.Send(tab) // the first candidate
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("1 root offered")

	l.tm.Type(":roots add ~/pro")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("roots add ~/projects/")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("roots add ~/projects/app/")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("2 roots offered")

	l.tm.Type(":roots add " + dir + "/zz")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("starts with zz")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})

	l.quit()
	var got []string
	for _, r := range l.sess.Roots() {
		got = append(got, r.URI)
	}
	for _, p := range []string{filepath.Join(dir, "alpha"), filepath.Join(home, "projects", "app")} {
		if uri := (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String(); !slices.Contains(got, uri) {
			t.Errorf("roots offered %v, want %s among them", got, uri)
		}
	}
}

// The candidates of one Tab: directories and links to them, hidden ones
// only once a "." is typed, a name with a space quoted; files never.
func TestListDirsOffersDirectoriesOnly(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"alpha", "my dir", ".hidden"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "alpha"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		typed string
		want  []string
	}{
		{dir + "/", []string{dir + "/alpha/", dir + "/link/", "'" + dir + "/my dir/'"}},
		{dir + "/.", []string{dir + "/.hidden/"}},
		{dir + "/n", nil},
	} {
		line := "roots add " + tc.typed
		msg := listDirs(line, analyze(line, nil))().(dirsListedMsg)
		if msg.err != nil || !slices.Equal(msg.comp.items, tc.want) {
			t.Errorf("Tab on %q offers %q (%v), want %q", line, msg.comp.items, msg.err, tc.want)
		}
	}
}

// A directory with more matching directories than one Tab offers gives the
// first maxDirCandidates found, sorted, read in batches across which none
// is lost or repeated.
func TestListDirsBoundsAHugeDirectory(t *testing.T) {
	dir := t.TempDir()
	for i := range maxDirCandidates + 50 {
		if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf("d%04d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	line := "roots add " + dir + "/d"
	msg := listDirs(line, analyze(line, nil))().(dirsListedMsg)
	if msg.err != nil {
		t.Fatalf("Tab on %q: %v", line, msg.err)
	}
	if got := len(msg.comp.items); got != maxDirCandidates {
		t.Errorf("Tab on a directory of %d directories offers %d, want %d", maxDirCandidates+50, got, maxDirCandidates)
	}
	if !slices.IsSorted(msg.comp.items) || len(slices.Compact(slices.Clone(msg.comp.items))) != len(msg.comp.items) {
		t.Errorf("the candidates are not sorted and distinct: %q ...", msg.comp.items[:5])
	}
}
