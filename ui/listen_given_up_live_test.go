package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// statelessServerGone is the TUI at 80x24 in a session of the demo's
// stateless endpoint whose listen stream was taken, and the demo then
// closed under it: its listen stream is reopened after delay, and fails.
func statelessServerGone(t *testing.T, delay time.Duration) (*live, *demo.Server) {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.URL + "/stateless", Transport: mcp.TransportStateless, ReconnectDelay: delay}, 80, 24, "● discovered")
	l.waitFor("/acknowledged") // the acknowledgement's row, whole over its empty columns at 80 columns
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	return l, gw
}

// A 2026 server gone under a session: the listen stream is reopened five
// times and given up, and the status line said nothing of it, the bar
// "● discovered" and an error count climbing. It says the stream is given
// up, in three rows of 80 columns at most.
func TestLiveListenGivenUpSaysSo(t *testing.T) {
	l, gw := statelessServerGone(t, 10*time.Millisecond)
	l.waitWords("mcpscope stopped reopening it after 5 attempts")
	m := l.quit()
	sl := m.status.msg
	if sl == nil || !strings.Contains(sl.text, "will not arrive") || strings.Contains(sl.text, gw.URL) {
		t.Fatalf("the status line once the listen stream is given up = %+v, want what it costs, without the session's URL", sl)
	}
	if rows := wrapWords(sl.text, 80); len(rows) > 3 {
		t.Errorf("the listen stream given up takes %d rows at 80 columns, want 3 at most: %q", len(rows), sl.text)
	}
}

// While the listen stream of a server gone is reopened, the status line
// says so, attempt by attempt, as the GET stream's tries are said: for the
// half minute they took it said nothing, the bar "● discovered".
func TestLiveListenReopeningsAreSaid(t *testing.T) {
	l, gw := statelessServerGone(t, time.Minute)
	l.waitWords("attempt 1 of 5")
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "reopening in") || strings.Contains(sl.text, gw.URL) {
		t.Fatalf("the status line while the listen stream is reopened = %+v, want the reopening said, without the session's URL", sl)
	}
}

// A 2026 listen stream given up on a server gone leaves the bar saying
// so once the status line's message goes, as the GET stream's does
// ("● stream gone"): it said "● discovered" over a server that had gone.
func TestLiveListenGivenUpOnAServerGoneIsOnTheBar(t *testing.T) {
	l, _ := statelessServerGone(t, 10*time.Millisecond)
	l.waitWords("mcpscope stopped reopening it after 5 attempts")
	m := l.quit()
	if bar := m.status.view(); !strings.Contains(bar, "● "+stateStreamGone) {
		t.Errorf("the status bar once the listen stream is given up on a server gone = %q, want %q", bar, "● "+stateStreamGone)
	}
}
