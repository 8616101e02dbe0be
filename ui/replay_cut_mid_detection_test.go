package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording cut while detection ran again (r after a detection that
// found nothing, a probe still waiting when mcpscope stopped) replayed to
// its end read "Negotiation · connecting" and "finding the transport
// again: … shows here when detection ends" for good: the live wording of
// a detection that goes on, where nothing more will come. At its end the
// replay says what the recording holds: the session failed, and the
// recording ends while detection ran again.
func TestReplayCutMidDetectionSaysWhatTheRecordingShows(t *testing.T) {
	s := newScript()
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Conn: 1, URL: fixtureBase, Transport: mcp.TransportStreamable}})
	s.request("1", "server/discover", "", `{}`)
	s.add(mcp.Record{Kind: mcp.KindDetect, Detect: &mcp.Detection{URL: fixtureBase, Reason: "no transport worked: POST answered 502"}})
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed, Conn: 1, URL: fixtureBase, Transport: mcp.TransportStreamable}})
	s.request("2", "server/discover", "", `{}`)
	p := recordingOf(t, s.recs)
	now := fixedNow
	m := newReplay(p, &now)
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	jumpToEnd(t, m)
	// The pane drawn with every record in but the replay not yet at its
	// end must not stay so once the end comes with no record after.
	m.com.replayDone, m.nego.cache = false, nil
	m.nego.view(false)
	m.com.replayDone = true
	pane := strings.Join(m.nego.view(false), "\n")
	if !strings.Contains(pane, "Negotiation · failed") || strings.Contains(pane, "connecting") {
		t.Errorf("the Negotiation pane at the replay's end reads, want its title failed as the recording ends:\n%s", pane)
	}
	if strings.Contains(pane, "when detection ends") || !strings.Contains(pane, "the recording ends while detection ran again") {
		t.Errorf("the Negotiation pane at the replay's end reads, want that the recording ends while detection ran again:\n%s", pane)
	}
}
