package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	const tries = 3
	for i := range tries {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/sse", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Accept-Encoding", "br")
		req.Header.Set("User-Agent", fmt.Sprintf("retrying-%d", i))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadGateway {
			t.Fatalf("try %d answered %d, want the proxy's 502", i, resp.StatusCode)
		}
	}
	h.waitFor(fmt.Sprintf("#%d retrying-%d · sse · closed: the proxy refused", tries, tries-1))
	h.stop()
	if !strings.Contains(h.errw.String(), fmt.Sprintf("%d legacy streams were refused", tries)) {
		t.Errorf("the report does not say the refused streams are recorded together:\n%s", h.errw.String())
	}
	if files, _ := filepath.Glob(filepath.Join(h.dir, "*")); len(files) != 1 {
		t.Errorf("%d refused streams left recordings %v, want one", tries, files)
	}
}
