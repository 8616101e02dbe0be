package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// legacyStream serves a legacy SSE stream that writes head, then stays
// open until the client leaves.
func legacyStream(t *testing.T, head string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, head)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/sse"
}

// An event past --max-event-size before the endpoint event is said as
// that, with the flag to raise, not as a server that is not legacy SSE.
func TestExecSaysAnEventTooLargeBeforeTheEndpoint(t *testing.T) {
	stateDir(t)
	url := legacyStream(t, ":"+strings.Repeat("c", 100<<10)+"\n\nevent: endpoint\ndata: /m?sessionid=1\n\n")
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--max-event-size", "65536", url, "tools/list")
	if code == exitOK {
		t.Fatalf("exit %d, want a failure; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "--max-event-size") || strings.Contains(errOut, "not a legacy SSE server") {
		t.Errorf("stderr does not name --max-event-size as the fix:\n%s", errOut)
	}
}

// legacyPosts serves a legacy SSE stream whose endpoint is /m, and answers
// every POST there with post.
func legacyPosts(t *testing.T, post http.HandlerFunc) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sse", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: endpoint\ndata: /m?sessionid=1\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	mux.HandleFunc("POST /m", post)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/sse"
}

// A POST answered 429 says the server is rate limiting and how long it
// asked to wait.
func TestExecSaysRetryAfterOfA429(t *testing.T) {
	stateDir(t)
	url := legacyPosts(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		http.Error(w, "slow down", http.StatusTooManyRequests)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", url, "tools/list")
	if code == exitOK {
		t.Fatalf("exit %d, want a failure; stderr:\n%s", code, errOut)
	}
	if all := out + errOut; !strings.Contains(all, "429") || !strings.Contains(all, "wait, then run the command again (it said Retry-After: 30)") {
		t.Errorf("the output does not say to wait as the server asked:\n%s", all)
	}
}

// A POST taken with a 200 error page, and no answer after it, is quoted in
// the timeout with advice to read it.
func TestExecQuotesTheErrorPageOfATakenPost(t *testing.T) {
	stateDir(t)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "tools/list" {
			c.Status(http.StatusOK, "text/html", "<h1>Error 500</h1>")
			return
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--timeout", "300ms", srv.SSEURL(), "tools/list")
	if code == exitOK {
		t.Fatalf("exit %d, want a failure; stderr:\n%s", code, errOut)
	}
	all := out + errOut
	for _, want := range []string{"its POST was answered 200 OK, text/html: <h1>Error 500</h1>", "its answer's body (quoted) may say why"} {
		if !strings.Contains(all, want) {
			t.Errorf("the output lacks %q:\n%s", want, all)
		}
	}
}

// A 401 whose challenge is not Bearer says which scheme the server wants,
// not to pass a bearer token it would refuse again.
func TestExecSaysTheSchemeA401Wants(t *testing.T) {
	stateDir(t)
	url := legacyPosts(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Basic realm="gw"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", url, "tools/list")
	if code == exitOK {
		t.Fatalf("exit %d, want a failure; stderr:\n%s", code, errOut)
	}
	all := out + errOut
	if !strings.Contains(all, "the server wants Basic credentials") || strings.Contains(all, "pass --bearer") {
		t.Errorf("the advice does not name the Basic scheme:\n%s", all)
	}
}

// An endpoint URI of megabytes is refused at once, in a few words: every
// POST would carry it (and be refused for it), and every line naming the
// URL would print it again.
func TestExecRefusesAHugeEndpoint(t *testing.T) {
	stateDir(t)
	url := legacyStream(t, "event: endpoint\ndata: /m?sessionid=1&pad="+strings.Repeat("p", 2<<20)+"\n\n")
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", url, "tools/list")
	if code == exitOK {
		t.Fatalf("exit %d, want a failure", code)
	}
	all := out + errOut
	if len(all) > 4096 || !strings.Contains(all, "mcpscope takes at most") {
		t.Errorf("%d bytes of output, want a short refusal naming the bound:\n%.600s", len(all), all)
	}
}
