package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A pending call open in Detail jumps to its Response when the answer
// comes, unless the reader scrolled its lines meanwhile: the jump took
// their place from them. Scrolled, they keep reading where they were (the
// waiting line above them gone); not scrolled, the answer is shown.
func TestLiveDetailKeepsAScrolledReadersPlace(t *testing.T) {
	for _, scrolled := range []bool{false, true} {
		srv, release := heldOn(t, "tools/call")
		l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
		l.command("tools/call echo text=" + strings.Repeat("word", 80)) // 320 columns of text: lines to scroll at 80x24
		l.waitRowPending("tools/call echo")
		l.mark()
		l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
		l.waitFor("waiting for the POST's answer")
		if scrolled {
			for range 4 {
				l.tm.Send(tea.KeyMsg{Type: tea.KeyDown})
			}
			l.waitFor("Detail · 5/")
		}
		l.mark()
		close(release)
		l.waitFor("tools/call echo: ok")
		// The status comes with the command's answer, the Response with
		// the answer's records, either first: the event that carried it
		// counts in the tab row, drawn again only for it.
		l.waitFor("Raw events ")
		m := l.quit()
		offset, resp := m.detail.scroll.offset, m.detail.respLine
		switch {
		case resp <= 0:
			t.Fatalf("scrolled %v: the answer has no Response section (respLine %d)", scrolled, resp)
		case scrolled && !strings.HasPrefix(ansi.Strip(m.detail.lines()[offset]), "POST http://"):
			// Scrolled 4 rows: the heading, the waiting line (the timing
			// line now), a blank and the Request's heading are above.
			t.Errorf("a scrolled reader was moved to line %d, %q (the Response is at %d), want their place on the request's POST line kept",
				offset, ansi.Strip(m.detail.lines()[offset]), resp)
		case !scrolled && offset != resp:
			t.Errorf("a reader who did not scroll is at line %d, want the Response at %d", offset, resp)
		}
	}
}
