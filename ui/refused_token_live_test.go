package ui

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server that refuses the token sent (401 with an OAuth challenge) is
// said to have refused it: the screen told a user who had passed --bearer
// to "pass --bearer TOKEN", as if they had not.
func TestLiveRefusedTokenIsSaidRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", resource_metadata="http://`+r.Host+`/.well-known/oauth-protected-resource"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(srv.Close)
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Bearer: "expired-token-1234"}, 80, 24, "● failed")
	l.waitFor("the server refused the token sent")
	if bytes.Contains(l.seen.Bytes(), []byte("get a token from its authorization server and pass --bearer")) {
		t.Errorf("the screen tells a user whose token was refused to pass one")
	}
	l.quit()
}
