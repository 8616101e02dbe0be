package proxy

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// A redirect to the upstream's own origin whose path begins "//" comes back
// through the proxy as that path, not as "//host/...", which every client
// (Go's too) follows to another host, resending a 307's body there.
func TestRedirectToDoubleSlashPathStaysOnTheProxy(t *testing.T) {
	var upURL string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/mcp" {
			http.Redirect(w, r, upURL+"//elsewhere.test/mcp", http.StatusTemporaryRedirect)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(up.Close)
	upURL = up.URL
	_, base, _ := startProxy(t, up.URL, Config{})
	req, _ := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	req.Header.Set("Content-Type", "application/json")
	// Not followed: followed, the old Location sent the test to DNS.
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp.Body)
	resp.Body.Close()
	loc, err := resp.Location()
	if err != nil {
		t.Fatalf("the client got %s with no usable Location: %v", resp.Status, err)
	}
	b, _ := url.Parse(base)
	if loc.Host != b.Host || loc.Path != "//elsewhere.test/mcp" {
		t.Errorf("the client is redirected to %s (Location %q), want path //elsewhere.test/mcp on the proxy", loc, resp.Header.Get("Location"))
	}
}
