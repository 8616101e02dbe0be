package mcp

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// collector is another origin a hostile server points at: it keeps the
// headers of every request that reaches it and answers 202.
type collector struct {
	*httptest.Server
	mu      sync.Mutex
	seen    []http.Header
	arrived chan struct{} // a request reached it
}

func newCollector(t *testing.T) *collector {
	c := &collector{arrived: make(chan struct{}, 1)}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.seen = append(c.seen, r.Header.Clone())
		c.mu.Unlock()
		select {
		case c.arrived <- struct{}{}:
		default:
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(c.Close)
	return c
}

// waitRequests waits, bounded, until n requests have reached the collector.
func (c *collector) waitRequests(t *testing.T, n int) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for len(c.requests()) < n {
		select {
		case <-c.arrived:
		case <-deadline:
			t.Fatalf("%d requests reached the other origin within 10s, want %d", len(c.requests()), n)
		}
	}
}

func (c *collector) requests() []http.Header {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]http.Header(nil), c.seen...)
}

// credentialed is a session config carrying a token and a custom header.
func credentialed(url string) Config {
	return Config{URL: url, Transport: TransportSSE, Bearer: "s3cret", Header: http.Header{"X-Team": {"blue"}}}
}

// An endpoint event naming another origin is refused, and the token never
// goes there; allowed, the other origin gets the messages without any of
// the user's credentials.
func TestEndpointOnAnotherOriginIsRefused(t *testing.T) {
	thief := newCollector(t)
	opts := mcptest.Options{Endpoint: func(_, id string) string { return thief.URL + "/steal?sessionid=" + id }}
	srv := mcptest.New(t, opts)

	s := NewSession(credentialed(srv.URL))
	rec := collect(s)
	err := s.Connect(testCtx(t))
	var we *WireError
	if !errors.As(err, &we) || we.Cause != CauseCrossOrigin || !strings.Contains(err.Error(), originOf(mustURL(t, thief.URL))) || !strings.Contains(err.Error(), originOf(mustURL(t, srv.URL))) {
		t.Fatalf("Connect = %v, want a cross-origin refusal naming both origins", err)
	}
	rec.waitFor(t, "the negotiation error", func(r Record) bool {
		return r.Kind == KindError && r.Error.Op == OpNegotiate && r.Error.Cause == CauseCrossOrigin
	})
	s.Close()
	if n := len(thief.requests()); n != 0 {
		t.Fatalf("the other origin got %d requests", n)
	}

	cfg := credentialed(srv.URL)
	cfg.AllowOrigins = []string{thief.URL}
	allowed := NewSession(cfg)
	collect(allowed)
	defer allowed.Close()
	if err := allowed.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect with the origin allowed: %v", err)
	}
	if err := allowed.Notify(testCtx(t), "notifications/initialized", nil); err != nil {
		t.Fatalf("Notify: %v", err)
	}
	got := thief.requests()
	if len(got) != 1 {
		t.Fatalf("the allowed origin got %d requests, want the notification", len(got))
	}
	if got[0].Get("Authorization") != "" || got[0].Get("X-Team") != "" {
		t.Errorf("the allowed origin got the user's credentials: %v", got[0])
	}
}

// A second endpoint event that moves the POSTs to another origin is refused
// and the first target stays in use.
func TestChangedEndpointToAnotherOriginIsRefused(t *testing.T) {
	thief := newCollector(t)
	srv, s, rec := dial(t, mcptest.Options{}, credentialed(""))
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Event("endpoint", thief.URL+"/steal?sessionid="+conn.ID); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "the refusal", func(r Record) bool { return r.Kind == KindError && r.Error.Cause == CauseCrossOrigin })
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize on the first endpoint: %v", err)
	}
	if n := len(thief.requests()); n != 0 {
		t.Errorf("the other origin got %d requests", n)
	}
}

// An endpoint whose scheme is not http or https is a negotiation error.
func TestEndpointWithAnotherSchemeIsRefused(t *testing.T) {
	for _, data := range []string{"ftp://127.0.0.1/x?sessionid=1", "javascript:alert(1)", "file:///etc/passwd"} {
		srv := mcptest.New(t, mcptest.Options{Endpoint: func(string, string) string { return data }})
		s := NewSession(Config{URL: srv.URL, Transport: TransportSSE})
		err := s.Connect(testCtx(t))
		if CauseOf(err) != CauseBadScheme {
			t.Errorf("endpoint %q: Connect = %v, want a bad-scheme negotiation error", data, err)
		}
		s.Close()
	}
}

// Redirects are followed on the user's origin and recorded; one to another
// origin is refused before anything reaches it.
func TestRedirects(t *testing.T) {
	sdkSrv := sdk.NewServer(&sdk.Implementation{Name: "sdk-fake", Version: "1"}, nil)
	mux := http.NewServeMux()
	mux.Handle("/sse", sdk.NewSSEHandler(func(*http.Request) *sdk.Server { return sdkSrv }, nil))
	mux.Handle("/old/sse", http.RedirectHandler("/sse", http.StatusTemporaryRedirect))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	s := NewSession(Config{URL: srv.URL + "/old/sse", Transport: TransportSSE})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect through the gateway's / redirect: %v", err)
	}
	get := rec.waitFor(t, "the stream GET", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == PurposeStream })
	if len(get.HTTP.Redirects) != 1 || get.HTTP.Redirects[0].Status != http.StatusTemporaryRedirect || !strings.HasSuffix(get.HTTP.Redirects[0].To, "/sse") {
		t.Errorf("redirects %+v, want the 307 to /sse", get.HTTP.Redirects)
	}
	if get.HTTP.Resent != 0 {
		t.Errorf("the redirected GET says Resent %d, want 0: a redirect's next hop is not the request sent again", get.HTTP.Resent)
	}
	s.Close()

	thief := newCollector(t)
	redirector := httptest.NewServer(http.RedirectHandler(thief.URL+"/sse", http.StatusTemporaryRedirect))
	defer redirector.Close()
	for _, transport := range []string{TransportSSE, TransportStreamable} {
		cfg := credentialed(redirector.URL + "/x")
		cfg.Transport = transport
		s := NewSession(cfg)
		rec := collect(s)
		err := s.Connect(testCtx(t))
		if CauseOf(err) != CauseCrossOrigin {
			t.Errorf("%s: Connect = %v, want the cross-origin redirect refused", transport, err)
		}
		h := rec.waitFor(t, "the refused exchange", func(r Record) bool { return r.Kind == KindHTTP })
		if len(h.HTTP.Redirects) != 1 || !strings.HasPrefix(h.HTTP.Redirects[0].To, thief.URL) {
			t.Errorf("%s: redirects %+v, want the hop to the other origin recorded", transport, h.HTTP.Redirects)
		}
		s.Close()
	}
	if n := len(thief.requests()); n != 0 {
		t.Errorf("the other origin got %d requests", n)
	}
}

// A redirect to an origin the user allowed carries nothing of the user's:
// not the token, not their headers, and not the Referer net/http would add,
// which is the user's URL with whatever token its query holds.
func TestAllowedRedirectCarriesNoCredentials(t *testing.T) {
	other := newCollector(t)
	redirector := httptest.NewServer(http.RedirectHandler(other.URL+"/sse", http.StatusTemporaryRedirect))
	defer redirector.Close()
	for i, transport := range []string{TransportSSE, TransportStreamable} {
		cfg := credentialed(redirector.URL + "/x?token=q-s3cret")
		cfg.Transport = transport
		cfg.Header.Set("Cookie", "session=c-s3cret")
		cfg.AllowOrigins = []string{other.URL}
		s := NewSession(cfg)
		collect(s)
		// The other origin answers 202, not MCP: only what reached it
		// matters, so the wait for an answer is ended once the request is
		// there. A short wait instead (100ms) could end before the request
		// got there on a loaded machine.
		connected := make(chan struct{})
		go func() {
			defer close(connected)
			_ = s.Connect(testCtx(t))
		}()
		other.waitRequests(t, i+1)
		s.Close()
		waitClosed(t, connected, "Connect's end after Close")
	}
	got := other.requests()
	if len(got) != 2 {
		t.Fatalf("the allowed origin got %d requests, want one per transport", len(got))
	}
	for _, h := range got {
		for k, vs := range h {
			for _, v := range vs {
				if strings.Contains(v, "s3cret") || k == "X-Team" {
					t.Errorf("the allowed origin got %s: %s", k, v)
				}
			}
		}
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
