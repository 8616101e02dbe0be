package ui

import (
	"regexp"
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
	// The status comes with the command's answer, the rows with the
	// records, either first: wait until both listen rows were drawn
	// listening, each after its acknowledgement (the second's title is
	// cut: "…/listen all lists 1 uri").
	listening := regexp.MustCompile(`request (\S+) +\S*/listen [^│\n]*● listening`)
	l.waitUntil(func([]byte) bool {
		ids := map[string]bool{}
		for _, m := range listening.FindAllSubmatch(l.seen.Bytes(), -1) {
			ids[string(m[1])] = true
		}
		return len(ids) >= 2
	})
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
		want := "came on the subscriptions/listen stream of request " + listens[i].ID
		if !strings.Contains(text, want) {
			t.Errorf("acknowledgement %d: Detail does not say %q:\n%s", i+1, want, text)
		}
	}
}
