package ui

import (
	"strings"
	"testing"
)

// r opens a new session, which holds no subscription: the updates of
// demo://clock stopped with nothing said, the status read only
// "reconnected: a new session". It names the subscriptions that ended.
func TestLiveReconnectSaysTheSubscriptionsEnded(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.command("subscribe demo://clock")
	// The status and the row: the subscriptions r names are read from
	// the records, which can come after the status.
	l.waitOK("resources/subscribe")
	l.mark()
	l.tm.Type("r")
	l.waitFor("reconnected: a new session")
	l.waitText("the old session's subscriptions ended with it (demo://clock): subscribe again for their updates")
	l.quit()
}

// Without a subscription the reconnect says nothing of them.
func TestLiveReconnectWithoutSubscriptionsSaysNoneEnded(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.mark()
	l.tm.Type("r")
	l.waitFor("reconnected: a new session, opened with initialize")
	m := l.quit()
	if msg := m.status.msg; msg != nil && strings.Contains(msg.text, "subscriptions") {
		t.Errorf("a reconnect with no subscription says %q", msg.text)
	}
}
