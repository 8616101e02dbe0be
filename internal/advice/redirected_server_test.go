package advice

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A refusal from the server a followed redirect led to is advised as that
// server's: "the server failed: check its logs" sent the user to the logs
// of the URL's server, which had only redirected. The error names it, and
// so does the advice now, and the logged error it is recorded as.
func TestRefusalAfterRedirectAdviceNamesTheServerThatAnswered(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom from the other server", http.StatusInternalServerError)
	}))
	defer other.Close()
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/elsewhere", http.StatusTemporaryRedirect)
	}))
	defer home.Close()
	at := strings.TrimPrefix(other.URL, "http://")
	want := "the server at " + at + " (where a redirect led) failed: check its logs"
	for _, transport := range []string{mcp.TransportStreamable, mcp.TransportStateless} {
		err := connectVia(t, home.URL+"/mcp", transport, other.URL)
		if got := ForError(err, CLI); !strings.HasPrefix(got, want) {
			t.Errorf("%s: advice %q, want it to begin %q (error %v)", transport, got, want, err)
		}
		if got := ForInfo(mcp.ErrorInfoOf(mcp.OpConnect, err, 0, 0), TUI); !strings.HasPrefix(got, want) {
			t.Errorf("%s: the logged error's advice %q, want it to begin %q", transport, got, want)
		}
	}
	// The server asked, failing itself, is "the server", as before.
	err := connectVia(t, other.URL+"/mcp", mcp.TransportStreamable, "")
	if got := ForError(err, CLI); !strings.HasPrefix(got, "the server failed: check its logs") {
		t.Errorf("no redirect: advice %q (error %v)", got, err)
	}
	// A redirect to the same server (another path) names no other.
	same := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/mcp" {
			http.Redirect(w, r, "/mcp/", http.StatusTemporaryRedirect)
			return
		}
		http.Error(w, "boom", http.StatusInternalServerError)
	}))
	defer same.Close()
	err = connectVia(t, same.URL+"/mcp", mcp.TransportStreamable, "")
	if got := ForError(err, CLI); !strings.HasPrefix(got, "the server failed: check its logs") {
		t.Errorf("redirect on the same server: advice %q (error %v)", got, err)
	}
}

// connectVia connects to url over transport, allowing a redirect to
// allow, and returns what Connect failed with.
func connectVia(t *testing.T, url, transport, allow string) error {
	t.Helper()
	cfg := mcp.Config{URL: url, Transport: transport, RequestTimeout: 10 * time.Second, NoGetStream: true}
	if allow != "" {
		cfg.AllowOrigins = []string{allow}
	}
	s := mcp.NewSession(cfg)
	go func() {
		for range s.Records() {
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := s.Connect(ctx)
	s.Close()
	if err == nil {
		t.Fatalf("%s: Connect succeeded", url)
	}
	return err
}
