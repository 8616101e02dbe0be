package main

import (
	"context"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The demo gateway and the proxy judge whether they can be reached beyond
// this machine alike, by the address they listen on, and say so in one
// wording that names that address (the port picked for port 0) and what
// keeps it here. The demo judged the host as typed: it named the port as
// 0, and a name of this machine that resolves to 127.0.0.1 was warned of.
func TestListenersBeyondLoopbackWarnAlike(t *testing.T) {
	stateDir(t)
	upstream := demotest.Start(t, demo.Options{}).URL
	addrs := map[string]bool{"localhost:0": false, "0.0.0.0:0": true}
	if ln, err := net.Listen("tcp", "[::1]:0"); err == nil {
		ln.Close()
		addrs["[::1]:0"] = false
	}
	// A name of this machine that resolves to loopback only (a hosts
	// file's "127.0.0.1 vm") is loopback once listened on.
	if host, err := os.Hostname(); err == nil && !strings.EqualFold(host, "localhost") {
		if ips, err := net.LookupIP(host); err == nil && len(ips) > 0 && allLoopback(ips) {
			addrs[net.JoinHostPort(host, "0")] = false
		}
	}
	warning := regexp.MustCompile(`warning: the (demo gateway|proxy) listens on (\S+), beyond this machine[,:][^\n]*\((--addr|--listen) 127\.0\.0\.1:PORT keeps it here\)\n`)
	for addr, warns := range addrs {
		for _, args := range [][]string{
			{"demo-server", "--addr", addr},
			{"proxy", upstream, "--listen-any", "--listen", addr},
		} {
			errOut := startListener(t, args)
			m := warning.FindStringSubmatch(errOut)
			if (m != nil) != warns {
				t.Errorf("%v: stderr %q, want a warning: %v", args, errOut, warns)
				continue
			}
			if m != nil {
				if _, port, err := net.SplitHostPort(m[2]); err != nil || port == "0" {
					t.Errorf("%v: the warning names %s, want the address listened on, with its port", args, m[2])
				}
			}
		}
	}
}

// allLoopback reports whether every address is a loopback one.
func allLoopback(ips []net.IP) bool {
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false
		}
	}
	return true
}

// startListener starts what args name (demo-server, or a proxy) as the
// command does, stops it, and returns what it said on stderr.
func startListener(t *testing.T, args []string) string {
	t.Helper()
	if args[0] == "demo-server" {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		_, errOut, code := runCtx(t, ctx, args...)
		if code != exitOK {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
		return errOut
	}
	// The proxy as startHeadless starts it, on the address asked for.
	pf := proxyFlags{listen: args[4], listenAny: true, headless: true, noRecord: true}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	var errw syncBuffer
	run, err := startProxy(args[1], cf, &pf, &errw)
	if err != nil {
		t.Errorf("%v: %v", args, err)
		return ""
	}
	run.stop()
	return errw.String()
}
