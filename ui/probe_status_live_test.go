package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server that answers every probe 500 with an HTML page: the probe row in
// Pairs says the status, as a refused POST's row does, not only "probe";
// one that answers 404 (not this transport) says its status quietly.
func TestLiveProbeRowSaysItsStatus(t *testing.T) {
	for _, tc := range []struct {
		status int
		want   string
	}{{500, "✗ probe 500"}, {404, "· probe 404"}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(tc.status)
			_, _ = w.Write([]byte("<html><body><h1>no</h1></body></html>"))
		}))
		t.Cleanup(srv.Close)
		l := startLive(t, mcp.Config{URL: srv.URL + "/mcp"})
		l.waitFor(tc.want)
		m := l.quit()
		if view := m.View(); strings.Contains(view, "· probe  ") {
			t.Errorf("a probe answered %d still reads \"· probe\" without its status:\n%s", tc.status, view)
		}
	}
}
