package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// labelRefuser answers a POST whose Accept lacks application/json 406, and
// a GET whose Accept lacks text/event-stream 406, as servers do; with
// discover400, server/discover gets 400 and initialize 404, as a
// TypeScript SDK server under another path answers, whatever the labels.
func labelRefuser(t *testing.T, discover400 bool) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case discover400 && strings.Contains(string(body), "server/discover"):
			http.Error(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null}`, http.StatusBadRequest)
		case discover400:
			http.NotFound(w, r)
		case r.Method == http.MethodGet && !strings.Contains(r.Header.Get("Accept"), "text/event-stream"),
			r.Method == http.MethodPost && !strings.Contains(r.Header.Get("Accept"), "application/json"):
			http.Error(w, "Not Acceptable", http.StatusNotAcceptable)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// With --transport forced there is no detection to name a -H Accept the
// server refused: the hint blamed a proxy for rewriting the header the
// user replaced ("a proxy in between may rewrite it"), on a POST and on
// the legacy GET (whose text/event-stream the -H replaces too).
func TestExecNamesALabelHeaderOnAForcedTransport(t *testing.T) {
	url := labelRefuser(t, false)
	for _, c := range []struct{ transport, path string }{{"streamable", "/mcp"}, {"sse", "/sse"}} {
		_, errOut, code := run(t, "exec", "--no-record", "--transport", c.transport, "-H", "Accept: text/html", url+c.path, "tools/list")
		if code == exitOK || !strings.Contains(errOut, "the -H Accept: text/html given replaced the") || !strings.Contains(errOut, "hint: leave out the -H the error names") {
			t.Errorf("--transport %s: exit %d, want the -H named and the advice to leave it out\n%s", c.transport, code, errOut)
		}
		if strings.Contains(errOut, "proxy") {
			t.Errorf("--transport %s: the hint blames a proxy for the user's -H\n%s", c.transport, errOut)
		}
	}
}

// A server/discover refused 400 is what every TypeScript SDK server
// answers, labelled as it may be: a detection that then met 404s is not
// the -H's doing, and named it with "only then does a failure here say
// the URL is wrong".
func TestExecDoesNotBlameALabelHeaderForTheDiscoverProbe(t *testing.T) {
	url := labelRefuser(t, true)
	_, errOut, code := run(t, "exec", "--no-record", "-H", "Accept: application/json", url+"/mcp", "tools/list")
	if code == exitOK || strings.Contains(errOut, "given replaced the") || strings.Contains(errOut, "leave out the -H") {
		t.Errorf("exit %d; the failure names the -H, which no refusal was for:\n%s", code, errOut)
	}
}

// A legacy POST carries no Accept (its answer comes on the stream), so a
// -H Accept replaced nothing on it: its 400 ("No transport found for
// sessionId") named the -H as replacing "the application/json,
// text/event-stream every POST is sent with".
func TestExecNamesNoAcceptOnALegacyPost(t *testing.T) {
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		c.Status(http.StatusBadRequest, "text/plain", "No transport found for sessionId")
	}})
	out, errOut, _ := run(t, "exec", "--no-record", "--transport", "sse", "-H", "Accept: application/json", legacy.SSEURL(), "tools/list")
	if !strings.Contains(out+errOut, "No transport found") {
		t.Fatalf("the POST's refusal is not said:\n%s\n%s", out, errOut)
	}
	if strings.Contains(out+errOut, "given replaced the") || strings.Contains(out+errOut, "leave out the -H") {
		t.Errorf("a -H Accept named for a POST that carries none:\n%s\n%s", out, errOut)
	}
}
