package main

import (
	"net/http"
	"strings"
	"testing"
)

// The proxy names its upstream on stderr (when it starts and stops), which
// a --headless run in CI writes to a log: a password in the upstream URL is
// masked there, and still goes upstream as the URL's basic auth.
func TestProxyHeadlessMasksUpstreamPassword(t *testing.T) {
	const password = "SECRET-pw-9f3a"
	upstream, gotAuth := initUpstream(t, func(r *http.Request) string { return r.Header.Get("Authorization") })
	h := initializeThroughProxy(t, strings.Replace(upstream, "http://", "http://ann:"+password+"@", 1), "/mcp")

	out := h.errw.String()
	if strings.Contains(out, password) {
		t.Errorf("stderr shows the upstream's password:\n%s", out)
	}
	if !strings.Contains(out, "mcpscope proxy to http://ann:xxxxx@") {
		t.Errorf("stderr does not name the upstream with its password masked:\n%s", out)
	}
	want := (&http.Request{Header: http.Header{}})
	want.SetBasicAuth("ann", password)
	if got := gotAuth(); len(got) == 0 || got[0] != want.Header.Get("Authorization") {
		t.Errorf("upstream got Authorization %q, want the URL's basic auth %q", got, want.Header.Get("Authorization"))
	}
}
