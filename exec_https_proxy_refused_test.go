package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// An HTTPS proxy from the environment that refuses the CONNECT to the
// server is named, with what it answered, and the advice sends the user to
// the proxy or NO_PROXY. net/http says only the reason phrase ("Bad
// Gateway"), and exec said the server took the connection and closed it:
// its hint asked whether the server crashed, a server never reached. The
// proxy URL's password is not said.
func TestExecNamesTheHTTPSProxyThatRefusedTheTunnel(t *testing.T) {
	for _, code := range []int{http.StatusBadGateway, http.StatusProxyAuthRequired} {
		proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodConnect {
				t.Errorf("the proxy got %s %s, want CONNECT", r.Method, r.URL)
			}
			w.WriteHeader(code)
		}))
		at := strings.TrimPrefix(proxy.URL, "http://")
		var stdout, stderr bytes.Buffer
		// A name, not 127.0.0.1: net/http never proxies a loopback address.
		cmd := exec.Command(builtBinary(t), "exec", "--no-record", "https://mcp.example.test/mcp", "tools/list")
		proxyURL := "http://user:hunter2@" + at
		cmd.Env = childEnv(t, "MCPSCOPE_STATE_DIR="+t.TempDir(), "HTTPS_PROXY="+proxyURL, "https_proxy="+proxyURL, "NO_PROXY=", "no_proxy=")
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		proxy.Close()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitConnect {
			t.Errorf("%d: exec ended with %v, want exit status %d", code, err, exitConnect)
		}
		said := stderr.String()
		for _, want := range []string{
			"the HTTPS proxy at " + at + " refused to open a tunnel (CONNECT) to mcp.example.test:443: it answered " + strconv.Itoa(code) + " " + http.StatusText(code),
			"hint: the HTTPS proxy at " + at + " (HTTPS_PROXY",
			"list the server's host in NO_PROXY",
		} {
			if !strings.Contains(said, want) {
				t.Errorf("%d: exec said:\n%s\nwant %q", code, said, want)
			}
		}
		if strings.Contains(said, "took the connection") || strings.Contains(said, "hunter2") {
			t.Errorf("%d: exec said:\n%s\nwant neither a server that closed the connection nor the proxy's password", code, said)
		}
	}
}
