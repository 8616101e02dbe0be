package ui

import (
	"runtime"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// barBytes is how many bytes one clients bar of m allocates, the least of
// a few.
func barBytes(m *Model, end string) uint64 {
	least := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		_ = m.clientsBar(end)
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// A bar four times as wide, showing four times the tabs around the shown
// one, costs about four times as much: measuring the whole line again for
// every tab tried cost the square of the tabs shown, sixteen times.
func TestClientsBarCostsWhatItShows(t *testing.T) {
	const clients = 4000
	narrow, wide := manyClients(clients, 1000), manyClients(clients, 4000)
	for _, m := range []*Model{narrow, wide} {
		bar := ansi.Strip(m.clientsBar(""))
		if !strings.Contains(bar, " 2001 of 4000") || !strings.Contains(bar, "…") {
			t.Fatalf("the bar of %d clients on %d columns does not say where the shown one is: %.200q", clients, m.width, bar)
		}
		if w := ansi.StringWidth(bar); w > m.width {
			t.Fatalf("the bar is %d columns wide on %d", w, m.width)
		}
	}
	small, big := barBytes(narrow, ""), barBytes(wide, "")
	if big > 8*small {
		t.Errorf("the bar allocates %d bytes on 4000 columns, %d on 1000: its cost grows with the square of the tabs it shows", big, small)
	}
}
