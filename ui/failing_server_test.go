package ui

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// htmlFailing is a server that answers every request 500 with the HTML
// page, as a crashed app behind a web framework does: the broken server
// users meet most.
func htmlFailing(t *testing.T, page string) *httptest.Server {
	t.Helper()
	return htmlFailingWith(t, http.StatusInternalServerError, page)
}

// htmlFailingWith is htmlFailing answering status instead, as a gateway
// whose upstream is gone answers 502 with its own page.
func htmlFailingWith(t *testing.T, status int, page string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(status)
		w.Write([]byte(page))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// liveBadGatewayAt is the TUI at w x h failed to connect to a gateway
// whose upstream is gone (502 with its HTML page), on the legacy path.
func liveBadGatewayAt(t *testing.T, w, h int) *live {
	t.Helper()
	badGateway := htmlFailingWith(t, http.StatusBadGateway, "<html><body><h1>502 Bad Gateway</h1></body></html>")
	return liveFailedAt(t, mcp.Config{URL: badGateway.URL + "/sse"}, w, h)
}
