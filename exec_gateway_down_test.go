package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A gateway or proxy whose upstream is down answers every probe 502 (503,
// 504): the advice is the gateway's, and not to skip detection with
// --transport, as for a server that crashes on server/discover alone; the
// next probe would meet the same 502.
func TestGatewayDownIsNotAdvisedToSkipDetection(t *testing.T) {
	stateDir(t)
	for _, status := range []int{http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout} {
		down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "upstream unreachable", status)
		}))
		_, errOut, code := run(t, "exec", "--no-record", down.URL, "ping")
		down.Close()
		if code != exitConnect || !strings.Contains(errOut, "hint: ") {
			t.Errorf("%d: exit %d, stderr %q, want exit %d with a hint", status, code, errOut, exitConnect)
		}
		if strings.Contains(errOut, "--transport") {
			t.Errorf("%d: stderr %q advises skipping detection", status, errOut)
		}
	}
}
