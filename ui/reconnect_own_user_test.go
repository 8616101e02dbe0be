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
	// The gateway is gone: the user's reconnect fails, and says so.
	l.waitFor("reconnect failed:")
	text := failedCallFailure(t, l.quit())
	if strings.Contains(text, "is reconnecting on its own") {
		t.Errorf("the failed call's Detail still says mcpscope is reconnecting on its own after the user reconnected:\n%s", text)
	}
	if !strings.Contains(text, "you reconnected meanwhile") {
		t.Errorf("the failed call's Detail does not say the user's reconnect ended the reconnects of its own:\n%s", text)
	}
}
