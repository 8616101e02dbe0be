package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// An upstream that refuses every request after initialize (500), and a
// client retrying in a tight loop: the headless lines say the failure at
// most once a second and count the rest when the run ends; the recording
// has each. It was a failure line per request.
func TestProxyHeadlessRateLimitsRepeatedUpstreamFailures(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Method == http.MethodPost && strings.Contains(string(body), `"initialize"`) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Mcp-Session-Id", "s1")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
			return
		}
		http.Error(w, "overloaded", http.StatusInternalServerError)
	}))
	defer up.Close()
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "retrier")
	const tries = 40
	began := time.Now()
	for i := range tries {
		resp := postVia(t, h.run.base, sid, "retrier", `{"jsonrpc":"2.0","id":`+strconv.Itoa(i+2)+`,"method":"tools/list"}`)
		if resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("tools/list through the proxy: %s, want upstream's 500", resp.Status)
		}
	}
	took := time.Since(began)
	h.stop()

	var failed []string
	counted := false
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, " ! ") && strings.Contains(l, "tools/list") {
			failed = append(failed, l)
		}
		if strings.Contains(l, "more like the last") && strings.Contains(l, "(the recording has each)") {
			counted = true
		}
	}
	// One line a second: forty within a second or so make one or two;
	// a machine loaded enough to take longer is allowed one a second more.
	if most := int(took/time.Second) + 2; len(failed) == 0 || len(failed) > most || len(failed) < tries && !counted {
		t.Errorf("%d upstream failures made the lines %q (count said: %v), want one a second and the count of the rest", tries, failed, counted)
	}
	n := 0
	for _, r := range readRecording(t, onlyRecording(t, h.dir)) {
		if r.Kind == mcp.KindError && r.Error != nil && r.Error.ReqSeq != 0 && r.Error.Status == http.StatusInternalServerError {
			n++
		}
	}
	if n != tries {
		t.Errorf("the recording has %d of the %d failures, want each", n, tries)
	}
}
