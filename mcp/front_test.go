package mcp

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// frontOf serves srv through a relay on 127.0.0.1 that hands each request
// whose body names method (a hostile answer to one request of a session
// that is otherwise served as usual) to answer, with the body read; every
// other request reaches srv as sent. It returns the front's URL.
func frontOf(t *testing.T, srv *mcptest.StreamableServer, method string, answer func(w http.ResponseWriter, r *http.Request, body []byte)) string {
	t.Helper()
	target, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	relay := httputil.NewSingleHostReverseProxy(target)
	named := []byte(`"` + method + `"`)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if !bytes.Contains(body, named) {
			relay.ServeHTTP(w, r)
			return
		}
		answer(w, r, body)
	}))
	t.Cleanup(front.Close)
	return front.URL
}
