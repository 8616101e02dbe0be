package mcp

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// When nothing works, the error names every attempt.
func TestDetectionFailureNamesEveryAttempt(t *testing.T) {
	plain := mcptest.New(t, mcptest.Options{GETStatus: http.StatusNotFound, GETBody: "no"})
	s := NewSession(Config{URL: plain.URL})
	defer s.Close()
	collect(s)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	if CauseOf(err) != CauseNoTransport {
		t.Errorf("Connect = %v, want no transport", err)
	}
	for _, probe := range []string{"POST server/discover " + plain.URL + "/mcp", "POST initialize " + plain.URL + "/mcp", "GET " + plain.URL + "/sse"} {
		if !strings.Contains(err.Error(), probe) {
			t.Errorf("Connect = %v, want it to name %q", err, probe)
		}
	}
}

// A status that says nothing of the transport (a 500) stops detection, and
// the probe's verdict is the status alone, not "not stateless HTTP here".
func TestDetectionStopsOnAServerError(t *testing.T) {
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
	}))
	t.Cleanup(broken.Close)
	s := NewSession(Config{URL: broken.URL})
	defer s.Close()
	rec := collect(s)
	if err := s.Connect(testCtx(t)); CauseOf(err) != CauseStatus {
		t.Fatalf("Connect = %v, want the 500 as a status error", err)
	}
	d := rec.waitFor(t, "the detection", func(r Record) bool { return r.Kind == KindDetect }).Detect
	if len(d.Attempts) != 1 || d.Attempts[0].Verdict != "answered 500" {
		t.Errorf("attempts %+v, want one probe whose verdict is the status alone", d.Attempts)
	}
}

// A web server that is no MCP server (python3 -m http.server) answers a
// POST 501 Not Implemented: that is "not this transport here", and
// detection goes on to the legacy stream, so the error names every probe,
// where it stopped at the first and advised reading the server's logs and
// skipping detection with --transport.
func TestDetectionGoesOnPastNotImplemented(t *testing.T) {
	files := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost:
			http.Error(w, "Unsupported method ('POST')", http.StatusNotImplemented)
		case r.URL.Path == "/":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html>Directory listing</html>"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(files.Close)
	s := NewSession(Config{URL: files.URL})
	defer s.Close()
	collect(s)
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseNoTransport {
		t.Fatalf("Connect = %v, want no transport", err)
	}
	for _, probe := range []string{"POST initialize " + files.URL + "/mcp", "GET " + files.URL + "/sse"} {
		if !strings.Contains(err.Error(), probe) {
			t.Errorf("Connect = %v, want it to name %q", err, probe)
		}
	}
}

// A host name that does not resolve is said as that, without the
// resolver's address, which read as if it were the server's: "dial tcp:
// lookup gw.invalid on 10.0.0.53:53: no such host".
func TestFailureWordsNameAnUnknownHost(t *testing.T) {
	err := &url.Error{Op: "Post", URL: "http://gw.invalid:8811/mcp", Err: &net.OpError{Op: "dial", Net: "tcp",
		Err: &net.DNSError{Err: "no such host", Name: "gw.invalid", Server: "10.0.0.53:53", IsNotFound: true}}}
	got := FailureWords(err)
	if got != `no host is named "gw.invalid" (DNS found none)` {
		t.Errorf("FailureWords = %q, want the unknown host named alone", got)
	}
}

// A URL at a page that is no MCP endpoint (a gateway's /health answering
// GET with "ok", POSTs with 405) fails detection naming every probe: the
// GET's 200 was taken for an answer in kind that says the most, so the
// error was "not an event stream" alone, advising --transport auto, which
// had been used.
func TestDetectionOnAPlainPageNamesEveryProbe(t *testing.T) {
	health := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok"))
	}))
	t.Cleanup(health.Close)
	s := NewSession(Config{URL: health.URL + "/health"})
	defer s.Close()
	collect(s)
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseNoTransport {
		t.Fatalf("Connect = %v, want no transport", err)
	}
	for _, probe := range []string{"POST server/discover " + health.URL + "/health", "POST initialize " + health.URL + "/health", "GET " + health.URL + "/health"} {
		if !strings.Contains(err.Error(), probe) {
			t.Errorf("Connect = %v, want it to name %q", err, probe)
		}
	}
}
