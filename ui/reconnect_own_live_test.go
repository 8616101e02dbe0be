package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call the legacy stream's break failed was recorded while mcpscope
// reconnected on its own, and its Detail said so; once the reconnects gave
// up (the status line then says press r), the Detail said it still, and
// the user read two answers to what to do. What it says follows the
// reconnects' end.
func TestLiveFailedCallDetailSaysPressROnceTheReconnectsGaveUp(t *testing.T) {
	l := slowCallOnBrokenLegacyStream(t)
	l.waitFor("mcpscope stopped reconnecting on its own after 5 attempts")
	text := failedCallFailure(t, l.quit()) // the status line says the reconnects' end too
	if strings.Contains(text, "reconnecting on its own") {
		t.Errorf("the failed call's Detail still says mcpscope reconnects on its own after it gave up:\n%s", text)
	}
	if !strings.Contains(text, "press r to reconnect") {
		t.Errorf("the failed call's Detail does not say to press r once the reconnects gave up:\n%s", text)
	}
}

// A legacy server that ends its stream cleanly (no error): the first
// reconnect comes ReconnectDelay later, and until then the bar said
// "● closed" and the status line nothing. The close says from the start
// that mcpscope reconnects on its own.
func TestLiveCleanLegacyEndReadsReconnectingFromTheClose(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{CloseAfterEndpoint: true})
	// The first attempt is a minute away: what the screen says comes
	// from the close itself.
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Minute})
	l.waitFor("the server closed the stream: reconnecting on its own…")
	l.waitFor("◌ reconnecting")
	if seen := l.seen.Bytes(); bytes.Contains(seen, []byte("● closed")) {
		t.Errorf("the bar said closed before mcpscope's first reconnect of its own:\n%s", seen)
	}
	l.quit()
}

// Once the reconnects of its own gave up, the keys row names r first, as
// it does when no transport could be opened: the status line's "press r
// to reconnect" goes after a few seconds, and the row then read
// ": command line · c call a tool", keys that only answer "not connected".
func TestLiveKeysRowNamesReconnectOnceTheReconnectsGaveUp(t *testing.T) {
	l := slowCallOnBrokenLegacyStream(t)
	l.waitFor("mcpscope stopped reconnecting on its own after 5 attempts")
	l.waitUntil(func(seen []byte) bool {
		return strings.Contains(ansi.Strip(string(seen)), "r reconnect · : command line")
	})
	l.quit()
}
