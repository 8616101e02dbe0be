package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
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

// A 403 that names a Bearer challenge (insufficient_scope: the token lacks
// a scope, as MCP's step-up authorization answers) is said to want a token
// with more rights, and the challenge is quoted, where exec told the user
// to connect through localhost or allow the Origin on the server.
func TestExecForbiddenWithAChallengeHint(t *testing.T) {
	const challenge = `Bearer error="insufficient_scope", scope="tools:write"`
	srv := mcptest.New(t, mcptest.Options{GETStatus: http.StatusForbidden, GETHeaders: http.Header{"Www-Authenticate": {challenge}}, GETBody: "forbidden"})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--bearer", "narrow", srv.SSEURL(), "tools/list")
	if code != exitConnect {
		t.Errorf("exit %d, want %d (a connection failure)\n%s", code, exitConnect, out)
	}
	if strings.Contains(errOut, "connect through localhost") || !strings.Contains(errOut, "what the token lacks") || !strings.Contains(errOut, challenge) {
		t.Errorf("the hint for a 403 with a challenge:\n%s\nwant it to say the token lacks rights and quote the challenge, not to change the Host or Origin", errOut)
	}
	// A 403 with no challenge is still a refused Host or Origin.
	plain := mcptest.New(t, mcptest.Options{GETStatus: http.StatusForbidden, GETBody: "forbidden"})
	_, errOut, _ = run(t, "exec", "--no-record", "--transport", "sse", plain.SSEURL(), "tools/list")
	if !strings.Contains(errOut, "connect through localhost") {
		t.Errorf("the hint for a 403 without a challenge:\n%s\nwant the Host or Origin advice", errOut)
	}
}
