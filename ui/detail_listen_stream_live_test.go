package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// Subscribing on 2026-07-28 opens a second listen stream: Detail of a
// notification says which of them it came on, by its request's id, where
// both read "the subscriptions/listen stream".
func TestLiveDetailNamesTheListenStream(t *testing.T) {
	l := startDemoListening(t)
	l.command("subscribe demo://clock")
	l.waitFor("the listen stream now carries its updates")
	m := l.quit()
	var listens []*history.Pair
	var acks []*history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		switch p := m.com.log.Pair(i); p.Method {
		case "subscriptions/listen":
			listens = append(listens, p)
		case "notifications/subscriptions/acknowledged":
			acks = append(acks, p)
		}
	}
	if len(listens) != 2 || len(acks) != 2 {
		t.Fatalf("%d listen rows and %d acknowledgements, want 2 of each", len(listens), len(acks))
	}
	for i, ack := range acks {
		text := pairDetail(m, ack)
		want := "came on   the subscriptions/listen stream of request " + listens[i].ID
		if !strings.Contains(text, want) {
			t.Errorf("acknowledgement %d: Detail does not say %q:\n%s", i+1, want, text)
		}
	}
}
