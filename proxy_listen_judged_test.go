package main

import (
	"net"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The proxy's --listen refusal judges the address the system gave the
// listener, as its warning does: a name of this machine that resolves to
// 127.0.0.1 only (a hosts file's "127.0.0.1 vm") is loopback and needs no
// --listen-any, while 0.0.0.0 is every interface and is refused, with the
// listener closed. The refusal judged the host as typed and refused vm:0.
func TestProxyListenRefusalJudgesTheListener(t *testing.T) {
	stateDir(t)
	upstream := demotest.Start(t, demo.Options{}).URL

	_, errOut, code := run(t, "proxy", upstream, "--headless", "--no-record", "--listen", "0.0.0.0:0")
	if code != exitUsage || !strings.Contains(errOut, `--listen "0.0.0.0:0": every address is not loopback`) || !strings.Contains(errOut, "--listen-any") {
		t.Errorf("--listen 0.0.0.0:0: exit %d, stderr %q; want a usage error saying every address is not loopback and naming --listen-any", code, errOut)
	}

	host, err := os.Hostname()
	if err != nil || strings.EqualFold(host, "localhost") {
		t.Skipf("no host name other than localhost (%v)", err)
	}
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 || !allLoopback(ips) {
		t.Skipf("host name %s does not resolve to loopback only (%v %v)", host, ips, err)
	}
	addr := net.JoinHostPort(host, "0")
	pf := proxyFlags{listen: addr, headless: true, noRecord: true}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	var errw syncBuffer
	prun, err := startProxy(upstream, cf, &pf, &errw)
	if err != nil {
		t.Fatalf("--listen %s (resolves to %v) without --listen-any: %v, want it to listen", addr, ips, err)
	}
	defer prun.stop()
	if strings.Contains(errw.String(), "warning") {
		t.Errorf("--listen %s: stderr %q, want no warning for a loopback listener", addr, errw.String())
	}
	if !strings.HasPrefix(prun.base, "http://127.0.0.1:") {
		t.Errorf("--listen %s: clients are pointed at %s, want 127.0.0.1", addr, prun.base)
	}
}
