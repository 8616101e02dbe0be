package main

import (
	"net/http"
	"strings"
	"testing"
)

// The token in the environment ($MCP_GATEWAY_AUTH_TOKEN, often the Docker
// gateway's) stands in for --bearer only when the command line gives no
// credential of its own: a server the user sends -H Authorization or a URL
// password to gets that, never the environment's token in its place, and
// an empty --bearer asks for none.
func TestEnvironmentTokenNeverReplacesTheCommandLines(t *testing.T) {
	stateDir(t)
	t.Setenv("MCPSCOPE_TOKEN", "")
	t.Setenv("MCP_GATEWAY_AUTH_TOKEN", "SECRET-env-4d1c77")
	srv := whoamiServer(t)
	basic := &http.Request{Header: http.Header{}}
	basic.SetBasicAuth("ann", "pw-1")
	for _, c := range []struct {
		name, url, want string
		flags           []string
	}{
		{"header", srv.URL, "you are Basic Zm9vOmJhcg==", []string{"-H", "Authorization: Basic Zm9vOmJhcg=="}},
		{"none asked for", srv.URL, "you are \n", []string{"-H", "Authorization:"}},
		{"empty --bearer", srv.URL, "you are \n", []string{"--bearer", ""}},
		{"URL password", strings.Replace(srv.URL, "http://", "http://ann:pw-1@", 1), "you are " + basic.Header.Get("Authorization"), nil},
		{"nothing given", srv.URL, "you are Bearer SECRET-env-4d1c77", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"exec", "--no-record", "--transport", "streamable", "--no-get-stream"}, c.flags...)
			out, errOut, code := run(t, append(args, c.url, "tools/call whoami")...)
			if code != 0 || !strings.Contains(out, c.want) {
				t.Errorf("exit %d, want 0 and %q\nstdout:\n%s\nstderr:\n%s", code, c.want, out, errOut)
			}
		})
	}
}
