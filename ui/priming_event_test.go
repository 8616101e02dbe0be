package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A priming event (an id, no data: a 2025-11-25 server opens each stream
// with one) read "(no data)" on every answer, as if the server slipped
// each time. Raw events calls it priming, and Detail says what it is for;
// its size is never split over two rows ("49" above "B").
func TestAPrimingEventSaysWhatItIsFor(t *testing.T) {
	s := statelessRecords()
	id := "0b5c8a52-6c7c-4f5e-9a3e-6c7cda1d00ba_0"
	s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Stream: mcp.StreamResponse, ReqSeq: s.slow, ID: id, HasID: true,
		Raw: mcp.Raw("id: " + id + "\ndata: \n\n")}})
	split := regexp.MustCompile(`[0-9.]+\s*[│|]?\s*$`)
	for w := 60; w <= 100; w++ {
		m := newTestModel(t, w, 30, newFakeBackend(), s.recs)
		m.setFocus(paneEvents)
		if w == 80 && row(ansi.Strip(m.View()), "resp 8", "(priming, no data)") == "" {
			t.Errorf("at %dx30 no event row calls the priming event so:\n%s", w, ansi.Strip(m.View()))
		}
		press(m, "end")
		press(m, "enter")
		view := detailColumn(ansi.Strip(m.View()))
		// Read as one text: the words wrap.
		text := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
		if !strings.Contains(text, "primes the stream, so that a client whose stream breaks can reconnect with Last-Event-ID") {
			t.Errorf("at %dx30 Detail does not say what the priming event is for:\n%s", w, view)
		}
		lines := strings.Split(view, "\n")
		for i, l := range lines[:len(lines)-1] {
			next := strings.TrimLeft(lines[i+1], "│ ")
			if strings.HasPrefix(next, "B ·") && split.MatchString(strings.TrimRight(l, "│ ")) {
				t.Errorf("at %dx30 Detail splits the event's size over two rows:\n%s\n%s", w, l, lines[i+1])
			}
		}
	}
}

// detailColumn is the columns of view from where Detail's box begins: a
// wide terminal shows a pane beside it.
func detailColumn(view string) string {
	lines := strings.Split(view, "\n")
	col := 0
	for _, l := range lines {
		if at := strings.Index(l, "╭─ Detail"); at >= 0 {
			col = ansi.StringWidth(l[:at])
			break
		}
	}
	for i, l := range lines {
		lines[i] = ansi.Cut(l, col, ansi.StringWidth(l))
	}
	return strings.Join(lines, "\n")
}
