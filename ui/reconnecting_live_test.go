package ui

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// slowCallOnBrokenLegacyStream starts a call to the demo's slow tool over
// the legacy /sse transport at 80x24, marks, then closes the gateway with
// the call pending: mcpscope reconnects on its own from there. It is the
// set-up of the tests of what the screen says while it does.
func slowCallOnBrokenLegacyStream(t *testing.T) *live {
	t.Helper()
	return slowCallOnLegacyStreamBrokenWith(t, 20*time.Millisecond)
}

// slowCallOnLegacyStreamBrokenWith is slowCallOnBrokenLegacyStream with
// delay before each reconnect of its own.
func slowCallOnLegacyStreamBrokenWith(t *testing.T, delay time.Duration) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: delay}, 80, 24, "● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.command("tools/call slow seconds=20")
	l.waitRowPending("tools/call slow")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	return l
}

// reconnectingOnItsOwnAMinuteAway is slowCallOnLegacyStreamBrokenWith a
// minute before each reconnect of its own, marked once the status line
// says they are under way: what the user does next comes while mcpscope
// reconnects on its own, before any attempt ran.
func reconnectingOnItsOwnAMinuteAway(t *testing.T) *live {
	t.Helper()
	l := slowCallOnLegacyStreamBrokenWith(t, time.Minute)
	l.waitFor("reconnecting on its own")
	l.mark()
	return l
}

// failedCallFailure opens the failed tools/call slow's Detail in m and
// returns its Failure section as one text (the pane wraps between words).
func failedCallFailure(t *testing.T, m *Model) string {
	t.Helper()
	press(m, "enter")
	view := ansi.Strip(m.View())
	text := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
	from, to := strings.Index(text, "── Failure"), strings.Index(text, "── Request")
	if !strings.Contains(text, "tools/call slow") || from < 0 || to < from {
		t.Fatalf("Enter did not open the failed call's Detail:\n%s", view)
	}
	return text[from:to]
}

// A legacy stream that breaks with a call pending: mcpscope reconnects on
// its own, so neither the failed call nor the status line says "press r"
// while it does; the status line counts the attempts, and says "press r"
// once the last of them failed.
func TestLiveLegacyBreakSaysReconnectingThenPressROnceItGaveUp(t *testing.T) {
	l := slowCallOnBrokenLegacyStream(t)
	l.waitFor("mcpscope stopped reconnecting on its own after 5 attempts")
	l.waitWords("press r to reconnect")
	seen := l.seen.Bytes()[l.from:]
	gaveUp := bytes.Index(seen, []byte("stopped reconnecting"))
	if bytes.Contains(seen[:gaveUp], []byte("press r")) {
		t.Errorf("the screen said press r while mcpscope was reconnecting on its own:\n%s", seen[:gaveUp])
	}
	if !regexp.MustCompile(`reconnecting on its own, attempt \d of 5`).Match(seen[:gaveUp]) {
		t.Errorf("the status line never counted the attempts of mcpscope's reconnects of its own:\n%s", seen[:gaveUp])
	}
	l.quit()
}

// A request sent while mcpscope reconnects on its own is not sent, and the
// status line says so: it said "not connected: the stream has no endpoint
// — press r to reconnect" while the bar read "◌ reconnecting" and the
// reconnect was under way.
func TestLiveSendWhileReconnectingSaysSo(t *testing.T) {
	l := reconnectingOnItsOwnAMinuteAway(t)
	l.tm.Type("l")
	l.waitFor("tools/list: not sent, the stream is reconnecting")
	if seen := l.seen.Bytes()[l.from:]; bytes.Contains(seen, []byte("press r")) {
		t.Errorf("l while reconnecting said press r:\n%s", seen)
	}
	l.quit()
}
