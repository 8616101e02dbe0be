package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A legacy client whose stream a gateway that is down refuses (502), and
// which retries, is a legacy session that ended with the refusal each
// time: the lines say sse and why, and the tries share one recording that
// the sessions listing calls legacy streams upstream refused. It was
// filed as a streamable client's GET before its initialize.
func TestRefusedLegacyStreamsAreLegacyAndShareOneRecording(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad gateway", http.StatusBadGateway)
	}))
	defer up.Close()
	h := startHeadless(t, up.URL+"/sse", proxyFlags{})
	const tries = 3
	retryLegacyStream(t, h, tries, "")
	h.waitFor(fmt.Sprintf("#%d retrying-%d · sse · closed: the legacy stream was refused: upstream answered 502 Bad Gateway", tries, tries-1))
	h.stop()
	if !strings.Contains(h.errw.String(), fmt.Sprintf("%d legacy streams were refused (by upstream", tries)) {
		t.Errorf("the report does not say the refused streams are recorded together:\n%s", h.errw.String())
	}
	if lines := h.errw.String(); strings.Contains(lines, "streamable") || strings.Contains(lines, "initialize") {
		t.Errorf("a refused legacy stream is told of as a streamable GET before initialize:\n%s", lines)
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*"))
	if len(files) != 1 {
		t.Fatalf("%d refused streams left recordings %v, want one", tries, files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := range tries {
		if !strings.Contains(string(b), fmt.Sprintf("retrying-%d", i)) {
			t.Errorf("the recording has nothing of try %d", i)
		}
	}
	out, _, code := run(t, "sessions", h.dir)
	if code != exitOK || !strings.Contains(out, fmt.Sprintf("(%d legacy streams refused)", tries)) {
		t.Errorf("sessions (exit %d) does not call the recording what it holds:\n%s", code, out)
	}
}

// A legacy client's stream to an upstream that is not there is a legacy
// session that could not open, folded with the other sessions upstream
// never answered.
func TestUnreachableLegacyStreamIsALegacySessionUpstreamNeverAnswered(t *testing.T) {
	up := httptest.NewServer(http.NotFoundHandler())
	up.Close()
	h := startHeadless(t, up.URL+"/sse", proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 2 {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/sse", nil)
		req.Header.Set("Accept", "text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadGateway {
			t.Fatalf("answered %d, want the proxy's 502", resp.StatusCode)
		}
	}
	h.waitFor("#2 Go-http-client 1.1 · sse · closed: the legacy stream could not open: upstream could not be reached")
	h.stop()
	if out := h.errw.String(); !strings.Contains(out, "2 sessions ended with nothing answered by upstream") || strings.Contains(out, "streamable") {
		t.Errorf("the unreachable legacy streams are not told of as legacy sessions upstream never answered:\n%s", out)
	}
}

// retryLegacyStream opens a legacy client's stream through the proxy h
// tries times, each as "retrying-N" (and with Accept-Encoding encoding,
// when not ""), and fails t unless each is answered 502.
func retryLegacyStream(t *testing.T, h *headless, tries int, encoding string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := range tries {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/sse", nil)
		req.Header.Set("Accept", "text/event-stream")
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		req.Header.Set("User-Agent", fmt.Sprintf("retrying-%d", i))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadGateway {
			t.Fatalf("try %d answered %d, want 502", i, resp.StatusCode)
		}
	}
}
