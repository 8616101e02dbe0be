package ui

import (
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// On a terminal that paints the bar's blocks, the replay's badge and its
// position were set apart by the badge's padding, a space of the bar and
// the position's padding: "REPLAY streamable 2025-11-25   ▶" (and a bar's
// space and the padding after it), and the cells those gaps wasted were
// the ones an 80-column bar lacked to keep the protocol version beside a
// message (: in a replay). The painted position's own padding sets it
// apart.
func TestReplayBarPaintedBlocksKeepTheVersion(t *testing.T) {
	recs := fixtureRecords()
	for i := range recs {
		if recs[i].State != nil && recs[i].State.Transport != "" {
			recs[i].State.Transport = mcp.TransportStreamable
		}
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	st := testStyles()
	st.StatusBar, st.StatusKey, st.StatusValue = st.StatusBar.Renderer(r), st.StatusKey.Renderer(r), st.StatusValue.Renderer(r)
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: mcp.TransportStreamable}, recs)
	m := New(Options{Player: p, Styles: st, URL: fixtureBase, Transport: mcp.TransportStreamable, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for range 20 {
		m.Update(replayTickMsg{})
		press(m, ".")
	}
	version := m.com.log.Stats().Protocol
	bar := row(ansi.Strip(m.View()), "REPLAY")
	if version == "" || !strings.Contains(bar, "REPLAY streamable "+version) {
		t.Fatalf("the replay bar has no transport and version to keep: %q", bar)
	}
	if strings.Contains(bar, "   ⏸") || strings.Contains(bar, "1x  ●") {
		t.Errorf("the replay bar has a three-cell gap: %q", bar)
	}
	press(m, ":")
	bar = row(ansi.Strip(m.View()), "REPLAY")
	if !strings.Contains(bar, replayRefused) || !strings.Contains(bar, "REPLAY streamable "+version) {
		t.Errorf("with a message the bar = %q, want %q beside the protocol version", bar, replayRefused)
	}
}
