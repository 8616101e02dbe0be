package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server that takes the connection and never answers failed all three
// probes alike, and the status line walked them, "POST server/discover:
// no answer in time; POST initialize: no answer in time; GET: no answer
// in time", four rows of 80 columns before what to do. The verdict is
// said once: at 80 columns with the probes counted (Negotiation above
// names them), three rows; at 160 with them named. Negotiation's problem
// says them once too, over the probe lines that each name the URL.
func TestLiveSilentServerSaysItsProbesOnce(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // before Close, which waits for the handlers
	for _, tc := range []struct {
		w, h, rows int
		want       string
	}{
		{80, 24, 3, "no answer in time to any of 3 probes — "},
		{160, 45, 2, "POST server/discover, POST initialize and GET: no answer in time — "},
	} {
		l := liveFailedAt(t, mcp.Config{URL: srv.URL + "/mcp", EndpointTimeout: 200 * time.Millisecond}, tc.w, tc.h)
		v := ansi.Strip(l.quit().View())
		rows, at := couldNotConnectAt(t, v)
		msg := rows[at : len(rows)-1]
		text := strings.Join(strings.Fields(strings.Join(msg, " ")), " ")
		if !strings.Contains(text, tc.want) || strings.Count(text, "no answer in time") != 1 || !strings.HasSuffix(text, "--endpoint-timeout") {
			t.Errorf("%dx%d: the message does not say the probes' verdict once, then what to do: %q", tc.w, tc.h, text)
		}
		if strings.Contains(v, "no answer in time;") {
			t.Errorf("%dx%d: Negotiation walks the probes alike one by one:\n%s", tc.w, tc.h, v)
		}
		if len(msg) > tc.rows {
			t.Errorf("%dx%d: the message takes %d rows, want %d at most:\n%s", tc.w, tc.h, len(msg), tc.rows, v)
		}
	}
}
