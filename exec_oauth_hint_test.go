package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A server that asks for an OAuth token (MCP authorization: a Bearer
// challenge naming its resource metadata, as the conformance suite's auth
// servers do) is said to want an OAuth token that mcpscope does not fetch,
// not pointed at the Docker MCP Gateway's token.
func TestExecOAuthChallengeHint(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", resource_metadata="http://`+r.Host+`/.well-known/oauth-protected-resource/mcp"`)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":"invalid_token","error_description":"Missing Authorization header"}`))
	}))
	t.Cleanup(srv.Close)
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/list")
	if code != exitConnect {
		t.Errorf("exit %d, want %d (a connection failure)\n%s", code, exitConnect, out)
	}
	if !strings.Contains(errOut, "OAuth access token") || !strings.Contains(errOut, "--bearer") || strings.Contains(errOut, "Docker") || !strings.Contains(errOut, "oauth-protected-resource") {
		t.Errorf("the hint for an OAuth challenge:\n%s\nwant it to say an OAuth token is wanted, how to pass one, and the metadata the server named", errOut)
	}
}
