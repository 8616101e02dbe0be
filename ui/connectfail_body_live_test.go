package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server failing with an HTML page: "could not connect" quoted the page
// after the status, four of the message's lines at 100 columns, over the
// advice, with Negotiation above showing the same page. The message says
// the status and points at Negotiation, which still holds the body whole.
func TestLiveCouldNotConnectLeavesTheBodyToNegotiation(t *testing.T) {
	const page = "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"
	failing := htmlFailing(t, page)
	for _, size := range [][2]int{{100, 30}, {160, 45}} {
		l := startLiveReady(t, mcp.Config{URL: failing.URL + "/mcp"}, size[0], size[1], "● failed")
		l.waitFor("could not connect")
		m := l.quit()
		v := ansi.Strip(m.View())
		rows, at := couldNotConnectAt(t, v)
		msg := strings.Join(strings.Fields(strings.Join(rows[at:len(rows)-1], " ")), " ")
		if strings.Contains(msg, "<html") || !strings.Contains(msg, "answered 500 Internal Server Error (its body: in Negotiation) — the server failed") {
			t.Errorf("%dx%d: the message should name the status and point at Negotiation, not quote the page: %q", size[0], size[1], msg)
		}
		if pane := strings.Join(strings.Fields(strings.Join(rows[:at], " ")), " "); !strings.Contains(strings.ReplaceAll(pane, "│ │", ""), "Bad Gateway") {
			t.Errorf("%dx%d: Negotiation lost the page's words:\n%s", size[0], size[1], v)
		}
	}
}

// couldNotConnectAt is the screen v's rows and the row where "could not
// connect" begins: the message runs from it to the status bar.
func couldNotConnectAt(t *testing.T, v string) ([]string, int) {
	t.Helper()
	rows := strings.Split(v, "\n")
	for i := len(rows) - 1; i >= 0; i-- {
		if strings.HasPrefix(rows[i], "could not connect") {
			return rows, i
		}
	}
	t.Fatalf("no \"could not connect\" row:\n%s", v)
	return nil, 0
}
