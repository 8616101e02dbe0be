package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// A legacy client retrying a stream upstream answers in an encoding the
// proxy cannot decode (br, which Node's fetch asks for), refused 502 each
// time: the tries share one recording, as streams upstream refused do.
// Each was a session of its own, unfolded, with a recording per try.
func TestUnreadLegacyStreamsShareOneRecording(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Content-Encoding", "br")
		_, _ = w.Write([]byte("not brotli at all"))
	}))
	defer up.Close()
	h := startHeadless(t, up.URL+"/sse", proxyFlags{})
	const tries = 3
	retryLegacyStream(t, h, tries, "br")
	h.waitFor(fmt.Sprintf("#%d retrying-%d · sse · closed: the proxy refused", tries, tries-1))
	h.stop()
	if !strings.Contains(h.errw.String(), fmt.Sprintf("%d legacy streams were refused", tries)) {
		t.Errorf("the report does not say the refused streams are recorded together:\n%s", h.errw.String())
	}
	if files, _ := filepath.Glob(filepath.Join(h.dir, "*")); len(files) != 1 {
		t.Errorf("%d refused streams left recordings %v, want one", tries, files)
	}
}
