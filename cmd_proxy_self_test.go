package main

import (
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// A proxy whose URL or --allow-origin is its own --listen address is
// refused before it serves: it relayed each client to itself, opening
// session after session (and recording each) until --max-sessions turned
// the client away with a 503 that blamed the client.
func TestProxyRefusesToRelayToItself(t *testing.T) {
	stateDir(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	for _, c := range []struct{ url, allow, want string }{
		{"http://127.0.0.1:" + port + "/mcp", "", "this proxy's own address"},
		{"localhost:" + port + "/sse", "", "this proxy's own address"},
		{"http://127.0.0.2:1/mcp", "http://localhost:" + port, "--allow-origin"},
	} {
		pf := proxyFlags{listen: "127.0.0.1:" + port, headless: true, noRecord: true}
		cf := &connFlags{}
		cf.registerProxy(&cobra.Command{})
		if c.allow != "" {
			cf.allowOrigins = []string{c.allow}
		}
		var errw syncBuffer
		prun, err := startProxy(c.url, cf, &pf, &errw)
		if err == nil {
			prun.stop()
			t.Errorf("proxy %s --allow-origin %q --listen 127.0.0.1:%s started, want it refused", c.url, c.allow, port)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "own address") {
			t.Errorf("proxy %s --allow-origin %q: %v, want it to say it is the proxy's own address (%s)", c.url, c.allow, err, c.want)
		}
		if l, lerr := net.Listen("tcp", "127.0.0.1:"+port); lerr != nil {
			t.Errorf("the refused proxy still listens on %s: %v", port, lerr)
		} else {
			l.Close()
		}
	}
	// Another port of this machine is another server, not a loop.
	other := proxyFlags{listen: "127.0.0.1:" + port, headless: true, noRecord: true}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	var errw syncBuffer
	prun, err := startProxy("http://127.0.0.1:1/mcp", cf, &other, &errw)
	if err != nil {
		t.Fatalf("proxy to another port refused: %v", err)
	}
	prun.stop()
}
