package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers 404 to the first request carrying the session its
// initialize answer just named keeps no sessions: exec says so, instead of
// advising to run it again (which starts a session forgotten the same way).
func TestExecSessionForgottenAtOnce(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	front := mcptest.Front(t, srv.URL, func(w http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Header.Get("Mcp-Session-Id") == "" {
			return false
		}
		http.Error(w, "session not found", http.StatusNotFound)
		return true
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", front.URL+"/mcp", "tools/list")
	if code != exitConnect || !strings.Contains(out+errOut, "never accepted") || !strings.Contains(out+errOut, "sticky") || strings.Contains(out+errOut, "run the command again") {
		t.Errorf("exit %d, want %d saying the server never accepted its session\n%s\n%s", code, exitConnect, out, errOut)
	}
}

// A 2026 answer that stops mid-event says so, with advice about buffering
// proxies and stuck servers, not only "raise --timeout for slow tools".
func TestExecAnswerStalledMidEvent(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_ = x.WriteRaw("event: message\ndata: {\"jsonrpc\":\"2.0\",")
		<-x.Context().Done()
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--timeout", "300ms", srv.URL, "tools/call anything")
	if code != exitFailed || !strings.Contains(out+errOut, "its answer began and stopped coming") || !strings.Contains(out+errOut, "buffering") {
		t.Errorf("exit %d, want %d saying the answer stopped mid-way\n%s\n%s", code, exitFailed, out, errOut)
	}
}

// A 2026 answer stream that holds only a keep-alive comment cut mid-line
// when --timeout runs out is said to have brought no answer, its bytes
// named as comment, with the advice for a slow tool, not the buffering
// proxy's, which plainly let those bytes through.
func TestExecAnswerOnlyCommentWhenTimedOut(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_ = x.WriteRaw(": ping\n:pi")
		<-x.Context().Done()
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--timeout", "1s", srv.URL, "tools/call anything")
	said := out + errOut
	if code != exitFailed || !strings.Contains(said, "no answer came back: 10 bytes came, only comment") || !strings.Contains(said, "slow tools") || strings.Contains(said, "buffering") || strings.Contains(said, "began and stopped") {
		t.Errorf("exit %d, want %d saying only comment came, advised as a slow tool\n%s\n%s", code, exitFailed, out, errOut)
	}
}

// A server that redirects in a loop is said to, with what to do, instead of
// a bare "stopped after 10 redirects"; one that redirects along more hops
// than a client follows, each to a new URL, is not said to loop: it used
// to be, and the user looked for a rule pointing back that is not there.
func TestExecRedirectLoop(t *testing.T) {
	loop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/mcp/", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(loop.Close)
	out, errOut, code := run(t, "exec", "--no-record", loop.URL+"/mcp/", "tools/list")
	if code != exitConnect || !strings.Contains(errOut, "stopped after 10 redirects, the last from") || !strings.Contains(errOut, "back to a URL visited already: a loop") || !strings.Contains(errOut, "redirects in a loop") {
		t.Errorf("exit %d, want %d naming the loop\n%s\n%s", code, exitConnect, out, errOut)
	}
	chain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path+"x", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(chain.Close)
	out, errOut, code = run(t, "exec", "--no-record", chain.URL+"/mcp", "tools/list")
	if want := "each to a URL not visited before: a chain longer than a client follows"; code != exitConnect || !strings.Contains(errOut, want) || strings.Contains(errOut, "visited already") {
		t.Errorf("exit %d, want %d saying %q and no loop\n%s\n%s", code, exitConnect, want, out, errOut)
	}
	// Back to the start once, then on to new URLs: the loop is earlier
	// in the chain than its last hop.
	var mcpVisits atomic.Int32
	early := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/mcp" && mcpVisits.Add(1) == 1:
			http.Redirect(w, r, "/a", http.StatusTemporaryRedirect)
		case r.URL.Path == "/a":
			http.Redirect(w, r, "/mcp", http.StatusTemporaryRedirect)
		case r.URL.Path == "/mcp":
			http.Redirect(w, r, "/b", http.StatusTemporaryRedirect)
		default:
			http.Redirect(w, r, r.URL.Path+"x", http.StatusTemporaryRedirect)
		}
	}))
	t.Cleanup(early.Close)
	out, errOut, code = run(t, "exec", "--no-record", "--transport", "streamable", early.URL+"/mcp", "tools/list")
	if code != exitConnect || !strings.Contains(errOut, "back to a URL visited already: a loop") {
		t.Errorf("exit %d, want %d naming the loop earlier in the chain\n%s\n%s", code, exitConnect, out, errOut)
	}
}

// A megabyte-long WWW-Authenticate is quoted in part: the advice stays a
// line, and the recording keeps its first mcp.HeaderLimit bytes.
func TestExecHugeWWWAuthenticate(t *testing.T) {
	realm := strings.Repeat("r", 1<<19)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="`+realm+`"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.URL+"/mcp", "tools/list")
	if code != exitConnect || !strings.Contains(errOut, `WWW-Authenticate: Bearer realm="rrr`) || len(out+errOut) > 4096 {
		t.Errorf("exit %d, %d bytes of output, want %d and the header quoted in part\n%.2000s", code, len(out+errOut), exitConnect, errOut)
	}
}
