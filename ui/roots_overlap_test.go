package ui

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Two roots changes typed in quick succession both land: the second
// starts from the roots the first left, even when the first has not
// reached the session yet when the second is typed. Both used to start
// from the roots offered before either, so roots add A then roots add B
// ended with B alone.
func TestRootsChangesInQuickSuccessionBothLand(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	dirA, dirB := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	isResolved := func(msg tea.Msg) bool { _, ok := msg.(rootsResolvedMsg); return ok }

	_, cmd := m.Update(RootsMsg{Verb: "add", Args: []string{dirA}, Line: "roots add " + dirA})
	_, offerA := m.Update(runCmd(t, cmd, isResolved))
	// roots add B is typed, and resolved, while A's change is still on
	// its way to the session (offerA has not run).
	msgs := make(chan tea.Msg, 64)
	run := func(c tea.Cmd) {
		runInto(c, func(msg tea.Msg) bool { return isResolved(msg) || isRootsSet(msg) }, msgs)
	}
	var offerB tea.Cmd
	if _, cmd = m.Update(RootsMsg{Verb: "add", Args: []string{dirB}, Line: "roots add " + dirB}); cmd != nil {
		if res, ok := cmd().(rootsResolvedMsg); ok {
			_, offerB = m.Update(res)
		}
	}
	_, cmd = m.Update(runCmd(t, offerA, isRootsSet))
	run(cmd)
	run(offerB)
	timeout := time.After(10 * time.Second)
	for sets := 1; sets < 2; {
		select {
		case msg := <-msgs:
			if isRootsSet(msg) {
				sets++
			}
			_, cmd = m.Update(msg)
			run(cmd)
		case <-timeout:
			t.Fatal("the second roots change was never made")
		}
	}
	var uris []string
	for _, r := range b.Roots() {
		uris = append(uris, r.URI)
	}
	rootA, _ := command.RootFromPath(dirA)
	rootB, _ := command.RootFromPath(dirB)
	want := []string{rootA.URI, rootB.URI}
	if !slices.Equal(uris, want) {
		t.Errorf("roots offered %v, want both added, in order: %v", uris, want)
	}
	if !slices.EqualFunc(m.com.roots, b.Roots(), func(x, y mcp.Root) bool { return x.URI == y.URI }) {
		t.Errorf("the panes show roots %+v, the session offers %+v", m.com.roots, b.Roots())
	}
}
