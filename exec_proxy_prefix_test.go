package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server behind a reverse proxy that serves it under /gw names its POST
// path from the root (/message?sessionId=…, as the TypeScript, Python and
// mcp-go servers do), where the proxy serves nothing. exec keeps the
// stream's prefix, works, and says the endpoint event was wrong.
func TestExecPostsUnderTheProxyPrefix(t *testing.T) {
	stateDir(t)
	srv := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointMessage})
	front := mcptest.BehindPrefix(t, srv)

	out, errOut, code := run(t, "exec", "--no-record", front.URL+"/gw/sse", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d behind a path prefix; stdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	want := "· posting to " + front.URL + "/gw/message?sessionId="
	if !strings.Contains(out, want) || !strings.Contains(out, "answered 404") {
		t.Errorf("stdout does not say the POSTs go under the prefix (%q) because the endpoint answered 404:\n%s", want, out)
	}
}

// When nothing answers at the endpoint's URL, under the prefix or not, the
// advice points at the endpoint data and the stream URL, not only at an
// expired session.
func TestExecAdvisesOnALostEndpointPath(t *testing.T) {
	stateDir(t)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /gw/sse", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: endpoint\ndata: /message?sessionId=1\r\n\r\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/gw/sse", "tools/list")
	if code == exitOK {
		t.Fatalf("exit 0 though every POST answered 404; stdout:\n%s", out)
	}
	if all := out + errOut; !strings.Contains(all, "compare the endpoint data with the stream URL") {
		t.Errorf("the 404 is not explained by the endpoint's path:\n%s\n%s", out, errOut)
	}
}

// A server whose base URL names another origin than the one reached (mcp-go's
// WithBaseURL("http://localhost:PORT") reached as 127.0.0.1, or a public
// address behind a reverse proxy) is refused, and the advice says what
// such an endpoint usually means besides how to allow it.
func TestExecExplainsAnEndpointOnAnotherOrigin(t *testing.T) {
	stateDir(t)
	var url string
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sse", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "event: endpoint\ndata: "+strings.Replace(url, "127.0.0.1", "localhost", 1)+"/message?sessionId=1\r\n\r\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	url = srv.URL

	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/sse", "tools/list")
	if code != exitConnect {
		t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, exitConnect, out, errOut)
	}
	if all := out + errOut; !strings.Contains(all, "--allow-origin") || !strings.Contains(all, "base URL") {
		t.Errorf("the refusal does not say what an endpoint on another origin means:\n%s\n%s", out, errOut)
	}
}
