package ui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
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

// The status line is the server's: a reason phrase of its own holding ": "
// lost its words after the colon, "(its body: in Negotiation)" standing
// in for a body there was none of, and with a body the message was cut
// inside the reason phrase rather than where the body's quote begins.
func TestLiveCouldNotConnectKeepsAReasonPhraseWithAColon(t *testing.T) {
	for _, tc := range []struct {
		name, body, want, not string
	}{
		{"no body", "", "answered 500 Error: db down — ", "its body"},
		{"a body", "pq: connection refused", "answered 500 Error: db down (its body: in Negotiation) — ", "pq:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			failing := reasonFailing(t, "500 Error: db down", tc.body)
			l := startLiveReady(t, mcp.Config{URL: failing.URL + "/mcp"}, 160, 45, "● failed")
			l.waitFor("could not connect")
			m := l.quit()
			rows, at := couldNotConnectAt(t, ansi.Strip(m.View()))
			msg := strings.Join(strings.Fields(strings.Join(rows[at:len(rows)-1], " ")), " ")
			if !strings.Contains(msg, tc.want) || strings.Contains(msg, tc.not) {
				t.Errorf("the message should say the status as sent (%q), without %q: %q", tc.want, tc.not, msg)
			}
		})
	}
}

// reasonFailing is a server answering every request with status, a status
// line of its own (net/http writes only its reason phrases), and body.
func reasonFailing(t *testing.T, status, body string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		fmt.Fprintf(buf, "HTTP/1.1 %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", status, len(body), body)
		buf.Flush()
	}))
	t.Cleanup(srv.Close)
	return srv
}
