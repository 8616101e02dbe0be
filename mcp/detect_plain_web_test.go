package mcp

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// A plain web server (python3 -m http.server) met by every probe gets one
// plain verdict: the probes' own words took fourteen rows of 80 columns,
// each URL again, and the TUI said them twice. Each probe's line keeps
// what it met.
func TestDetectPlainWebServerSaysSo(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html;charset=utf-8")
		status := http.StatusNotImplemented
		if r.Method == http.MethodGet {
			status = http.StatusNotFound
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte("<html><body><h1>Error response</h1></body></html>"))
	}))
	defer srv.Close()
	s := NewSession(Config{URL: srv.URL + "/"})
	defer s.Close()
	rec := collect(s)
	err := s.Connect(testCtx(t))
	if err == nil {
		t.Fatal("connected to a web server that serves no MCP")
	}
	d := rec.waitFor(t, "the detection record", func(r Record) bool { return r.Kind == KindDetect })
	u, _ := url.Parse(srv.URL)
	want := u.Host + " answers HTTP but no MCP: an HTML page to every probe (501 ×2, 404)"
	if d.Detect.Reason != want {
		t.Errorf("reason %q, want %q", d.Detect.Reason, want)
	}
	if len(d.Detect.Attempts) != 3 {
		t.Errorf("attempts %+v, want the three probes kept", d.Detect.Attempts)
	}
	if err.Error() != want {
		t.Errorf("Connect's error %q, want the same verdict", err.Error())
	}
}

// An MCP server that answers a probe in JSON is not said to serve no MCP.
func TestDetectPlainWebServerNotWhenOneAnswersJSON(t *testing.T) {
	if got := plainWebServer([]Attempt{
		{Method: http.MethodPost, URL: "http://h/mcp", Status: 404, ContentType: "text/html"},
		{Method: http.MethodPost, URL: "http://h/mcp", Status: 401, ContentType: "application/json"},
	}); got != "" {
		t.Errorf("plainWebServer = %q, want none", got)
	}
}

// A server whose every probe met an error page (a gateway's 502 when its
// backend is down, a 500) or a page answered 200 (a login page a gateway's
// sign-in redirected to) is not said to serve no MCP: it may well, and the
// probes' own words and the advice for them say more. A 200 page to every
// probe was said "answers HTTP but no MCP".
func TestDetectErrorPagesAreNoPlainWebServer(t *testing.T) {
	for _, status := range []int{http.StatusBadGateway, http.StatusInternalServerError, http.StatusOK, http.StatusUnauthorized} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(status)
			_, _ = w.Write([]byte("<html><body><h1>Bad Gateway</h1></body></html>"))
		}))
		s := NewSession(Config{URL: srv.URL + "/"})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err == nil {
			t.Fatal("connected to a server that answers only error pages")
		}
		d := rec.waitFor(t, "the detection record", func(r Record) bool { return r.Kind == KindDetect })
		if strings.Contains(d.Detect.Reason, "no MCP") {
			t.Errorf("%d pages: reason %q, want the probes' own words", status, d.Detect.Reason)
		}
		s.Close()
		srv.Close()
	}
}

// The verdict says a status the probes all met once, with how many met
// it: "(404, 404, 404, 404, 404, 404)" listed it six times.
func TestDetectPlainWebServerSaysARepeatedStatusOnce(t *testing.T) {
	page := Attempt{Method: http.MethodPost, URL: "http://h/mcp", Status: 404, ContentType: "text/html"}
	want := "h answers HTTP but no MCP: an HTML page to every probe (404 ×6)"
	if got := plainWebServer([]Attempt{page, page, page, page, page, page}); got != want {
		t.Errorf("plainWebServer = %q, want %q", got, want)
	}
}
