package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// At 100x30 a failed negotiation has the screen's width while Detail has
// nothing to show: the detection's words and the probe read on one row
// each, where they wrapped in half the width beside an empty Detail.
// Tabbing on to Detail gives it its half back.
func TestLiveFailedNegotiationTakesTheWidthBesideAnEmptyDetail(t *testing.T) {
	failing := htmlFailing(t, "<html><body><h1>Internal Server Error</h1></body></html>")
	l := liveFailedAt(t, mcp.Config{URL: failing.URL + "/mcp"}, 100, 30)
	m := l.quit()
	v := ansi.Strip(m.View())
	checkFrame(t, m.View(), 100, 30)
	if strings.Contains(v, "Detail") || strings.Contains(v, "select a pair or an event") {
		t.Errorf("an empty Detail pane takes half the screen beside the failed negotiation:\n%s", v)
	}
	if rows := strings.Split(v, "\n"); len(rows) < 2 || !strings.HasPrefix(rows[1], "╭─ Negotiation · failed") || !strings.HasSuffix(rows[1], "╮") {
		t.Errorf("the Negotiation pane is not across the 100 columns:\n%s", v)
	}
	for _, want := range []string{
		"no transport worked: the probe below found none; detection stopped at its failure, so",
		"POST server/discover " + failing.URL + "/mcp → 500 · text/html",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the negotiation lacks %q on one row:\n%s", want, v)
		}
	}
}

// Focused (shift+tab from Negotiation), an empty Detail takes its half
// back beside the failed negotiation, to say what it shows and be scrolled.
func TestLiveFocusedDetailTakesItsHalfBack(t *testing.T) {
	failing := htmlFailing(t, "<html><body><h1>Internal Server Error</h1></body></html>")
	l := liveFailedAt(t, mcp.Config{URL: failing.URL + "/mcp"}, 100, 30)
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.waitFor("select a pair or an event")
	m := l.quit()
	v := ansi.Strip(m.View())
	checkFrame(t, m.View(), 100, 30)
	if m.focus != paneDetail || !strings.Contains(v, "╭─ Negotiation · failed") || !strings.Contains(v, "╭─ Detail") {
		t.Errorf("focused, Detail did not take its half back beside Negotiation:\n%s", v)
	}
}

// At 160x45 too a failed negotiation takes the empty Detail's room: it
// goes across the top, Events and Pairs side by side under it, where it
// kept two fifths of the width beside a Detail with nothing to show.
func TestLiveFailedNegotiationTakesTheTopAt160(t *testing.T) {
	failing := htmlFailing(t, "<html><body><h1>Internal Server Error</h1></body></html>")
	l := liveFailedAt(t, mcp.Config{URL: failing.URL + "/mcp"}, 160, 45)
	m := l.quit()
	v := ansi.Strip(m.View())
	checkFrame(t, m.View(), 160, 45)
	if strings.Contains(v, "Detail") || strings.Contains(v, "select a pair or an event") {
		t.Errorf("an empty Detail pane is drawn beside the failed negotiation:\n%s", v)
	}
	rows := strings.Split(v, "\n")
	if !strings.HasPrefix(rows[0], "╭─ Negotiation · failed") || !strings.HasSuffix(rows[0], "╮") || strings.Count(rows[0], "╮") != 1 {
		t.Errorf("the Negotiation pane is not across the 160 columns:\n%s", v)
	}
	if !strings.Contains(v, "╭─ Raw events") || !strings.Contains(v, "╭─ Pairs") {
		t.Errorf("Events and Pairs are not under it:\n%s", v)
	}
	if want := "POST server/discover " + failing.URL + "/mcp → 500 · text/html"; !strings.Contains(v, want) {
		t.Errorf("the negotiation lacks %q on one row:\n%s", want, v)
	}
}
