package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// Requests the proxy refused because it was stopping are counted in the
// report: a client's request lost at the stop was said nowhere.
func TestProxyReportCountsRequestsRefusedAtTheStop(t *testing.T) {
	s := &proxySessions{pf: &proxyFlags{}, errw: &bytes.Buffer{}}
	for range 2 {
		s.refused(proxy.Refusal{Method: http.MethodPost, URI: "/mcp", Status: http.StatusServiceUnavailable,
			Why: "it came as the proxy was stopping", Short: "the proxy was stopping", Reason: proxy.RefusedStopping})
	}
	var out bytes.Buffer
	_ = s.report(&out, 0)
	if want := "2 requests were refused with 503 because the proxy was stopping"; !strings.Contains(out.String(), want) {
		t.Errorf("the report lacks %q:\n%s", want, out.String())
	}
	if strings.Contains(out.String(), "max-event-size") || strings.Contains(out.String(), "max-sessions") {
		t.Errorf("the report advises a setting for requests refused at the stop:\n%s", out.String())
	}
}
