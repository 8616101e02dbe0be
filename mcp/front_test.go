package mcp

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// frontOf serves srv through a relay on 127.0.0.1 that hands each request
// whose body names method (a hostile answer to one request of a session
// that is otherwise served as usual) to answer, with the body read; every
// other request reaches srv as sent. It returns the front's URL.
func frontOf(t *testing.T, srv *mcptest.StreamableServer, method string, answer func(w http.ResponseWriter, r *http.Request, body []byte)) string {
	t.Helper()
	named := []byte(`"` + method + `"`)
	return mcptest.Front(t, srv.URL, func(w http.ResponseWriter, r *http.Request, body []byte) bool {
		if !bytes.Contains(body, named) {
			return false
		}
		answer(w, r, body)
		return true
	}).URL
}
