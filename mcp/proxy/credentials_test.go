package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// headerLog is an upstream that keeps the headers of every request and
// answers as answer says.
type headerLog struct {
	mu   sync.Mutex
	seen []http.Header
}

func (h *headerLog) server(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.seen = append(h.seen, r.Header.Clone())
		h.mu.Unlock()
		answer(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func (h *headerLog) all() []http.Header {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]http.Header(nil), h.seen...)
}

func jsonOK(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
}

// The user's --bearer and -H fill in for a client that sent none; a
// client's own Authorization goes upstream untouched; the proxy asks for no
// compression; and the client's credential is known to the recording.
func TestCredentialsFillInAndPassThrough(t *testing.T) {
	var up headerLog
	ts := up.server(t, jsonOK)
	_, base, w := startProxy(t, ts.URL, Config{Bearer: "user-token", Header: http.Header{"X-Team": {"blue"}}})
	msg := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	readAll(t, rawPost(t, base+"/mcp", msg, "Accept-Encoding", "gzip").Body)
	readAll(t, rawPost(t, base+"/mcp", msg, "Authorization", "Bearer client-token", "X-Team", "red", "User-Agent", "other").Body)
	seen := up.all()
	if len(seen) != 2 {
		t.Fatalf("upstream saw %d requests, want 2", len(seen))
	}
	if got := seen[0].Get("Authorization"); got != "Bearer user-token" {
		t.Errorf("a client without credentials went upstream with Authorization %q, want the user's", got)
	}
	if got := seen[0].Get("X-Team"); got != "blue" {
		t.Errorf("-H X-Team: upstream got %q, want blue", got)
	}
	if got := seen[0].Get("Accept-Encoding"); got != "" {
		t.Errorf("upstream was asked for Accept-Encoding %q, want none: the proxy reads what it relays", got)
	}
	if got := seen[1].Get("Authorization"); got != "Bearer client-token" {
		t.Errorf("the client's own Authorization went upstream as %q", got)
	}
	if got := seen[1].Get("X-Team"); got != "red" {
		t.Errorf("the client's own X-Team went upstream as %q", got)
	}
	var secret []string
	w.until(t, "the second client", func() bool { return len(w.clients) == 2 })
	for _, c := range w.sessions() {
		secret = append(secret, c.Authorization...)
	}
	if len(secret) != 1 || secret[0] != "Bearer client-token" {
		t.Errorf("the sessions' credentials are %q, want the client's for the recording to leave out", secret)
	}
}

// Redirects are relayed, never followed: one to another origin reaches the
// client unchanged and the other origin sees nothing (least of all the
// user's token), and one on the upstream's origin is pointed back at the
// proxy.
func TestRedirectsAreRelayedNotFollowed(t *testing.T) {
	var other headerLog
	elsewhere := other.server(t, jsonOK)
	var up headerLog
	ts := up.server(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, elsewhere.URL+"/mcp", http.StatusTemporaryRedirect)
		case "/":
			http.Redirect(w, r, "/sse", http.StatusTemporaryRedirect)
		default:
			http.Redirect(w, r, "http://"+r.Host+"/mcp", http.StatusTemporaryRedirect)
		}
	})
	_, base, _ := startProxy(t, ts.URL, Config{Bearer: "user-token"})
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct{ path, method, want string }{
		{"/away", "POST", elsewhere.URL + "/mcp"},
		{"/old", "POST", "/mcp"},
		{"/", "GET", "/sse"},
	} {
		req, _ := http.NewRequestWithContext(bounded(t), tc.method, base+tc.path, nil)
		if tc.method == "POST" {
			req.Body = io.NopCloser(stringsReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		}
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != tc.want {
			t.Errorf("%s %s: %s Location %q, want 307 to %q", tc.method, tc.path, resp.Status, resp.Header.Get("Location"), tc.want)
		}
	}
	if n := len(other.all()); n != 0 {
		t.Errorf("the other origin got %d requests from the proxy, want none", n)
	}
}
