package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A session started with --root showed its roots in Negotiation; its
// replay showed none, as if nothing was offered. The recording's header
// keeps them, and the replay shows them as the live session did. A
// recording that kept none (an older one) shows no Roots line, rather than
// a "none" it cannot know.
func TestReplayShowsTheRecordedRoots(t *testing.T) {
	roots := []mcp.Root{{URI: "file:///home/dev/proj", Name: "proj"}}
	for _, c := range []struct {
		name  string
		roots []mcp.Root
		want  bool
	}{{"recorded", roots, true}, {"not kept", nil, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse", Roots: c.roots}, fixtureRecords())
			m := replayAtEnd(t, p, 160, 45)
			nego := ansi.Strip(strings.Join(m.nego.lines(), "\n"))
			if got := row(nego, "Roots", "file:///home/dev/proj (proj)") != ""; got != c.want {
				t.Errorf("Roots line shown %v, want %v:\n%s", got, c.want, nego)
			}
			if strings.Contains(nego, "roots add") {
				t.Errorf("a replay offers roots add:\n%s", nego)
			}
		})
	}
}
