package main

import (
	"io"
	"testing"

	"github.com/spf13/cobra"
)

// tuiProxy starts a proxy in front of upstream as `mcpscope proxy` does
// for its TUI, with pf's flags and the connection flags' defaults, and
// stops it when the test ends.
func tuiProxy(t *testing.T, upstream string, pf proxyFlags) *proxyRun {
	t.Helper()
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxy(upstream, cf, &pf, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		run.sessions.unshow()
		run.stop()
	})
	return run
}

// startProxy checks pf's and cf's flags and starts the proxy, as `mcpscope
// proxy` does once it has a terminal or --headless.
func startProxy(url string, cf *connFlags, pf *proxyFlags, errw io.Writer) (*proxyRun, error) {
	cfg, err := proxyConfig(url, cf, pf)
	if err != nil {
		return nil, err
	}
	return startProxyRun(url, cfg, pf, errw)
}
