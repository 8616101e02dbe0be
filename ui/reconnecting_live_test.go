package ui

import (
	"bytes"
	"regexp"
	"testing"
	"time"

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
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond}, 80, 24, "● open")
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

// A legacy stream that breaks with a call pending: mcpscope reconnects on
// its own, so neither the failed call nor the status line says "press r"
// while it does; the status line counts the attempts, and says "press r"
// once the last of them failed.
func TestLiveLegacyBreakSaysReconnectingThenPressROnceItGaveUp(t *testing.T) {
	l := slowCallOnBrokenLegacyStream(t)
	l.waitFor("mcpscope stopped reconnecting on its own after 5 attempts")
	l.waitFor("press r to reconnect")
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
