package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A legacy stream the proxy refused (in an encoding it cannot decode, so
// it cannot rewrite its endpoint events) was said whole twice: on the
// failure's line and again, word for word, on the session's closing line
// below it. The closing line says the session ended with the refusal, the
// refusal said once.
func TestProxyHeadlessSaysARefusedStreamOnce(t *testing.T) {
	stateDir(t)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Content-Encoding", "br")
		_, _ = io.WriteString(w, "not brotli at all")
	}))
	defer up.Close()
	h := startHeadless(t, up.URL+"/sse", proxyFlags{})
	req, _ := http.NewRequest(http.MethodGet, h.run.base+"/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Accept-Encoding", "br")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("the client got %s, want 502", resp.Status)
	}
	h.waitFor("· closed:")
	h.stop()
	out := h.errw.String()
	const why = `which the proxy cannot decode`
	if n := strings.Count(out, why); n != 1 {
		t.Errorf("the refusal is said %d times, want once:\n%s", n, out)
	}
	if !strings.Contains(out, "· closed: the proxy refused the client's event stream") {
		t.Errorf("the session's end does not say the proxy refused its stream:\n%s", out)
	}
}
