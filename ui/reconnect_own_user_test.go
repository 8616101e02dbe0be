package ui

import (
	"strings"
	"testing"
)

// A call the legacy stream's break failed said in its Detail that
// mcpscope is reconnecting on its own; once the user pressed r meanwhile,
// which ends those reconnects, it said so still. It follows the user's
// reconnect, as it follows a give-up.
func TestLiveFailedCallDetailFollowsTheUsersReconnect(t *testing.T) {
	l := reconnectingOnItsOwnAMinuteAway(t)
	l.tm.Type("r")
	// The gateway is gone: the user's reconnect fails. Its error is the
	// third the bar counts (after the stream's break and the call's), from
	// the records Detail's words come from. r's own "reconnect failed:"
	// comes with its answer, before or after them, and the records' own
	// status can replace it before a frame shows it.
	l.waitFor("· 3 err ·")
	text := failedCallFailure(t, l.quit())
	if strings.Contains(text, "is reconnecting on its own") {
		t.Errorf("the failed call's Detail still says mcpscope is reconnecting on its own after the user reconnected:\n%s", text)
	}
	if !strings.Contains(text, "you reconnected meanwhile") {
		t.Errorf("the failed call's Detail does not say the user's reconnect ended the reconnects of its own:\n%s", text)
	}
}
