package ui

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// r after a detection that found no transport starts it again; when the
// new try fails too, the Negotiation pane lists what it met, not the last
// try's failure beside it as if this try had met both.
func TestLiveFailedTryAgainShowsItsOwnProblems(t *testing.T) {
	var tries atomic.Int32
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		if tries.Load() == 0 {
			http.Error(w, "first try: bad gateway", http.StatusBadGateway)
			return
		}
		http.Error(w, "second try: unavailable", http.StatusServiceUnavailable)
	})
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp", EndpointTimeout: time.Minute})
	l.waitFor("● failed")
	tries.Store(1)
	l.mark()
	l.tm.Type("r")
	// The status line's 503 reaches Update apart from the records the
	// Negotiation pane draws: the pane's own line for the second probe
	// says its records came.
	l.waitText("POST server/discover " + srv.URL + "/mcp → 503")
	l.waitFor("● failed")
	m := l.quit()
	// The Negotiation pane is above the others (Pairs keeps both tries).
	neg, _, _ := strings.Cut(m.View(), "╭─ Raw events")
	if strings.Contains(neg, "502") || !strings.Contains(neg, "503") {
		t.Errorf("after the second try failed with 503, the Negotiation pane still lists the first try's 502:\n%s", neg)
	}
}
